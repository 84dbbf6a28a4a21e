import type { UserSummary } from '@arbor/contract';

/** The distinct authors of a list of templates, in order of first appearance, at most `limit`. */
export function distinctAuthors(
  shares: ReadonlyArray<{ author: UserSummary }>,
  limit: number,
  exceptId?: number,
): UserSummary[] {
  const seen = new Set<number>();
  const out: UserSummary[] = [];
  for (const { author } of shares) {
    if (out.length >= limit) break;
    if (seen.has(author.id) || author.id === exceptId) continue;
    seen.add(author.id);
    out.push(author);
  }
  return out;
}

/**
 * Where an item lands when moved one step `up` or `down` in a list of `length`, or null when it is at
 * that end already.
 */
export function stepPosition(index: number, direction: 'up' | 'down', length: number): number | null {
  const next = direction === 'up' ? index - 1 : index + 1;
  return next < 0 || next >= length ? null : next;
}

/** The community tab in `/community`'s query string: `?tab=following`, or the All tab when absent. */
export type CommunityTab = 'all' | 'following';
export const readCommunityTab = (params: URLSearchParams): CommunityTab =>
  params.get('tab') === 'following' ? 'following' : 'all';
