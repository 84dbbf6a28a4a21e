import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { LAUNCH_OPTIONS } from './chromium.ts';
import { guardContext } from './error-guard.ts';

/** This worker's lane: vitest numbers its workers 1…maxWorkers, one lane each (e2e/lanes.ts). */
const lane = (servers: string[]) => servers[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers.length]!;
/** The base URL of this lane's server, started by global setup with `npm start`. */
export const baseURL = () => lane(inject('baseURLs'));
/** That server's data folder (the outbox of one-time codes lives in it). */
export const dataDir = () => lane(inject('dataDirs'));

/**
 * This lane's Chromium, for one spec file. A browser's start and its first page cost ~3 s of CPU on
 * this machine beyond any later page's, so the spec files of a lane share one; each connects, and its
 * `close()` closes only the contexts it opened. Outside the e2e project (no endpoint), a browser of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoints = inject('browserEndpoints') ?? [];
  return endpoints.length > 0 ? chromium.connect(lane(endpoints)) : chromium.launch(LAUNCH_OPTIONS);
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

/**
 * The bytes of a file the page downloaded. The browser is the lane's, reached over a connection, so
 * the file is copied here first (`path()` is the browser's side).
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'arbor-e2e-download-'));
  try {
    const file = path.join(folder, download.suggestedFilename() || 'download');
    await download.saveAs(file);
    return await readFile(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A downloaded text file (UTF-8). */
export const downloadedText = async (download: Download): Promise<string> =>
  (await downloadedBytes(download)).toString('utf8');
