// Choosing a file to import, as the file picker hands it to the page.
import type { Page } from 'playwright-core';

/** A file for `setInputFiles`: `value` as pretty JSON, or a string as it is (a broken file). */
export const jsonFile = (name: string, value: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value, null, 2)),
});

/** On My trees: New tree → Import a file (JSON, OPML or Canvas; the dialog then waits for a file). */
export async function openJsonImport(page: Page): Promise<void> {
  await page.getByTestId('new-tree').click();
  await page.getByTestId('new-json').click();
}
