import { describe, expect, it } from 'vitest';
import { LOCALES, buildResources, DEFAULT_LOCALE } from '../lib/i18n.ts';

/** Flattens nested messages to dotted keys, so `{"a": {"b": "x"}}` gives `a.b`. */
function keysOf(messages: unknown, prefix = ''): string[] {
  if (typeof messages !== 'object' || messages === null) return [prefix];
  return Object.entries(messages).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

const resources = buildResources(
  import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' }) as Record<
    string,
    Record<string, unknown>
  >,
);
const source = resources[DEFAULT_LOCALE] ?? {};
const namespaces = Object.keys(source);

describe('locale files', () => {
  it('has at least the shell namespaces in the source locale', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'shell', 'settings', 'errors', 'home']));
  });

  it('has the same namespaces in every locale', () => {
    for (const locale of LOCALES) expect(Object.keys(resources[locale] ?? {}).sort()).toEqual([...namespaces].sort());
  });

  for (const namespace of namespaces) {
    for (const locale of LOCALES) {
      it(`${namespace}/${locale}.json has exactly the keys of ${namespace}/${DEFAULT_LOCALE}.json`, () => {
        const expected = keysOf(source[namespace]).sort();
        const actual = keysOf(resources[locale]?.[namespace]).sort();
        expect({
          missing: expected.filter((k) => !actual.includes(k)),
          extra: actual.filter((k) => !expected.includes(k)),
        }).toEqual({
          missing: [],
          extra: [],
        });
      });

      it(`${namespace}/${locale}.json has no empty message`, () => {
        const empty = keysOf(resources[locale]?.[namespace]).filter((key) => {
          const value = key
            .split('.')
            .reduce<unknown>(
              (node, part) => (node as Record<string, unknown> | undefined)?.[part],
              resources[locale]?.[namespace],
            );
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty).toEqual([]);
      });
    }
  }
});
