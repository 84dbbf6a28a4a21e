import { describe, expect, it } from 'vitest';
import { exportJsonDocument, importJsonDocument } from './json-io.ts';
import { exportMarkdownOutline, importMarkdownOutline } from './markdown.ts';
import { indexTree } from './tree-index.ts';
import type { TreeDocument } from './document.ts';
import { validateTreeDocument } from './validate.ts';

/** The tree as nested titles, ignoring ids. */
function shape(doc: TreeDocument): unknown {
  const index = indexTree(doc);
  const walk = (id: string): unknown => ({
    title: index.byId.get(id)!.title,
    children: (index.children.get(id) ?? []).map(walk),
  });
  return walk(index.root.id);
}

describe('Markdown outline', () => {
  it('reads headings and nested lists into a tree', () => {
    const doc = importMarkdownOutline(
      [
        '# Machine learning',
        'Intro text.',
        '## Foundations',
        '- Linear **algebra**',
        '  - Vectors',
        '  - Matrices',
        '- [Probability](http://x)',
        '## Models',
        '1. Trees',
        '2. Networks',
      ].join('\n'),
    );
    expect(validateTreeDocument(doc).ok).toBe(true);
    expect(shape(doc)).toEqual({
      title: 'Machine learning',
      children: [
        {
          title: 'Foundations',
          children: [
            {
              title: 'Linear algebra',
              children: [
                { title: 'Vectors', children: [] },
                { title: 'Matrices', children: [] },
              ],
            },
            { title: 'Probability', children: [] },
          ],
        },
        {
          title: 'Models',
          children: [
            { title: 'Trees', children: [] },
            { title: 'Networks', children: [] },
          ],
        },
      ],
    });
    expect(doc.nodes[0]!.content).toBe('Intro text.');
  });

  it('puts several top-level entries under a new root', () => {
    const doc = importMarkdownOutline('- a\n- b\n\t- c', { rootTitle: 'Imported' });
    expect(shape(doc)).toEqual({
      title: 'Imported',
      children: [
        { title: 'a', children: [] },
        { title: 'b', children: [{ title: 'c', children: [] }] },
      ],
    });
  });

  it('exports an outline that imports back to the same structure', () => {
    const doc = importMarkdownOutline('# R\n- a\n  - a1\n    - a11\n- b');
    const text = exportMarkdownOutline(doc);
    expect(text).toBe('# R\n\n- a\n  - a1\n    - a11\n- b\n');
    expect(shape(importMarkdownOutline(text))).toEqual(shape(doc));
  });
});

describe('JSON import/export', () => {
  it('round-trips a document and accepts an exported tree wrapper', () => {
    const doc = importMarkdownOutline('# R\n- a');
    const text = exportJsonDocument(doc);
    const back = importJsonDocument(text);
    expect(back.ok && back.document).toEqual(doc);
    const wrapped = importJsonDocument(JSON.stringify({ title: 'x', data: doc }));
    expect(wrapped.ok && wrapped.document).toEqual(doc);
    const broken = importJsonDocument('{nope');
    expect(!broken.ok && broken.issues[0]!.message).toContain('JSON');
  });
});
