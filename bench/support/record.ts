import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

/**
 * Writes a benchmark's figures to `bench/results/<name>.json` (committed, so they are recorded),
 * formatted as the lint step's `prettier --check` wants it.
 */
export async function recordResults(name: string, results: unknown): Promise<void> {
  const dir = path.join(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  const options = await resolveConfig(file);
  writeFileSync(file, await format(JSON.stringify(results), { ...options, filepath: file }));
  console.log(`results written to bench/results/${name}.json`);
}
