import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../../lib/i18n.ts';
import { CardsHomeSection } from './CardsHomeSection.tsx';

beforeAll(async () => {
  // jsdom has no layout: Mantine's Select (the cards' state filter) only needs the observer to exist.
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  await activateLocale('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

/** /learn's cards section against a server whose figures are `dueToday`, and whose queue holds `queued`. */
function renderSection(dueToday: number, queued: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/learn/review/stats/'))
        return json({
          reviews_today: 6,
          due_today: dueToday,
          retention_30d: null,
          forecast: [{ date: '2026-03-10', due: 6 }],
          cards: { new: 0, learning: 6, review: 1, relearning: 0 },
        });
      if (url.startsWith('/api/learn/review/'))
        return json({ cards: [], counts: { new: queued, learning: 0, review: 0 } });
      return json({ count: 0, next: null, previous: null, results: [] });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <MemoryRouter>
          <CardsHomeSection />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe("/learn's count of today's cards", () => {
  it('says the same as the "Due today" figure beside it', async () => {
    renderSection(0, 7);
    expect(await screen.findByText('Nothing to review today.')).toBeTruthy();
    expect(screen.getByTestId('stats-due').textContent).toBe('0');
    expect(screen.queryByText(/cards to review today/)).toBeNull();
  });

  it('counts what is left to review today, due and new cards alike', async () => {
    renderSection(3, 3);
    expect(await screen.findByText('3 cards to review today')).toBeTruthy();
    expect(screen.getByTestId('stats-due').textContent).toBe('3');
  });
});
