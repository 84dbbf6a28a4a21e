import { describe, expect, it } from 'vitest';
import { createNode, type TreeDocument } from './document.ts';
import { exportJsonCanvas, importJsonCanvas } from './json-canvas.ts';

const doc: TreeDocument = {
  format: 1,
  layout: { direction: 'LR' },
  unlock: 'links',
  nodes: [
    createNode({ id: 'root', parent_id: null, title: 'Data', summary: 'All of it' }),
    createNode({
      id: 'sql',
      parent_id: 'root',
      title: 'SQL',
      content: '  Joins\n\nand more  ',
      color: '#3366ff',
      estimate_minutes: 45,
      resources: [{ title: 'Docs', url: 'https://www.postgresql.org/docs/' }],
    }),
    createNode({ id: 'nosql', parent_id: 'root', title: 'NoSQL' }),
  ],
  links: [{ source: 'sql', target: 'nosql', kind: 'prerequisite' }],
};

describe('JSON Canvas', () => {
  it('exports cards and edges any canvas app draws, and imports them back whole', () => {
    const canvas = exportJsonCanvas(doc);
    expect(canvas.nodes[1]).toMatchObject({ id: 'sql', type: 'text', color: '#3366ff', width: 260, height: 120 });
    expect(canvas.nodes[1]!.text!.startsWith('# SQL\n\n')).toBe(true);
    expect(canvas.edges).toContainEqual(
      expect.objectContaining({ fromNode: 'root', toNode: 'sql', fromSide: 'bottom' }),
    );
    expect(canvas.edges).toContainEqual(
      expect.objectContaining({ fromNode: 'sql', toNode: 'nosql', label: 'prerequisite' }),
    );
    const back = importJsonCanvas(JSON.stringify(canvas));
    if (!back.ok) throw new Error(back.issues[0]!.message);
    expect(back.document).toEqual(doc);
  });

  it('makes a tree of a canvas drawn elsewhere: edges give parents, loops and extra edges become links', () => {
    const drawn = {
      nodes: [
        { id: 'a', type: 'text', text: '## Start\nfirst steps', x: 0, y: 0, width: 200, height: 80 },
        { id: 'b', type: 'link', url: 'https://example.com/guide', x: 0, y: 200, width: 200, height: 80 },
        { id: 'c', type: 'file', file: 'notes/Deep dive.md', x: 300, y: 200, width: 200, height: 80 },
        { id: 'g', type: 'group', label: 'Everything', x: -50, y: -50, width: 700, height: 400 },
        { id: 'lonely card', type: 'text', text: 'Another start', x: 900, y: 0, width: 200, height: 80 },
      ],
      edges: [
        { id: '1', fromNode: 'a', toNode: 'b' },
        { id: '2', fromNode: 'a', toNode: 'c' },
        { id: '3', fromNode: 'c', toNode: 'a' },
        { id: '4', fromNode: 'b', toNode: 'c', label: 'related' },
      ],
    };
    const result = importJsonCanvas(JSON.stringify(drawn), { rootTitle: 'My canvas' });
    if (!result.ok) throw new Error(result.issues[0]!.message);
    const { nodes, links } = result.document;
    const title = (id: string | null) => nodes.find((n) => n.id === id)?.title;
    expect(nodes.map((n) => `${title(n.parent_id) ?? '-'} > ${n.title}`)).toEqual([
      '- > My canvas',
      'My canvas > Start',
      'My canvas > Another start',
      'Start > https://example.com/guide',
      'Start > Deep dive.md',
    ]);
    expect(nodes.find((n) => n.id === 'a')!.content).toBe('first steps');
    expect(nodes.find((n) => n.id === 'b')!.resources).toEqual([{ title: '', url: 'https://example.com/guide' }]);
    expect(links.map((l) => `${title(l.source)} → ${title(l.target)} (${l.kind})`)).toEqual([
      'Deep dive.md → Start (related)',
      'https://example.com/guide → Deep dive.md (related)',
    ]);
  });

  it('refuses what is not a canvas', () => {
    for (const text of ['nope', '[]', '{"edges": []}', '{"nodes": [{"type": "group"}]}']) {
      expect(importJsonCanvas(text).ok).toBe(false);
    }
  });
});
