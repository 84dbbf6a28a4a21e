import { validateTreeDocument, type TreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { embedLocale, layoutEmbed } from './embed.page.ts';

const documentOf = (input: unknown): TreeDocument => {
  const result = validateTreeDocument(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.document;
};

describe('layoutEmbed', () => {
  it('centres a parent over its children, top-down, and lays LR trees across', () => {
    const nodes = [
      { id: 'r', parent_id: null, title: 'R' },
      { id: 'a', parent_id: 'r', title: 'A' },
      { id: 'b', parent_id: 'r', title: 'B' },
    ];
    const down = layoutEmbed(documentOf({ nodes }));
    const at = (id: string, l = down) => l.placed.find((p) => p.node.id === id)!;
    expect(at('r').x).toBe((at('a').x + at('b').x) / 2);
    expect(at('a').y).toBe(at('b').y);
    expect(at('a').y).toBeGreaterThan(at('r').y);
    const across = layoutEmbed(documentOf({ layout: { direction: 'LR' }, nodes }));
    expect(at('a', across).x).toBeGreaterThan(at('r', across).x);
  });

  it('lays out a chain thousands of levels deep without recursion, and skips collapsed branches', () => {
    const nodes = Array.from({ length: 3000 }, (_, i) => ({
      id: `n${i}`,
      parent_id: i ? `n${i - 1}` : null,
      title: `N${i}`,
      collapsed: i === 2000,
    }));
    const { placed } = layoutEmbed({ format: 1, layout: { direction: 'TB' }, nodes, links: [] } as never);
    expect(placed).toHaveLength(2001);
  });
});

describe('embedLocale', () => {
  it('takes the first supported language, zh-CN otherwise', () => {
    expect(embedLocale('ja,en;q=0.8')).toBe('ja-JP');
    expect(embedLocale('fr-FR, en-GB;q=0.5')).toBe('en-US');
    expect(embedLocale(undefined)).toBe('zh-CN');
  });
});
