import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { animationsSettled } from './browser.ts';

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

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page as it is now. The script goes in once per document and later runs reuse
 * it: @axe-core/playwright injects it again on every run and finishes each in a blank page of its
 * own, which cost a second or two per check on this machine. The app draws no iframes, so one
 * document is the whole page.
 */
export async function runAxe(page: Page, options: RunOptions & { include?: string } = {}): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const { include, ...runOptions } = options;
  return page.evaluate(
    ([selector, opts]) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe;
      return axe.run(selector ? { include: [[selector]] } : document, opts);
    },
    [include ?? null, { ...runOptions, resultTypes: ['violations'] }] as const,
  );
}

/** Serious and critical findings as `rule: target — summary` lines, so a failure names the element. */
export function seriousOnes(results: AxeResults): string[] {
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`));
}

const axeFindings = async (page: Page, rules?: string[]) =>
  seriousOnes(await runAxe(page, rules ? { runOnly: { type: 'rule', values: rules } } : {}));

/**
 * Serious and critical axe findings on the page as it is now. Waits for the app first and lets the
 * page's entrance animations finish, so the colours axe measures are the final ones. A finding must
 * hold on a second look a moment later: a toast that starts fading out while axe reads its colours is
 * not a finding, a real one stays. `rules` limits the pass to those rules (see COLOUR_RULES).
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

/** Serious axe findings in light, then the colour rules again in dark (the scheme follows the system). */
export async function axeBothSchemes(page: Page): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await seriousViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await seriousViolations(page, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: 'light' });
  return [...light, ...dark.map((line) => `dark: ${line}`)];
}
