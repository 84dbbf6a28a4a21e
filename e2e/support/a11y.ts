import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Waits until the app (not a server error page) rendered its main landmark and the splash has gone. */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('#main-content').waitFor();
  await page.locator('#splash').waitFor({ state: 'detached' });
}

/**
 * Serious and critical axe findings on the page as it is now, as `rule: target — summary` lines so a
 * failure names the element. Waits for the app first and lets the page's entrance animation finish,
 * so the colours axe measures are the final ones.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await waitForApp(page);
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`));
}
