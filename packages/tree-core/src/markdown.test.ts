import { describe, expect, it } from 'vitest';
import { exportJsonDocument, importJsonDocument } from './json-io.ts';
import { exportMarkdownOutline, importMarkdownOutline } from './markdown.ts';
import { indexTree } from './tree-index.ts';
import { createNode, type TreeDocument } from './document.ts';
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
    const [r, a, a1, a11, b] = doc.nodes.map((n) => n.id);
    expect(text).toBe(
      `# R <!-- arbor:${r} -->\n\n- a <!-- arbor:${a} -->\n  - a1 <!-- arbor:${a1} -->\n` +
        `    - a11 <!-- arbor:${a11} -->\n- b <!-- arbor:${b} -->\n`,
    );
    expect(importMarkdownOutline(text)).toEqual(doc);
  });

  it('exports summaries, content and resources under their titles and reads them back, with the ids', () => {
    const doc: TreeDocument = {
      format: 1,
      layout: { direction: 'TB' },
      unlock: 'links',
      links: [],
      nodes: [
        createNode({ id: 'web', parent_id: null, title: 'Web', content: 'Start **here**.' }),
        createNode({
          id: 'html',
          parent_id: 'web',
          title: 'HTML',
          summary: 'The markup',
          content: '# Elements\n\n- head\n- body\n\n```html\n<p>#1</p>\n```\n> quoted',
          resources: [
            { title: 'MDN [HTML]', url: 'https://developer.mozilla.org/en-US/docs/Web/HTML' },
            { title: '', url: 'https://example.com/a_(b)' },
          ],
        }),
        createNode({ id: 'css', parent_id: 'html', title: 'CSS' }),
      ],
    };
    const text = exportMarkdownOutline(doc);
    expect(text).toContain('- HTML <!-- arbor:html -->\n  > <!-- arbor:summary -->\n  > The markup\n  >\n');
    expect(text).toContain('  > - [MDN \\[HTML\\]](<https://developer.mozilla.org/en-US/docs/Web/HTML>)\n');
    const back = importMarkdownOutline(text);
    expect(back).toEqual(doc);
    expect(validateTreeDocument(back).ok).toBe(true);
  });

  it('reads a repeated or malformed id mark as a fresh id', () => {
    const doc = importMarkdownOutline('# R <!-- arbor:x -->\n- a <!-- arbor:x -->\n- b <!-- arbor:bad id -->');
    expect(doc.nodes[0]!.id).toBe('x');
    expect(doc.nodes[1]!.id).not.toBe('x');
    expect(doc.nodes.map((n) => n.title)).toEqual(['R', 'a', 'b <!-- arbor:bad id -->']);
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
