import type { Review, ReviewAbilities } from '@arbor/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../../lib/i18n.ts';
import { ReviewItem } from './ReviewItem.tsx';

beforeAll(async () => {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  await activateLocale('en-US');
});
afterEach(cleanup);

const none: ReviewAbilities = { update: false, delete: false, mark_helpful: false, reply: false, report: false };

/** A review by ada drawn with the abilities the server sent; nobody's id is compared on the web. */
function renderReview(abilities: Partial<ReviewAbilities>) {
  const review: Review = {
    id: 7,
    share: 1,
    author: { id: 2, username: 'ada', avatar_url: '' },
    rating: 4,
    body: 'Clear.',
    helpful_count: 3,
    my_helpful: false,
    reply: null,
    abilities: { ...none, ...abilities },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <MemoryRouter>
          <ReviewItem share="s" review={review} onEdit={() => {}} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const button = (name: string | RegExp) => screen.queryByRole('button', { name });

describe('what a review offers', () => {
  it('offers its author edit and delete, and no vote or report', () => {
    renderReview({ update: true, delete: true });
    expect(button('Edit')).toBeTruthy();
    expect(button('Delete')).toBeTruthy();
    expect(button(/Helpful/)).toBeNull();
    expect(button('Report the review by ada')).toBeNull();
    expect(screen.getByText('3 people found this helpful')).toBeTruthy();
  });

  it("offers the template's author a reply, a vote and a report", () => {
    renderReview({ mark_helpful: true, reply: true, report: true });
    expect(button('Reply')).toBeTruthy();
    expect(button(/Helpful/)).toBeTruthy();
    expect(button('Report the review by ada')).toBeTruthy();
    expect(button('Edit')).toBeNull();
  });

  it('offers an admin delete without edit', () => {
    renderReview({ delete: true, mark_helpful: true, report: true });
    expect(button('Delete')).toBeTruthy();
    expect(button('Edit')).toBeNull();
    expect(button('Reply')).toBeNull();
  });

  it('offers an anonymous reader nothing', () => {
    renderReview({});
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
