/**
 * What a list filter produced, remembered for a few seconds: how many shares match it, and for
 * searches and tags the order of the first matching ids. Counting or sorting thousands of matches
 * on every page request is the list's largest cost at 100,000 templates (bench/README.md); an
 * answer a few seconds old is fine for that, while the cards' counters are always read fresh. Any
 * change to which shares exist or what they match empties the cache of the process that made it,
 * and bumps a generation in the database that every process puts into its keys
 * (`lib/cache/generations.ts`), so no process serves a result from before the change.
 */
export class FilterCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: T, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: now + this.ttlMs });
  }

  /** Forget `key`, if it still holds `value`. */
  delete(key: string, value: T): void {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }

  /** Forget everything: shares were added, removed, retitled or retagged. */
  clear(): void {
    this.entries.clear();
  }
}
