// When a test fails, what each page it left open showed: its address, its open dialogs, the text of its main
// region and its last API answers. A timeout says only which locator never appeared; on CI, where a failure
// cannot be watched again, this is what tells a slow answer from a lost click or a page that went elsewhere.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach } from 'vitest';

const LAST_ANSWERS = 15;
const TEXT_CHARS = 1500;
/** A page too busy to answer within this is reported without its content. */
const READ_TIMEOUT_MS = 3000;

const pages = new Set<Page>();
const answers = new WeakMap<Page, string[]>();

function remember(page: Page, line: string) {
  const list = answers.get(page);
  if (!list) return;
  list.push(line);
  if (list.length > LAST_ANSWERS) list.shift();
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** Keeps what `report` prints for every page the context opens (call before its first page). */
export function traceContext(context: BrowserContext): void {
  context.on('page', (page) => {
    pages.add(page);
    answers.set(page, []);
    page.on('close', () => pages.delete(page));
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/'))
        remember(page, `${response.status()} ${response.request().method()} ${pathOf(response.url())}`);
    });
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/'))
        remember(page, `failed ${request.method()} ${pathOf(request.url())}: ${request.failure()?.errorText ?? ''}`);
    });
  });
}

interface Seen {
  dialogs: string[];
  text: string;
}

async function read(page: Page): Promise<Seen | null> {
  const seen = page.evaluate((max) => {
    const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
    const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => squeeze(el.innerText).slice(0, 300));
    const main = document.querySelector<HTMLElement>('main') ?? document.body;
    return { dialogs, text: squeeze(main.innerText).slice(0, max) };
  }, TEXT_CHARS);
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), READ_TIMEOUT_MS));
  return Promise.race([seen.catch(() => null), late]);
}

async function report(): Promise<void> {
  for (const page of pages) {
    if (page.isClosed()) continue;
    const seen = await read(page);
    const lines = [`--- page ${pathOf(page.url() || 'about:blank')} when the test failed`];
    if (seen) {
      lines.push(`dialogs: ${seen.dialogs.length ? seen.dialogs.map((d) => `[${d}]`).join(' ') : 'none'}`);
      lines.push(`main: ${seen.text}`);
    } else lines.push('(the page did not answer)');
    lines.push(`last API answers: ${(answers.get(page) ?? []).join(' | ') || 'none'}`);
    console.error(lines.join('\n'));
  }
}

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await report();
});
