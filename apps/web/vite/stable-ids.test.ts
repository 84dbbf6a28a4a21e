// Mantine's useId, kept as React's id: the build's stand-in must still meet the module it replaces.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STABLE_USE_ID_SOURCE, stableMantineIds } from './stable-ids.ts';

const require = createRequire(import.meta.url);
const hooksEntry = require.resolve('@mantine/hooks');
const useIdModule = path.join(
  hooksEntry.slice(0, hooksEntry.lastIndexOf(`${path.sep}cjs${path.sep}`)),
  'esm/use-id/use-id.mjs',
);

describe('stableMantineIds', () => {
  const load = (id: string) => (stableMantineIds().load as (id: string) => string | null)(id);

  it('replaces the module Mantine’s components get their ids from, and nothing else', () => {
    expect(load(useIdModule)).toBe(STABLE_USE_ID_SOURCE);
    expect(load(`${useIdModule}?v=1`)).toBe(STABLE_USE_ID_SOURCE);
    expect(load(useIdModule.replace('use-id.mjs', 'use-id-other.mjs'))).toBeNull();
  });

  it('still replaces a module that swaps its id after mounting and exports only useId', () => {
    const original = readFileSync(useIdModule, 'utf8');
    expect(original).toContain('setUuid(randomId())');
    expect(original).toMatch(/export \{ useId\$1 as useId \};/);
  });

  it('keeps React’s id in Mantine’s form, or the id a component was given', () => {
    expect(STABLE_USE_ID_SOURCE).toContain("typeof staticId === 'string' ? staticId");
    expect(STABLE_USE_ID_SOURCE).toContain("`mantine-${reactId.replace(/:/g, '')}`");
    expect(STABLE_USE_ID_SOURCE).not.toMatch(/useState|useEffect|randomId/);
  });
});
