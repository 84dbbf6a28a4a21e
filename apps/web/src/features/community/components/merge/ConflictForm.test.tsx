import type { TreeDocument } from '@arbor/tree-core';
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

const labels = {
  title: 'Conflicts',
  intro: 'Choose for each node.',
  mine: 'Keep mine',
  theirs: 'Take theirs',
  submit: 'Accept with these choices',
};

/** A document of `nodes` (id, parent, title and other fields) under a root, with `links`. */
const doc = (nodes: Array<Record<string, unknown>>, links: TreeDocument['links'] = []) =>
  ({
    format: 1,
    layout: { direction: 'TB' },
    unlock: 'links',
    nodes: [{ id: 'root', parent_id: null, title: 'Linear algebra' }, ...nodes],
    links,
  }) as unknown as TreeDocument;

const mine = doc(
  [
    { id: 'n1', parent_id: 'root', title: 'Vectors', summary: 'Arrows with a **length**' },
    { id: 'n2', parent_id: 'n1', title: 'Matrices' },
    {
      id: 'n3',
      parent_id: 'root',
      title: 'Determinants',
      content: '# Why\n\nThey measure *volume*. ' + 'x'.repeat(300),
    },
    { id: 'n4', parent_id: 'root', title: 'Eigenvalues' },
  ],
  [{ source: 'n4', target: 'n2', kind: 'prerequisite' }],
);
const theirs = doc([
  { id: 'n1', parent_id: 'root', title: 'Vectors and spaces', summary: '' },
  { id: 'n2', parent_id: 'root', title: 'Matrices' },
  { id: 'n4', parent_id: 'root', title: 'Eigenvalues' },
]);

function setup(
  conflicts = [
    { node_id: 'n1', fields: ['title', 'summary'] },
    { node_id: 'n2', fields: ['parent_id'] },
  ],
) {
  const onSubmit = vi.fn();
  render(
    <MantineProvider>
      <ConflictForm
        conflicts={conflicts}
        labels={labels}
        mine={mine}
        theirs={theirs}
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

/** what choosing `side` of `node` keeps, as shown under that choice */
const valuesOf = (node: string, side: 'mine' | 'theirs') =>
  within(screen.getByRole('group', { name: node })).getByTestId(`conflict-${side}-values`).textContent;

describe('resolving the conflicts of a merge', () => {
  it('lists each conflicting node by title with its fields and a mine/theirs choice', () => {
    setup();
    expect(screen.getAllByTestId('conflict-node')).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'Vectors' })).toBeTruthy();
    expect(screen.getByText(/title, summary/)).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.getAllByRole('radio', { name: /keep mine/i })).toHaveLength(2);
  });

  it('does not submit until every node has a side, and says which are missing', () => {
    const { onSubmit } = setup();
    fireEvent.click(choice('Vectors', /keep mine/i));
    fireEvent.click(screen.getByRole('button', { name: /accept/i }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText(/pick a side/i)).toHaveLength(1);
  });

  it('submits the side picked for each node', () => {
    const { onSubmit } = setup();
    fireEvent.click(choice('Vectors', /keep mine/i));
    fireEvent.click(choice('Matrices', /take theirs/i));
    fireEvent.click(screen.getByRole('button', { name: /accept/i }));
    expect(onSubmit).toHaveBeenCalledWith({ n1: 'mine', n2: 'theirs' });
  });
});

describe('the values of each side', () => {
  it('shows each conflicting field on both sides, Markdown as plain text and empty values said so', () => {
    setup();
    expect(valuesOf('Vectors', 'mine')).toBe('title: Vectorssummary: Arrows with a length');
    expect(valuesOf('Vectors', 'theirs')).toBe('title: Vectors and spacessummary: (empty)');
  });

  it('names the parents of a move by their titles', () => {
    setup();
    expect(valuesOf('Matrices', 'mine')).toBe('parent: Vectors');
    expect(valuesOf('Matrices', 'theirs')).toBe('parent: Linear algebra');
  });

  it('says which side removed a node, cuts long content short, and words links', () => {
    setup([
      { node_id: 'n3', fields: ['presence', 'content'] },
      { node_id: 'n4', fields: ['links'] },
    ]);
    const kept = valuesOf('Determinants', 'mine')!;
    expect(kept).toMatch(/^the node itself: Kept, with changescontent: Why They measure volume\. x+…$/);
    expect(kept.length).toBeLessThan(220);
    expect(valuesOf('Determinants', 'theirs')).toBe('the node itself: Removedcontent: Removed');
    expect(valuesOf('Eigenvalues', 'mine')).toBe('Links: Matrices (prerequisite)');
    expect(valuesOf('Eigenvalues', 'theirs')).toBe('Links: (empty)');
  });

  it('leaves the values out until both documents are known', () => {
    const onSubmit = vi.fn();
    render(
      <MantineProvider>
        <ConflictForm
          conflicts={[{ node_id: 'n1', fields: ['title'] }]}
          labels={labels}
          pending={false}
          onSubmit={onSubmit}
        />
      </MantineProvider>,
    );
    // the node id stands in for its title
    expect(screen.getByRole('group', { name: 'n1' })).toBeTruthy();
    expect(screen.queryByTestId('conflict-mine-values')).toBeNull();
  });
});
