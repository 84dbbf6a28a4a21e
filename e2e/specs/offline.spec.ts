// Arbor on a phone (issue #35, UI.md "Third wave": Offline): the app is installable (a web manifest
// with its icons and shortcuts, and a service worker that controls the page), and once the worker has
// installed, the app's pages open without a connection: the shell and the page's code come from the
// precache, desktop and 390 px phone, zh-CN and en-US. A review session survives a reload without a
// connection: four cards graded with the keyboard wait as "4 pending" and reach the server, each once,
// when the connection returns.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import aboutEn from '../../apps/web/src/i18n/about/en-US.json' with { type: 'json' };
import aboutZh from '../../apps/web/src/i18n/about/zh-CN.json' with { type: 'json' };
import recallEn from '../../apps/web/src/i18n/recall/en-US.json' with { type: 'json' };
import { api } from '../support/api.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { launchBrowser } from '../support/browser.ts';
import { deckOfFour, gradeGoodByKeyboard } from '../support/offline.ts';
import { allowConsoleErrors } from '../support/error-guard.ts';
import { signedInPage } from '../support/session.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts: { name: string; url: string }[];
}

describe('installable and offline', () => {
  for (const { locale, width, about } of [
    { locale: 'en-US', width: 1280, about: aboutEn },
    { locale: 'zh-CN', width: 390, about: aboutZh },
  ]) {
    it(`meets the install criteria and opens a page offline (${locale}, ${width} px)`, async () => {
      // Pages loaded without a connection log their failed requests.
      allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
      const learner = await signUpByEmail(`offline_${locale}_${Date.now().toString(36)}`);
      const { page, context } = await signedInPage(browser, learner, {
        locale,
        width,
        height: 860,
        serviceWorkers: 'allow',
      });
      await page.goto('/about');
      await page.getByRole('heading', { name: about.title }).waitFor();

      // The manifest is linked and complete enough to install.
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      const manifest = (await (await page.request.get(href!)).json()) as WebManifest;
      expect(manifest).toMatchObject({ short_name: 'Arbor', start_url: '/learn', display: 'standalone' });
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) {
        const res = await page.request.get(icon.src);
        expect(res.headers()['content-type']).toBe('image/png');
      }
      expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/learn/review', '/trees']);

      // A service worker controls the page once it has installed (the precache is complete then).
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

      // Offline, the page comes back from the service worker.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: about.title }).waitFor();
      await page.screenshot({ path: `/tmp/offline2-about-${locale}-${width}.png` });
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      await context.close();
    });
  }

  it('reviews four cards offline after a reload and syncs them once the connection returns', async () => {
    allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
    const learner = await signUpByEmail(`offline_review_${Date.now().toString(36)}`);
    const ids = await deckOfFour(learner.access);
    const { page, context } = await signedInPage(browser, learner, { locale: 'en-US', serviceWorkers: 'allow' });
    // Online first: the session keeps its cards on the device, and the service worker takes the page.
    await page.goto('/learn/review');
    await page.getByRole('button', { name: recallEn.review.showAnswer }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

    await context.setOffline(true);
    await page.reload();
    await gradeGoodByKeyboard(page, recallEn.review.showAnswer, 4);
    const pending = page.getByTestId('review-pending');
    await pending.getByText(recallEn.review.pending_other.replace('{{count}}', '4')).waitFor();

    await context.setOffline(false);
    // the session goes on meanwhile (the card in front stays), and the banner leaves once all four are in
    await page.getByTestId('review-front').waitFor();
    await pending.waitFor({ state: 'detached', timeout: 30_000 });
    const cards = await Promise.all(
      ids.map((id) => api<{ reps: number; state: string }>('GET', `/api/learn/cards/${id}/`, learner.access)),
    );
    // Good on a new card: one review each, in its learning steps.
    expect(cards.map((c) => [c.reps, c.state])).toEqual(Array.from({ length: 4 }, () => [1, 'learning']));
    // Another sync sends nothing again.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const again = await Promise.all(
      ids.map((id) => api<{ reps: number }>('GET', `/api/learn/cards/${id}/`, learner.access)),
    );
    expect(again.map((c) => c.reps)).toEqual([1, 1, 1, 1]);
    await context.close();
  });
});
