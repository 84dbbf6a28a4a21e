import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { guardContext } from './error-guard.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** This worker's lane: vitest numbers its workers 1…maxWorkers, one lane each (e2e/lanes.ts). */
const lane = (servers: string[]) => servers[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers.length]!;
/** The base URL of this lane's server, started by global setup with `npm start`. */
export const baseURL = () => lane(inject('baseURLs'));
/** That server's data folder (the outbox of one-time codes lives in it). */
export const dataDir = () => lane(inject('dataDirs'));

/** Debian's Chromium, headless, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface PageOptions {
  locale?: string;
  colorScheme?: 'light' | 'dark';
  width?: number;
  height?: number;
  /** the browser's IANA time zone (the machine's, UTC on CI, unless given) */
  timezoneId?: string;
  /**
   * The app's service worker: blocked unless a spec is about it (`offline.spec.ts`). Installed, it
   * precaches 3.4 MB after every fresh context's first page, which every other spec would wait behind.
   */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * A fresh context (own storage) and page against the server. Its uncaught errors are collected in
 * `errors`, and every page of the context is watched by the error guard (a console error fails the test).
 */
export async function newPage(
  browser: Browser,
  opts: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: opts.locale ?? 'zh-CN',
    colorScheme: opts.colorScheme ?? 'light',
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
    serviceWorkers: opts.serviceWorkers ?? 'block',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  guardContext(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/**
 * Resolves once the page has painted two more frames: whatever an input event just handed to React
 * (a render, an effect, a `requestAnimationFrame` it scheduled) is on screen.
 */
export async function afterPaint(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Resolves once no finite CSS transition or animation is running on the page (a modal's or a page's
 * entrance, a colour-scheme change); endless ones (loaders) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
