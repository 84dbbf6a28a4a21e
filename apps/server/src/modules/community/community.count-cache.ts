/**
 * How many shares match a filter, remembered for a few seconds. Counting a filtered table on every
 * page request is the list's largest cost at 100,000 templates; a count a few seconds old is fine
 * for pagination. Any change in this process to which shares exist or what they match empties the
 * cache at once, so a user always sees their own new share counted; other processes catch up
 * within the TTL.
 */
export class CountCache {
  private readonly entries = new Map<string, { count: number; expires: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, now = Date.now()): number | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.count;
  }

  set(key: string, count: number, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { count, expires: now + this.ttlMs });
  }

  /** Forget every count: shares were added, removed, retitled or retagged. */
  clear(): void {
    this.entries.clear();
  }
}
