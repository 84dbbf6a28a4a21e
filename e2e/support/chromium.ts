import { chromium, type BrowserServer } from 'playwright-core';

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

/** Debian's Chromium, headless, never a downloaded browser. */
export const LAUNCH_OPTIONS = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true };

/** One per lane, launched by global setup; the lane's spec files connect to it (support/browser.ts). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}
