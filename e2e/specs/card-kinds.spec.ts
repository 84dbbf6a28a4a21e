// Card kinds through the UI (UI.md "Third wave", Cards): in learning mode a learner makes a cloze card
// by selecting words in the card editor and pressing Ctrl+Shift+C (on a phone, the button), sees the
// live preview of the card, makes an image-occlusion card from a pasted image by drawing rectangles
// (mouse on the desktop, touch on the phone) and deleting one with the keyboard, then reviews both:
// the gap and the mask are shown, and the answer is revealed in place. Desktop in en-US (light),
// 390 px phone in zh-CN (dark); axe clean. On the desktop a basic card also shows a picked image in its
// back, loaded by the image's capability URL.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import recallEn from '../../apps/web/src/i18n/recall/en-US.json' with { type: 'json' };
import recallZh from '../../apps/web/src/i18n/recall/zh-CN.json' with { type: 'json' };
import { seriousViolations } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { nodeTitled, selectNode } from '../support/editor.ts';
import { presetStorage, signInContext, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let diagram: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A "diagram": three coloured blocks on a light ground, as a PNG someone copied to the clipboard.
  const block = (color: string, left: number, top: number) => ({
    input: { create: { width: 120, height: 80, channels: 3 as const, background: color } },
    left,
    top,
  });
  diagram = (
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#f1f3f5' } })
      .composite([block('#e03131', 40, 40), block('#2f9e44', 240, 160), block('#1971c2', 440, 280)])
      .png()
      .toBuffer()
  ).toString('base64');
});
afterAll(async () => browser?.close());

/** Set CARDS_SCREENSHOTS=<folder> to keep screenshots of the editor and the review. */
const SHOTS = process.env.CARDS_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function learnerWithTree(tag: string): Promise<{ learner: ApiTokens; uuid: string }> {
  const learner = await signUpByEmail(`cards_${tag}_${Date.now().toString(36)}`);
  const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', learner.access, {
    title: `Biology ${tag}`,
    data: {
      format: 1,
      layout: { direction: 'TB' },
      nodes: [
        { id: 'root', parent_id: null, title: `Biology ${tag}` },
        { id: 'cells', parent_id: 'root', title: 'Cells', summary: 'What living things are made of.' },
      ],
      links: [],
    },
  });
  return { learner, uuid: tree.uuid };
}

interface Lane {
  phone: boolean;
  locale: 'en-US' | 'zh-CN';
  L: typeof recallEn;
}

async function learnerPage(tokens: ApiTokens, lane: Lane) {
  const { context, page, errors } = await newPage(browser, {
    locale: lane.locale,
    ...(lane.phone ? { width: 390, height: 844, colorScheme: 'dark' as const } : {}),
  });
  await presetStorage(context, { 'arbor.locale': lane.locale });
  const signedIn = await signInContext(context, tokens);
  await page.close();
  signedIn.on('pageerror', (e) => errors.push(e.message));
  return { page: signedIn, errors, context };
}

/** Pastes the diagram into the focused element, as Ctrl+V with an image on the clipboard does. */
async function pasteDiagram(page: Page) {
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'diagram.png', { type: 'image/png' }));
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, diagram);
}

