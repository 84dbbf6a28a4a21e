import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled, launchBrowser, newPage } from '../support/browser.ts';
import { presetStorage } from '../support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

// Keys of the web app's namespaces look like `home:hero.title` or `hero.title`; none may reach the screen.
const RAW_KEY =
  /\b(common|shell|home|settings|errors):[\w.-]+|\b(hero|features|nav|routes|footer|palette|account)\.[\w.-]+/;

describe('home page screenshots (looked at by a person; checked here for overflow and raw keys)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      for (const width of [1280, 390]) {
        it(`home in ${scheme}, ${locale}, ${width}px wide has no horizontal overflow and no untranslated key`, async () => {
          const { context, page, errors } = await newPage(browser, { colorScheme: scheme, locale, width, height: 900 });
          await presetStorage(context, { 'arbor.locale': locale });
          await page.goto('/');
          // The app itself rendered (not a server error page), and the splash has gone.
          await page.locator('#main-content').waitFor();
          await page.locator('#splash').waitFor({ state: 'detached' });
          await animationsSettled(page);
          await page.screenshot({ path: `/tmp/arbor-shell-home-${scheme}-${locale}-${width}.png`, fullPage: true });
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
          expect(errors).toEqual([]);
          await context.close();
        });
      }
    }
  }
});
