// Anki import through the UI (UI.md "Third wave", Cards): from /learn a learner opens "Import from
// Anki", picks an .apkg written by a third-party writer (the npm package anki-apkg-export), names the
// new tree, watches the progress bar while the job runs, reads the summary and opens the tree, whose
// nodes are the deck's levels. Desktop in en-US (light), 390 px phone in zh-CN (dark); axe clean.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AnkiExport from 'anki-apkg-export';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import recallEn from '../../apps/web/src/i18n/recall/en-US.json' with { type: 'json' };
import recallZh from '../../apps/web/src/i18n/recall/zh-CN.json' with { type: 'json' };
import { seriousViolations } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { nodeTitled } from '../support/editor.ts';
import { presetStorage, signInContext } from '../support/session.ts';

let browser: Browser;
let deck: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  const flag = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#c60b1e' } })
    .png()
    .toBuffer();
  const writer = new AnkiExport('Languages::Spanish');
  writer.addMedia('flag.png', flag);
  writer.addCard('<b>hola</b>', 'hello <img src="flag.png">');
  writer.addCard('adiós', 'goodbye');
  writer.addCard('gato', 'cat');
  deck = Buffer.from(await writer.save());
});
afterAll(async () => browser?.close());

/** Set ANKI_SCREENSHOTS=<folder> to keep screenshots of the import page. */
const SHOTS = process.env.ANKI_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

interface Lane {
  phone: boolean;
  locale: 'en-US' | 'zh-CN';
  L: typeof recallEn;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function importThroughUi(lane: Lane) {
  const { phone, L } = lane;
  const tag = phone ? 'phone' : 'desk';
  const learner = await signUpByEmail(`anki_${tag}_${Date.now().toString(36)}`);
  const {
    context,
    page: blank,
    errors,
  } = await newPage(browser, {
    locale: lane.locale,
    ...(phone ? { width: 390, height: 844, colorScheme: 'dark' as const } : {}),
  });
  await presetStorage(context, { 'arbor.locale': lane.locale });
  const page = await signInContext(context, learner);
  await blank.close();
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/learn');
  await page.getByTestId('anki-import-link').click();
  await page.getByRole('heading', { name: L.anki.title }).waitFor();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'spanish.apkg',
    mimeType: 'application/octet-stream',
    buffer: deck,
  });
  const title = `Spanish ${tag}`;
  await page.getByLabel(L.anki.treeTitle).fill(title);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `anki-form-${tag}`);

  // The first status answer is held until the progress bar has been seen: the job may finish quickly.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    /\/api\/learn\/import\/[0-9a-f-]{36}\/$/,
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await page.getByTestId('anki-start').click();
  // The bar is there from the start (at 0 % its filled part has no width, so it counts as hidden).
  await page.getByTestId('anki-import-progress').waitFor();
  await page.getByRole('progressbar', { name: L.anki.progress }).waitFor({ state: 'attached' });
  await shot(page, `anki-progress-${tag}`);
  release();

  const summary = page.getByTestId('anki-import-summary');
  await summary.waitFor({ timeout: 30_000 });
  await summary.getByText(fill(L.anki.cards_other, { count: 3 })).waitFor();
  await summary.getByText(fill(L.anki.nodes_other, { count: 2 })).waitFor();
  await summary.getByText(fill(L.anki.images_one, { count: 1 })).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `anki-summary-${tag}`);

  await summary.getByRole('link', { name: L.anki.open }).click();
  await page.waitForURL(/\/trees\/[0-9a-f-]{36}$/);
  await nodeTitled(page, 'Spanish').first().waitFor({ timeout: 20_000 });
  await nodeTitled(page, 'Languages').first().waitFor();
  expect(errors).toEqual([]);
  await context.close();
}

describe('Anki import', () => {
  it('imports an .apkg with a progress bar and opens the tree: desktop, en-US', async () => {
    await importThroughUi({ phone: false, locale: 'en-US', L: recallEn });
  });

  it('imports an .apkg with a progress bar and opens the tree: 390 px phone, zh-CN, dark', async () => {
    await importThroughUi({ phone: true, locale: 'zh-CN', L: recallZh as typeof recallEn });
  });
});
