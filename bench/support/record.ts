import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes a benchmark's figures to `bench/results/<name>.json` (committed, so they are recorded). */
export async function recordResults(name: string, results: unknown): Promise<void> {
  const dir = path.join(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(results, null, 2) + '\n');
  console.log(`results written to bench/results/${name}.json`);
}
