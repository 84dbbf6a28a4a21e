import type { Locator, Page } from 'playwright-core';

/** The canvas node whose title is exactly `title`. */
export const nodeTitled = (page: Page, title: string): Locator =>
  page.getByTestId('skill-node').filter({ has: page.getByTestId('node-title').getByText(title, { exact: true }) });

/** Selects a node through the editor's search box (which also brings it on screen) and waits for the keyboard to reach the canvas. */
export async function selectNode(page: Page, title: string): Promise<void> {
  const search = page.getByTestId('node-search');
  await search.fill(title);
  await search.press('Enter');
  await page.getByTestId('node-panel').getByRole('heading', { name: title, exact: true }).waitFor();
  // The editor hands the focus from the search box to the canvas just after the jump; keyboard
  // shortcuts sent before that would go to the search box.
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') !== 'node-search');
}

/** Types a title into the node being edited (after Tab, Enter or F2) and commits it with Enter. */
export async function typeTitle(page: Page, title: string): Promise<void> {
  const input = page.getByTestId('node-title-input');
  await input.waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'node-title-input');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'detached' });
}

/** The autosave state badge: `saved`, `pending`, `saving`, `offline`, `conflict` or `error`. */
export async function waitSaveStatus(page: Page, status: string, timeout = 15_000): Promise<void> {
  await page.locator(`[data-testid="save-status"][data-status="${status}"]`).waitFor({ timeout });
}

/**
 * The canvas node showing `title`, however it is drawn: a full card, or the simple pill of a zoomed-out
 * canvas (a phone's, a large tree's), which has no `skill-node` parts.
 */
export const canvasNode = (page: Page, title: string): Locator =>
  page.locator('.react-flow__node').filter({ has: page.getByText(title, { exact: true }) });
