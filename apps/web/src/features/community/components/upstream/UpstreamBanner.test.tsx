import type { TreeUpstream, TreeWithData, UpstreamPreview } from '@arbor/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../../lib/i18n.ts';
import type { EditorExtensionContext } from '../../../trees/index.ts';
import { UpstreamBanner } from './UpstreamBanner.tsx';
import { updateCount } from './upstream-banner.ts';

beforeAll(async () => {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  // jsdom has no FontFaceSet; the dialog's autosizing textarea listens to it
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {} },
  });
  await activateLocale('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const upstream: TreeUpstream = {
  share: '6f1c2a8e-0000-4000-8000-000000000001',
  title: 'Linear algebra',
  base_revision: 1,
  latest_revision: 3,
  behind: true,
  available: true,
};

const preview: UpstreamPreview = {
  base_revision: 1,
  latest_revision: 3,
  upstream_changes: { added: 2, removed: 1, changed: 3, moved: 1 },
  local_changes: { added: 0, removed: 0, changed: 1, moved: 0 },
  upstream_nodes: [
    { node_id: 'eig', title: 'Eigenvalues', changes: ['added'] },
    { node_id: 'mat', title: 'Matrices', changes: ['changed', 'moved'] },
    { node_id: 'old', title: 'Determinants', changes: ['removed'] },
  ],
  local_nodes: [{ node_id: 'vec', title: 'Vectors of mine', changes: ['changed'] }],
  conflicts: [],
};

/** The banner of tree 7, the server answering `answer` to its preview request. */
function setup(answer: UpstreamPreview = preview) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  const ctx = {
    tree: { id: 7, upstream } as TreeWithData,
    readOnly: false,
    flushSave: async () => undefined,
  } as unknown as EditorExtensionContext;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <MemoryRouter>
          <UpstreamBanner ctx={ctx} upstream={upstream} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { fetch };
}

describe('the template-update banner of a fork', () => {
  it('counts every node the template added, removed, changed or moved', () => {
    expect(updateCount(preview.upstream_changes)).toBe(7);
    expect(updateCount({ added: 0, removed: 0, changed: 1, moved: 0 })).toBe(1);
  });

  it('announces the count from the preview, fetched for this tree, with "Review update"', async () => {
    const { fetch } = setup();
    await screen.findByText('The template “Linear algebra” has 7 updates');
    expect(fetch).toHaveBeenCalledWith('/api/tree/skills_tree/7/upstream/', expect.anything());
    expect(screen.getByRole('button', { name: 'Review update' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Template update' })).toBeTruthy();
  });

  it('says "1 update" for one', async () => {
    setup({ ...preview, upstream_changes: { added: 0, removed: 0, changed: 1, moved: 0 } });
    await screen.findByText('The template “Linear algebra” has 1 update');
  });

  it('can be put off for the session, for this revision', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: /not now/i }));
    expect(screen.queryByTestId('upstream-banner')).toBeNull();
    cleanup();
    setup();
    // the same revision stays dismissed in a new editor of the session
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('upstream-banner')).toBeNull();
  });

  it('names the nodes each side changed in "Review update", with how they changed', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Review update' }));
    const theirs = await screen.findByRole('list', { name: 'Changed in the template' });
    expect(theirs.textContent).toContain('Eigenvalues — added');
    expect(theirs.textContent).toContain('Matrices — changed, moved');
    expect(theirs.textContent).toContain('Determinants — removed');
    const mine = screen.getByRole('list', { name: 'Changed in my tree' });
    expect(mine.textContent).toContain('Vectors of mine — changed');
  });
});
