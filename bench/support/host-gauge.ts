// How fast this machine gives the browser new memory: the cost of the first touch of a page of it.
//
// These machines are virtual, and some hosts back a machine's memory only as it is touched, and take back what it
// frees. A first touch then costs ~10 µs instead of 1–2 µs, and a browser, which touches new memory all the
// time (its heaps, every layout), runs pages several times slower, while Lighthouse's own CPU figure (its
// `benchmarkIndex`, a loop that allocates nothing) reads the same. On 2026-12-07 such a machine scored every
// Lighthouse figure ~3× worse than another had three hours before, for the same build. The bench measures it
// beside the figures, so that a reader can tell such a host from a slower app.
import type { Browser } from 'puppeteer-core';

/**
 * Above this, the machine's memory is slow to come. In the browser a healthy host takes 1–2 µs a page (0.2–0.5 µs
 * in a C loop); the slow hosts seen took 10–19 µs.
 */
export const SLOW_PAGE_TOUCH_US = 4;

/** Microseconds to touch one new 4 KiB page in the browser (median of three 128 MiB buffers). */
export async function pageTouchMicros(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      runs.push(
        await page.evaluate(() => {
          const size = 128 * 1024 * 1024;
          const started = performance.now();
          const buffer = new Uint8Array(size);
          for (let at = 0; at < size; at += 4096) buffer[at] = 1;
          return ((performance.now() - started) * 1000) / (size / 4096);
        }),
      );
    }
    return Math.round(runs.sort((a, b) => a - b)[1]! * 100) / 100;
  } finally {
    await page.close();
  }
}
