import type { Author, FeedEntry, Paginated } from '@arbor/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialKeys } from './keys.ts';
import { writeAnswer } from '../../../lib/write-answer.ts';

const authorPath = (username: string, action = '') =>
  `/api/community/authors/${encodeURIComponent(username)}/${action ? `${action}/` : ''}`;

/** GET /api/community/authors/{username}/ (public). */
export const useAuthor = (username: string) =>
  useQuery({
    queryKey: socialKeys.author(username),
    queryFn: ({ signal }) => api<Author>(authorPath(username), { signal }),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

/** POST …/{username}/follow/ with an explicit state; the author's counts and the feed follow. */
export function useFollow(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) =>
      api<{ following: boolean; followers_count: number }>(authorPath(username, 'follow'), {
        method: 'POST',
        body: { following },
      }),
    onSuccess: ({ following, followers_count }) => {
      writeAnswer<Author>(client, socialKeys.author(username), (old) =>
        old ? { ...old, followed: following, followers_count } : old,
      );
      // my own page's "following" count, and the feed, change with it
      void client.invalidateQueries({
        queryKey: [...socialKeys.all, 'author'],
        predicate: (query) => query.queryKey[2] !== username,
      });
      void client.invalidateQueries({ queryKey: [...socialKeys.all, 'feed'] });
    },
  });
}

export const FEED_PAGE_SIZE = 20;

/** GET /api/community/feed/ — followed authors' new templates and revisions, newest first. */
export const useFeed = (page: number) =>
  useQuery({
    queryKey: socialKeys.feed(page),
    queryFn: ({ signal }) =>
      api<Paginated<FeedEntry>>('/api/community/feed/', {
        signal,
        query: { page: page > 1 ? page : undefined, page_size: FEED_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