/** Drags from one point to another of the stage (fractions of it): the mouse, or a finger on a phone. */
async function drag(page: Page, phone: boolean, from: [number, number], to: [number, number]) {
  const stage = page.getByTestId('occlusion-stage');
  // In the middle of the screen, clear of the toasts at its bottom.
  await stage.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await stage.boundingBox())!;
  const at = ([x, y]: [number, number]) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
  const [a, b] = [at(from), at(to)];
  if (!phone) {
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
    return;
  }
  // A finger: touch events, which Chromium turns into pointer events of type "touch".
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [a] });
  for (const step of [0.25, 0.5, 0.75, 1])
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: a.x + (b.x - a.x) * step, y: a.y + (b.y - a.y) * step }],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function makeAndReview(lane: Lane) {
  const { phone, L } = lane;
  const tag = phone ? 'phone' : 'desk';
  const { learner, uuid } = await learnerWithTree(tag);
  const { page, errors, context } = await learnerPage(learner, lane);
  try {
    await page.goto(`/trees/${uuid}?learn=1`);
    if (phone) {
      // On a phone the node panel is a drawer opened from the toolbar.
      await nodeTitled(page, 'Cells').click();
      await page.getByTestId('open-node-panel').click();
    } else await selectNode(page, 'Cells');
    const section = page.getByTestId('node-panel').getByTestId('cards-section');

    // Cloze: type a sentence, select "powerhouse" with the keyboard and wrap it.
    await section.getByTestId('card-add').click();
    const editor = section.getByTestId('card-add-form');
    await editor.getByText(L.kinds.cloze, { exact: true }).click();
    const text = editor.getByTestId('cloze-text');
    await text.fill('The mitochondrion is the powerhouse of the cell.');
    await text.press('End');
    for (let i = 0; i < ' of the cell.'.length; i++) await text.press('ArrowLeft');
    for (let i = 0; i < 'powerhouse'.length; i++) await text.press('Shift+ArrowLeft');
    if (phone) await editor.getByTestId('cloze-wrap').click();
    else await text.press('Control+Shift+C');
    await expect.poll(() => text.inputValue()).toBe('The mitochondrion is the {{c1::powerhouse}} of the cell.');
    // The live preview shows the card with its gap.
    const preview = editor.getByTestId('cloze-preview');
    await expect.poll(() => preview.count()).toBe(1);
    expect(await preview.getByTestId('cloze-gap').textContent()).toBe('[…]');
    expect(await preview.textContent()).toContain('The mitochondrion is the');
    await shot(page, `editor-cloze-${tag}`);
    expect(await seriousViolations(page)).toEqual([]);
    await editor.getByTestId('card-submit').click();
    await expect.poll(() => section.getByTestId('card-row').count()).toBe(1);

    // Image occlusion: paste the diagram, draw two rectangles, delete the second with the keyboard.
    await section.getByTestId('card-add').click();
    const second = section.getByTestId('card-add-form');
    await second.getByText(L.kinds.occlusion, { exact: true }).click();
    await second.getByTestId('occlusion-paste').focus();
    await pasteDiagram(page);
    await page.getByTestId('occlusion-stage').locator('img').waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="occlusion-stage"] img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    await drag(page, phone, [0.05, 0.08], [0.3, 0.32]);
    await drag(page, phone, [0.4, 0.4], [0.62, 0.62]);
    const masks = second.getByTestId('occlusion-edit-mask');
    await expect.poll(() => masks.count()).toBe(2);
    await masks.nth(1).focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => masks.count()).toBe(1);
    expect(await second.getByTestId('occlusion-count').textContent()).toBe(fill(L.kinds.maskCount_one, { count: 1 }));
    await shot(page, `editor-occlusion-${tag}`);
    expect(await seriousViolations(page)).toEqual([]);
    await second.getByTestId('card-submit').click();
    await expect.poll(() => section.getByTestId('card-row').count()).toBe(2);

    if (!phone) {
      // A basic card whose back shows a picked image (Markdown with the image's capability URL).
      await section.getByTestId('card-add').click();
      const third = section.getByTestId('card-add-form');
      await third.getByTestId('card-front-input').fill('Which block is green?');
      const chooser = page.waitForEvent('filechooser');
      await third.getByTestId('card-insert-image').click();
      await (
        await chooser
      ).setFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: Buffer.from(diagram, 'base64') });
      await expect.poll(() => third.getByTestId('card-back-input').inputValue()).toMatch(/^!\[\]\(http.+\.webp\)$/);
      await third.getByTestId('card-submit').click();
      await expect.poll(() => section.getByTestId('card-row').count()).toBe(3);
    }

    // The review: the cloze card first (made first), then the occlusion card.
    await page.goto('/learn/review');
    const front = page.getByTestId('review-front');
    await front.getByTestId('cloze-gap').waitFor();
    expect(await front.getByTestId('cloze-gap').textContent()).toBe('[…]');
    expect(await front.textContent()).not.toContain('powerhouse');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `review-cloze-${tag}`);
    if (phone) await page.getByTestId('review-show-answer').click();
    else await page.keyboard.press('Space');
    await front.getByTestId('cloze-answer').waitFor();
    expect(await front.getByTestId('cloze-answer').textContent()).toBe('powerhouse');
    expect(await front.getByTestId('cloze-gap').count()).toBe(0);
    await shot(page, `review-cloze-revealed-${tag}`);
    // Easy: both cards leave today's session, which then ends.
    await page.getByTestId('review-grade-4').click();

    await front.getByTestId('occlusion-asked').waitFor();
    expect(await front.getByTestId('occlusion-revealed').count()).toBe(0);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="occlusion-image"] img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    await shot(page, `review-occlusion-${tag}`);
    expect(await seriousViolations(page)).toEqual([]);
    if (phone) await page.getByTestId('review-show-answer').click();
    else await page.keyboard.press('Space');
    await front.getByTestId('occlusion-revealed').waitFor();
    expect(await front.getByTestId('occlusion-asked').count()).toBe(0);
    await shot(page, `review-occlusion-revealed-${tag}`);
    await page.getByTestId('review-grade-4').click();
    if (!phone) {
      await front.getByText('Which block is green?').waitFor();
      await page.keyboard.press('Space');
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="review-back"] img');
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      await page.getByTestId('review-grade-4').click();
    }
    await page.getByTestId('review-done').waitFor();
    expect(errors).toEqual([]);
  } catch (error) {
    await shot(page, `failure-${tag}`);
    throw error;
  } finally {
    await context.close();
  }
}

describe('card kinds', () => {
  it('makes a cloze and an occlusion card on the desktop and reviews both in place (en-US)', async () => {
    await makeAndReview({ phone: false, locale: 'en-US', L: recallEn });
  }, 240_000);

  it('does the same by touch on a 390 px phone in the dark scheme (zh-CN)', async () => {
    await makeAndReview({ phone: true, locale: 'zh-CN', L: recallZh });
  }, 240_000);
});
