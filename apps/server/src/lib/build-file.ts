import { readFileSync, statSync } from 'node:fs';

/**
 * A JSON file written by the web build, parsed by `parse` and re-read only when a rebuild changes
 * it, so the server picks up a new build without a restart. A missing or unreadable file gives
 * `fallback`. The file's date is looked at most once a second (`checkEveryMs`): the CSP reads it
 * on every answer, and a synchronous `stat` per request was a visible cost under load (issue 18).
 */
export function buildFileReader<T>(
  file: string,
  parse: (json: unknown) => T,
  fallback: T,
  checkEveryMs = 1000,
): () => T {
  let loaded: { mtimeMs: number; value: T } | null = null;
  let checked: { at: number; value: T } | null = null;
  return () => {
    const now = Date.now();
    if (checked && now - checked.at < checkEveryMs) return checked.value;
    const value = current();
    checked = { at: now, value };
    return value;
  };

  function current(): T {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return fallback;
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      let value = fallback;
      try {
        value = parse(JSON.parse(readFileSync(file, 'utf8')));
      } catch {
        // half-written during a rebuild: the fallback until the next change
      }
      loaded = { mtimeMs, value };
    }
    return loaded.value;
  }
}
