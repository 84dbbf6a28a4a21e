import type { Comment, CommentAbilities } from '@arbor/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../../lib/i18n.ts';
import { CommentItem } from './CommentItem.tsx';

beforeAll(async () => {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  await activateLocale('en-US');
});
afterEach(cleanup);

const none: CommentAbilities = { reply: false, update: false, delete: false, report: false };

/** A comment by ada drawn with the abilities the server sent. */
function renderComment(abilities: Partial<CommentAbilities>) {
  const comment: Comment = {
    id: 9,
    share: 1,
    node_id: null,
    parent: null,
    author: { id: 2, username: 'ada', avatar_url: '' },
    body: 'Hello',
    created_at: '2026-01-01T00:00:00.000Z',
    edited_at: null,
    deleted: false,
    replies_count: 0,
    abilities: { ...none, ...abilities },
  };
  const ctx = { share: 's', nodeTitle: () => null, onShowNode: () => {} };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <MemoryRouter>
          <CommentItem comment={comment} ctx={ctx} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const button = (name: string) => screen.queryByRole('button', { name });

describe('what a comment offers', () => {
  it('offers its author edit and delete, and no report', () => {
    renderComment({ reply: true, update: true, delete: true });
    expect(button('Edit')).toBeTruthy();
    expect(button('Delete')).toBeTruthy();
    expect(button('Report the comment by ada')).toBeNull();
  });

  it("offers the template's author or an admin a delete that names the comment's author, and a report", () => {
    renderComment({ reply: true, delete: true, report: true });
    expect(button('Delete the comment by ada')).toBeTruthy();
    expect(button('Edit')).toBeNull();
    expect(button('Report the comment by ada')).toBeTruthy();
  });

  it('offers an anonymous reader nothing', () => {
    renderComment({});
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
