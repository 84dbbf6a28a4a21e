/** Indices (into `values`) of one longest strictly increasing subsequence, in O(n log n). */
export function longestIncreasingSubsequence(values: readonly number[]): number[] {
  const tails: number[] = []; // tails[k]: index of the smallest tail of an increasing run of length k+1
  const previous = new Array<number>(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const result: number[] = [];
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i !== -1; i = previous[i]!) result.push(i);
  return result.reverse();
}

/**
 * Items of `target` that must move so that `source` (restricted to the shared items) becomes
 * `target`'s order: everything outside one longest common subsequence. Items are unique.
 */
export function itemsOutOfOrder(source: readonly string[], target: readonly string[]): Set<string> {
  const position = new Map<string, number>();
  source.forEach((item, i) => position.set(item, i));
  const shared = target.filter((item) => position.has(item));
  const keep = new Set(longestIncreasingSubsequence(shared.map((item) => position.get(item)!)).map((i) => shared[i]!));
  return new Set(target.filter((item) => !keep.has(item)));
}
