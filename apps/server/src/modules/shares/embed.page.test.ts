import { validateTreeDocument, type TreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { embedLocale, layoutEmbed, prerequisitePath, renderEmbedPage } from './embed.page.ts';

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

describe('prerequisite links on the embed page', () => {
  const doc = documentOf({
    nodes: [
      { id: 'r', parent_id: null, title: 'R' },
      { id: 'a', parent_id: 'r', title: 'A' },
      { id: 'b', parent_id: 'r', title: 'B' },
      { id: 'c', parent_id: 'r', title: 'C', collapsed: true },
      { id: 'hidden', parent_id: 'c', title: 'Hidden' },
    ],
    links: [
      { source: 'a', target: 'b', kind: 'prerequisite' },
      { source: 'b', target: 'c', kind: 'related' },
      { source: 'hidden', target: 'a', kind: 'prerequisite' },
    ],
  });
  const html = renderEmbedPage({ title: 'T', document: doc, templateUrl: 'https://x/community/u', locale: 'en-US' });

  it('draws each prerequisite between shown cards as an arrow toward the node that waits', () => {
    const drawn = [
      ...html.matchAll(
        /<path class="prerequisite" data-source="(\w+)" data-target="(\w+)" d="([^"]+)" marker-end="url\(#prerequisite-arrow\)"\/>/g,
      ),
    ];
    expect(drawn.map((m) => [m[1], m[2]])).toEqual([['a', 'b']]);
    expect(html).toContain('<marker id="prerequisite-arrow"');
    // from A's right edge to B's left edge (siblings side by side, top-down)
    const { placed } = layoutEmbed(doc);
    const at = (id: string) => placed.find((p) => p.node.id === id)!;
    expect(drawn[0]![3]).toBe(prerequisitePath(at('a'), at('b')));
    expect(drawn[0]![3]).toBe(`M${at('a').x + 200} ${at('a').y + 28}L${at('b').x} ${at('b').y + 28}`);
  });

  it('leaves out related links and links to a card under a collapsed branch', () => {
    expect(html).not.toContain('data-source="b" data-target="c"');
    expect(html).not.toContain('data-source="hidden"');
  });
});

describe('embedLocale', () => {
  it('takes the first supported language, zh-CN otherwise', () => {
    expect(embedLocale('ja,en;q=0.8')).toBe('ja-JP');
    expect(embedLocale('fr-FR, en-GB;q=0.5')).toBe('en-US');
    expect(embedLocale(undefined)).toBe('zh-CN');
  });
});
