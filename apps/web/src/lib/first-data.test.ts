import { beforeEach, describe, expect, it, vi } from 'vitest';

// `firstData` reads the page once per load: each test loads the module afresh.
async function load() {
  vi.resetModules();
  return import('./first-data.ts');
}

function page(json: string, skip = false) {
  document.documentElement.className = skip ? 'arbor-skip-prerender' : '';
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="arbor-first-data">${json}</script>`;
}

describe('firstData', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    document.documentElement.className = '';
  });

  it('reads the answers the server sent with the page, once, and takes them out of the page', async () => {
    page('{"me":{"id":3},"queries":[]}');
    const { firstData } = await load();
    expect(firstData()?.me).toEqual({ id: 3 });
    expect(document.getElementById('arbor-first-data')).toBeNull();
    expect(firstData()?.me).toEqual({ id: 3 });
  });

  it('ignores them when the head script found another session in this browser', async () => {
    page('{"me":{"id":3},"queries":[]}', true);
    const { firstData } = await load();
    expect(firstData()).toBeNull();
  });

  it('is null on a page without them, or with unreadable ones', async () => {
    const { firstData } = await load();
    expect(firstData()).toBeNull();
    page('{not json');
    const again = await load();
    expect(again.firstData()).toBeNull();
  });
});

describe('seedQueries', () => {
  it('puts each answer in the cache under its key, as old as the server read it', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { seedQueries } = await load();
    const client = new QueryClient();
    seedQueries(client, [{ key: ['community', 'list', { page: 1 }], data: { count: 2 }, updatedAt: 1_000 }]);
    expect(client.getQueryData(['community', 'list', { page: 1 }])).toEqual({ count: 2 });
    expect(client.getQueryState(['community', 'list', { page: 1 }])?.dataUpdatedAt).toBe(1_000);
  });
});

describe('claimFirstAnswer', () => {
  it('tells once when the server read an answer the page came with, for the page’s own load', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { claimFirstAnswer, seedQueries } = await load();
    seedQueries(new QueryClient(), [{ key: ['trees', 'uuid', 'a1'], data: { title: 'Ada' }, updatedAt: 2_000 }]);
    expect(claimFirstAnswer(['trees', 'uuid', 'a1'])).toBe(2_000);
    // A later visit to the same page asks the server again.
    expect(claimFirstAnswer(['trees', 'uuid', 'a1'])).toBeUndefined();
    expect(claimFirstAnswer(['trees', 'uuid', 'b2'])).toBeUndefined();
  });
});
