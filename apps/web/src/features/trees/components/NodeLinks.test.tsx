import { fillBrowserGaps } from '../../../testing/browser-gaps.ts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../lib/i18n.ts';
import type { TreeDocument } from '../model/tree-document.ts';
import type { EditorCommands } from '../state/commands.ts';
import { NodeLinks } from './NodeLinks.tsx';

beforeAll(async () => {
  fillBrowserGaps();
  Element.prototype.scrollIntoView ??= () => undefined;
  await activateLocale('en-US');
});
afterEach(cleanup);

const doc = (links: TreeDocument['links'] = []) =>
  ({
    format: 1,
    layout: { direction: 'TB' },
    unlock: 'links',
    nodes: [
      { id: 'root', parent_id: null, title: 'Web' },
      { id: 'html', parent_id: 'root', title: 'HTML' },
      { id: 'js', parent_id: 'root', title: 'JavaScript' },
    ],
    links,
  }) as unknown as TreeDocument;

function setup(links: TreeDocument['links'] = []) {
  const link = vi.fn(() => true);
  const commands = { link, unlink: vi.fn(() => true) } as unknown as EditorCommands;
  render(
    <MantineProvider>
      <NodeLinks doc={doc(links)} nodeId="js" commands={commands} readOnly={false} />
    </MantineProvider>,
  );
  return { link };
}

/** The Select's input (its list of options carries the same label). */
const selectInput = (label: string) =>
  screen.getAllByLabelText(label).find((el): el is HTMLInputElement => el instanceof HTMLInputElement)!;

async function choose(label: string, option: string) {
  fireEvent.click(selectInput(label));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('NodeLinks', () => {
  it('makes "JavaScript needs HTML first" the link HTML → JavaScript, and says HTML comes first', async () => {
    const { link } = setup();
    fireEvent.click(screen.getByTestId('add-link'));
    expect(selectInput('Relation')).toHaveProperty('value', 'needs first');
    await choose('Choose a skill…', 'HTML');
    expect(screen.getByTestId('link-sentence').textContent).toBe('HTML before JavaScript');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(link).toHaveBeenCalledWith('html', 'js', 'prerequisite');
  });

  it('makes "JavaScript comes before HTML" the link JavaScript → HTML', async () => {
    const { link } = setup();
    fireEvent.click(screen.getByTestId('add-link'));
    await choose('Relation', 'comes before');
    await choose('Choose a skill…', 'HTML');
    expect(screen.getByTestId('link-sentence').textContent).toBe('JavaScript before HTML');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(link).toHaveBeenLastCalledWith('js', 'html', 'prerequisite');
  });

  it('names the direction of each stored link in words', () => {
    setup([
      { source: 'html', target: 'js', kind: 'prerequisite' },
      { source: 'js', target: 'root', kind: 'related' },
    ]);
    expect(screen.getAllByTestId('link-line').map((el) => el.textContent)).toEqual([
      'HTML before JavaScript',
      'JavaScript and Web are related',
    ]);
  });
});
