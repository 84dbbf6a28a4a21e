import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Waits until the app (not a server error page) rendered its main landmark and the splash has gone. */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('#main-content').waitFor();
  await page.locator('#splash').waitFor({ state: 'detached' });
}

/**
 * The axe rules that depend on colour. A second colour scheme changes only colours (Mantine switches
 * CSS variables on `<html>`), never the DOM, so a page already checked in full in one scheme needs
 * only these in the other.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Resolves once every finite animation and transition on the page has ended (spinners run on). */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

async function axeFindings(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (rules) builder.withRules(rules);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`));
}

/**
 * Serious and critical axe findings on the page as it is now, as `rule: target — summary` lines so a
 * failure names the element. Waits for the app first and lets the page's entrance animations finish,
 * so the colours axe measures are the final ones. A finding must hold on a second look a moment later:
 * a toast that starts fading out while axe reads its colours is not a finding, a real one stays.
 * `rules` limits the pass to those rules (see COLOUR_RULES).
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  await waitForApp(page);
  await animationsSettled(page);
  const first = await axeFindings(page, rules);
  if (first.length === 0) return first;
  await page.waitForTimeout(1000);
  await animationsSettled(page);
  return axeFindings(page, rules);
}
