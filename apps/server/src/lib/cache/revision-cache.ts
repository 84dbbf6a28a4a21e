/**
 * Values derived from a stored row that is large to read and costly to parse (a 5,000-node tree
 * document is 2.4 MB of JSON, and parsing it was most of a progress answer), kept per row and used
 * only for the exact stamp they were built from. The stamp is something every write changes in the
 * database (a tree's uuid and revision), so a write made by any process is never answered from
 * here: the caller reads the stamp (a small row) on every request and rebuilds on a mismatch.
 * Bounded by a total weight (nodes, say) and an entry count; the least recently used goes first.
 */
export class RevisionCache<T, K extends number | string = number> {
  private readonly entries = new Map<K, { stamp: string; value: T; weight: number }>();
  private weight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly maxEntries = 100,
  ) {}

  /** The value built for `stamp` of row `id`, or undefined (a stale entry is dropped). */
  get(id: K, stamp: string): T | undefined {
    const hit = this.entries.get(id);
    if (!hit) return undefined;
    this.entries.delete(id);
    if (hit.stamp !== stamp) {
      this.weight -= hit.weight;
      return undefined;
    }
    // Re-inserted, so the Map's order is the order of last use.
    this.entries.set(id, hit);
    return hit.value;
  }

  /** The value last kept for row `id` with its stamp, whatever the stamp (for a caller that can bring it up to date). */
  latest(id: K): { stamp: string; value: T } | undefined {
    const hit = this.entries.get(id);
    if (!hit) return undefined;
    this.entries.delete(id);
    this.entries.set(id, hit);
    return { stamp: hit.stamp, value: hit.value };
  }

  /** Keeps `value` for `stamp` of row `id`; a value heavier than the whole budget is not kept. */
  set(id: K, stamp: string, value: T, weight: number): void {
    const previous = this.entries.get(id);
    if (previous) {
      this.entries.delete(id);
      this.weight -= previous.weight;
    }
    if (weight > this.maxWeight) return;
    while (this.entries.size > 0 && (this.weight + weight > this.maxWeight || this.entries.size >= this.maxEntries)) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
    this.entries.set(id, { stamp, value, weight });
    this.weight += weight;
  }

  get size(): number {
    return this.entries.size;
  }
}
