// The offline review's header indicator and Settings → Offline (issue #35, UI.md "Third wave": Offline),
// desktop en-US and 390 px zh-CN: online, the device keeps the cards of the next days; offline, four
// cards graded after a reload make the header say "Offline · 4 to sync"; back online they sync and the
// header says "Synced"; Settings → Offline lists the kept cards and the grades waiting, and "Clear offline
// data" (confirmed) empties it. Axe-clean in light and dark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeBothSchemes } from '../support/a11y.ts';
import { api } from '../support/api.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { launchBrowser } from '../support/browser.ts';
import { deckOfFour, gradeGoodByKeyboard } from '../support/offline.ts';
import { allowConsoleErrors } from '../support/error-guard.ts';
import { message, type Locale } from '../support/i18n.ts';
import { signedInPage } from '../support/session.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The value beside `label` in Settings → Offline. */
const storedValue = (page: Page, label: string) =>
  page.getByTestId('offline-settings').getByRole('row', { name: label }).getByRole('cell');

describe('offline indicator and Settings → Offline', () => {
  for (const { locale, width } of [
    { locale: 'en-US' as Locale, width: 1280 },
    { locale: 'zh-CN' as Locale, width: 390 },
  ]) {
    it(`shows offline, the grades to sync and synced, then lists and clears what is kept (${locale}, ${width} px)`, async () => {
      allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
      const m = (ns: string, key: string, values?: Record<string, string | number>) => message(locale, ns, key, values);
      const learner = await signUpByEmail(`offsync_${locale}_${Date.now().toString(36)}`);
      await deckOfFour(learner.access);
      const { page, context } = await signedInPage(browser, learner, {
        locale,
        width,
        height: 860,
        serviceWorkers: 'allow',
      });
      await page.goto('/learn/review');
      await page.getByRole('button', { name: m('recall', 'review.showAnswer') }).waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 90_000 });

      // The cards of the next days are kept: Settings → Offline says so.
      await page.goto('/settings#offline-settings');
      await storedValue(page, m('offline', 'settings.cards')).getByText('4', { exact: true }).waitFor();

      await context.setOffline(true);
      await page.goto('/learn/review');
      await gradeGoodByKeyboard(page, m('recall', 'review.showAnswer'), 4);
      const label = `${m('offline', 'status.label')}: ${m('offline', 'status.offline')} · ${m('offline', 'status.pending_other', { count: 4 })}`;
      const indicator = page.getByRole('button', { name: label });
      await indicator.waitFor();
      // a screen reader hears it: the indicator has a polite status region
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: m('offline', 'status.offline') })
          .count(),
      ).toBeGreaterThan(0);
      // the header fits: nothing scrolls sideways, on a phone too
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll('.arbor-header :is(a, button)')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth)
          .map((el) => el.getAttribute('aria-label') ?? el.textContent),
      );
      expect(outside).toEqual([]);
      await page.screenshot({ path: `/tmp/offsync-indicator-offline-${locale}-${width}.png` });
      // keyboard: the indicator is reachable and says what it is
      await indicator.focus();
      expect(await indicator.evaluate((el) => el === document.activeElement)).toBe(true);

      await context.setOffline(false);
      await page
        .getByRole('button', { name: `${m('offline', 'status.label')}: ${m('offline', 'status.synced')}` })
        .waitFor({
          timeout: 30_000,
        });
      await page.screenshot({ path: `/tmp/offsync-indicator-synced-${locale}-${width}.png` });
      const cards = await api<{ results: { reps: number }[] }>('GET', '/api/learn/cards/', learner.access);
      expect(cards.results.map((c) => c.reps)).toEqual([1, 1, 1, 1]);

      // Settings → Offline: the kept cards, nothing waiting; clearing asks first.
      await page.goto('/settings#offline-settings');
      const section = page.getByTestId('offline-settings');
      await storedValue(page, m('offline', 'settings.cards')).getByText('4', { exact: true }).waitFor();
      await storedValue(page, m('offline', 'settings.pending')).getByText('0', { exact: true }).waitFor();
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/offsync-settings-${locale}-${width}.png` });
      expect(await axeBothSchemes(page)).toEqual([]);
      await section.getByRole('button', { name: m('offline', 'settings.clear') }).click();
      const dialog = page.getByRole('dialog', { name: m('offline', 'settings.confirmTitle') });
      await dialog.getByText(m('offline', 'settings.confirmBody')).waitFor();
      await dialog.getByRole('button', { name: m('offline', 'settings.clear') }).click();
      await page.getByText(m('offline', 'settings.cleared')).waitFor();
      await storedValue(page, m('offline', 'settings.cards')).getByText('0', { exact: true }).waitFor();
      await context.close();
    }, 300_000);
  }
});
