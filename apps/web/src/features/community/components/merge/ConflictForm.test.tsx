import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale, loadNamespaces } from '../../../../lib/i18n.ts';
import { ConflictForm } from './ConflictForm.tsx';

beforeAll(async () => {
  // jsdom has no matchMedia; MantineProvider reads the preferred colour scheme through it.
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  await loadNamespaces(['reviews']);
  await activateLocale('en-US');
});
afterEach(cleanup);

const conflicts = [
  { node_id: 'n1', fields: ['title', 'summary'] },
  { node_id: 'n2', fields: ['parent'] },
];
const titles: Record<string, string> = { n1: 'Vectors', n2: 'Matrices' };

function setup() {
  const onSubmit = vi.fn();
  render(
    <MantineProvider>
      <ConflictForm
        conflicts={conflicts}
        titleOf={(id) => titles[id] ?? id}
        fieldName={(field) => field}
        pending={false}
        onSubmit={onSubmit}
      />
    </MantineProvider>,
  );
  return { onSubmit };
}

/** the radio of one side within the node's fieldset (named by its legend) */
const choice = (node: string, side: RegExp) =>
  within(screen.getByRole('group', { name: node })).getByRole('radio', { name: side });

describe('resolving the conflicts of an accept', () => {
  it('lists each conflicting node by title with its fields and a mine/theirs choice', () => {
    setup();
    expect(screen.getAllByTestId('conflict-node')).toHaveLength(2);
    expect(screen.getByText('Vectors')).toBeTruthy();
    expect(screen.getByText(/title, summary/)).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.getAllByRole('radio', { name: /keep mine/i })).toHaveLength(2);
  });

  it('does not accept until every node has a side, and says which are missing', () => {
    const { onSubmit } = setup();
    fireEvent.click(choice('Vectors', /keep mine/i));
    fireEvent.click(screen.getByRole('button', { name: /accept/i }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText(/pick a side/i)).toHaveLength(1);
  });

  it('accepts with the side picked for each node', () => {
    const { onSubmit } = setup();
    fireEvent.click(choice('Vectors', /keep mine/i));
    fireEvent.click(choice('Matrices', /take theirs/i));
    fireEvent.click(screen.getByRole('button', { name: /accept/i }));
    expect(onSubmit).toHaveBeenCalledWith({ n1: 'mine', n2: 'theirs' });
  });
});
