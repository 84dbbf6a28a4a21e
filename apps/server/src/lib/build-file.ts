import { readFileSync, statSync } from 'node:fs';

/**
 * A JSON file written by the web build, parsed by `parse` and re-read only when a rebuild changes
 * it, so the server picks up a new build without a restart. A missing or unreadable file gives
 * `fallback`.
 */
export function buildFileReader<T>(file: string, parse: (json: unknown) => T, fallback: T): () => T {
  let loaded: { mtimeMs: number; value: T } | null = null;
  return () => {
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
  };
}
