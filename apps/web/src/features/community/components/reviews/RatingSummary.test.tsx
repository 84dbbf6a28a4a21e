import type { RatingHistogram, ShareWithData } from '@arbor/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../../lib/i18n.ts';
import { RatingSummary } from './RatingSummary.tsx';

beforeAll(async () => {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  await activateLocale('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Two written reviews (5 and 4 stars) and two star-only ratings (5 and 1): the average counts four.
const histogram: RatingHistogram = {
  buckets: [
    { stars: 5, count: 2 },
    { stars: 4, count: 1 },
    { stars: 3, count: 0 },
    { stars: 2, count: 0 },
    { stars: 1, count: 1 },
  ],
  rating_count: 4,
  written_count: 2,
};

describe('the rating summary of a template', () => {
  it('counts star-only ratings in the bars like the average does', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(histogram), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const share = { rating_avg: 3.75, rating_count: 4 } as ShareWithData;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <RatingSummary share={share} id="abc" rating={null} onRating={() => {}} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: /5-star ratings: 2\./ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /4-star ratings: 1\./ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /1-star ratings: 1\./ })).toBeTruthy();
    expect(screen.getByText('4 ratings')).toBeTruthy();
    expect(screen.getByText('2 written reviews')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/community/trees-shared/abc/ratings/', expect.anything());
  });
});
