// Every e2e spec fails on an uncaught page error or a console error in any page it opened (issue 18:
// broken flows once shipped green because nothing watched the console). Pages are watched from the
// contexts `newPage` makes; the check runs after each test, so errors raised while a `beforeAll`
// prepared a page are charged to the first test.
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import { traceContext } from './failure-report.ts';

/**
 * Console errors a spec may cause on purpose, by message. A 4xx answer is how the API refuses bad
 * input (a wrong code, a stale If-Match, a page that does not exist): the UI shows it, and Chromium
 * also logs the failed request. Answers of 5xx, script errors and React warnings are never allowed.
 */
const EXPECTED: RegExp[] = [/^Failed to load resource: the server responded with a status of 4\d\d\b/];

let unseen: string[] = [];
let allowedInTest: RegExp[] = [];

function record(page: Page, kind: string, text: string) {
  if (EXPECTED.some((pattern) => pattern.test(text))) return;
  if (allowedInTest.some((pattern) => pattern.test(text))) return;
  let where = '';
  try {
    where = new URL(page.url()).pathname;
  } catch {
    // a page without a URL yet
  }
  unseen.push(`${kind} on ${where || 'a new page'}: ${text}`);
}

function watchPage(page: Page) {
  page.on('pageerror', (error) => record(page, 'page error', error.message));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') record(page, 'console error', message.text());
  });
}

/** Watches every page the context opens (call before its first page). */
export function guardContext(context: BrowserContext): void {
  context.on('page', watchPage);
  traceContext(context);
}

/** Lets the current test cause console errors matching `patterns` (say why where you call it). */
export function allowConsoleErrors(...patterns: RegExp[]): void {
  allowedInTest.push(...patterns);
}

function check() {
  const errors = unseen;
  unseen = [];
  allowedInTest = [];
  if (errors.length) throw new Error(`The pages logged errors:\n${errors.join('\n')}`);
}

afterEach(check);
afterAll(check);
