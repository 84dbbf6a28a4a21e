import { queryClient } from '../../../lib/query-client.ts';
import { hotTagsQuery } from './hot-tags.ts';
import { sharesQuery, type ShareListParams, type ShareOrdering } from './list-shares.ts';

export const ORDERINGS: ShareOrdering[] = [
  '-hot',
  '-created_at',
  '-likes_count',
  '-rating_avg',
  '-views_count',
  '-uses_count',
];
export const PAGE_SIZE = 20;
/** Hot-tag chips above the list. */
export const HOT_TAG_CHIPS = 30;

/** The community list's state, as `/community`'s query string holds it. */
export interface ListState {
  q: string;
  tags: string[];
  ordering: ShareOrdering;
  page: number;
}

export function readListState(params: URLSearchParams): ListState {
  const orderingParam = params.get('ordering') as ShareOrdering | null;
  return {
    q: params.get('q') ?? '',
    tags: (params.get('tags') ?? '').split(',').filter(Boolean),
    ordering: orderingParam && ORDERINGS.includes(orderingParam) ? orderingParam : '-hot',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

export function writeListState(state: ListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.q) out.set('q', state.q);
  if (state.tags.length) out.set('tags', state.tags.join(','));
  if (state.ordering !== '-hot') out.set('ordering', state.ordering);
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** The list request for a state: one place, so the page and its prefetch ask for the same thing. */
export const listQueryParams = ({ q, tags, ordering, page }: ListState): ShareListParams => ({
  search: q,
  tags,
  ordering,
  page,
  pageSize: PAGE_SIZE,
});

/**
 * Starts loading the list and the hot tags as navigation to `/community` begins (the route's loader
 * calls it), beside the page's code and the signed-in user, instead of after both.
 */
export function prefetchCommunityList(search: URLSearchParams): void {
  void queryClient.prefetchQuery(sharesQuery(listQueryParams(readListState(search))));
  void queryClient.prefetchQuery(hotTagsQuery(HOT_TAG_CHIPS));
}
