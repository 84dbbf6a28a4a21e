import { fillBrowserGaps } from '../../../testing/browser-gaps.ts';
import { createTreeDocument } from '@arbor/tree-core';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../lib/i18n.ts';
import { treeKeys, type TreeWithData } from '../api/types.ts';
import type * as ToolbarActionsModule from './actions/ToolbarActions.tsx';
import { TreeEditor } from './TreeEditor.tsx';

const counts = vi.hoisted(() => ({ toolbar: 0 }));

// The toolbar, counted: it shows the deferred state, so an edit should render it once, later.
vi.mock('./actions/ToolbarActions.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof ToolbarActionsModule>();
  function CountedToolbarActions(props: ComponentProps<typeof actual.ToolbarActions>) {
    counts.toolbar++;
    return <actual.ToolbarActions {...props} />;
  }
  return { ...actual, ToolbarActions: CountedToolbarActions };
});
// Saves succeed at once, without a server.
vi.mock('../api/useUpdateTree.ts', () => ({
  patchTree: vi.fn((_id: number, _patch: unknown, ifMatch = 0) => Promise.resolve({ revision: ifMatch + 1 })),
}));

beforeAll(async () => {
  fillBrowserGaps();
  await activateLocale('en-US');
});
afterEach(cleanup);

const OWNER = { id: 1, username: 'ada', avatar_url: '/images/avatar-64.png' };

function renderEditor() {
  const tree: TreeWithData = {
    id: 1,
    uuid: 'tree-1',
    title: 'Rust',
    description: '',
    tags: [],
    visibility: 'private',
    cover_url: null,
    owner: OWNER,
    node_count: 1,
    revision: 1,
    latest_version: null,
    abilities: { update: true, delete: true, share: true, manage_versions: true, generate: false },
    upstream: null,
    created_at: '2026-12-01T00:00:00Z',
    updated_at: '2026-12-01T00:00:00Z',
    data: createTreeDocument('Rust'),
  };
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(treeKeys.images(tree.id), new Map());
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter>
          <TreeEditor tree={tree} readOnly={false} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('TreeEditor', () => {
  it('renders the toolbar once for a node added with Tab, and not again when the edit is saved', async () => {
    renderEditor();
    const canvas = screen.getByTestId('tree-canvas');
    await waitFor(() => expect(screen.getByTestId('save-status').dataset.status).toBe('saved'));
    counts.toolbar = 0;
    // The new node is selected and the save status becomes pending: neither renders the toolbar at once.
    fireEvent.keyDown(canvas, { key: 'Tab' });
    expect(await screen.findByTestId('node-title-input')).toBeTruthy();
    expect(counts.toolbar).toBe(1);
    // The save, after its debounce: the badge shows it, the toolbar is left alone.
    await waitFor(() => expect(screen.getByTestId('save-status').dataset.status).toBe('saved'), { timeout: 3000 });
    // whatever the save set off has rendered (a flush of React's pending work, no waiting on time)
    await act(async () => undefined);
    expect(counts.toolbar).toBe(1);
  }, 20_000); // the whole editor mounts in jsdom: slow on a busy machine
});
