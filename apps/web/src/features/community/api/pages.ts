import type { Paginated } from '@arbor/contract';

/** The page after `last` of a paginated list, or undefined at its end (useInfiniteQuery's getNextPageParam). */
export function nextPageOf<T>(last: Paginated<T>, pages: readonly Paginated<T>[]): number | undefined {
  return last.next ? pages.length + 1 : undefined;
}

/** Every item of the loaded pages, in order, each once (an item may move to a later page while loading more). */
export function itemsOf<T extends { id: number }>(pages: readonly Paginated<T>[] | undefined): T[] {
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.results) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
