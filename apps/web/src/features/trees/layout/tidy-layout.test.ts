import { addChild, createTreeDocument, updateNode, type TreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { buildFlowEdges, buildFlowNodes } from './flow-elements.ts';
import { layoutTree, NODE_HEIGHT, NODE_WIDTH, sameStructure } from './tidy-layout.ts';

function chainOfChildren(count: number): TreeDocument {
  let doc = createTreeDocument('Root');
  for (let i = 0; i < count; i++) doc = addChild(doc, 'root', { title: `Child ${i}`, id: `c${i}` }).document;
  return doc;
}

const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;

describe('layoutTree', () => {
  it('places children below their parent in a top-down layout, without overlaps', () => {
    const doc = chainOfChildren(5);
    const { positions } = layoutTree(doc, 'TB');
    const root = positions.get('root')!;
    const kids = [0, 1, 2, 3, 4].map((i) => positions.get(`c${i}`)!);
    for (const kid of kids) expect(kid.y).toBeGreaterThan(root.y + NODE_HEIGHT);
    for (let i = 1; i < kids.length; i++) expect(overlaps(kids[i - 1]!, kids[i]!)).toBe(false);
    // siblings keep document order left to right
    expect(kids.map((k) => k.x)).toEqual([...kids.map((k) => k.x)].sort((a, b) => a - b));
  });

  it('places children to the right in a left-right layout', () => {
    const { positions } = layoutTree(chainOfChildren(3), 'LR');
    expect(positions.get('c0')!.x).toBeGreaterThan(positions.get('root')!.x + NODE_WIDTH);
  });

  it('puts the root at the centre of a radial layout', () => {
    const { positions } = layoutTree(chainOfChildren(6), 'RADIAL');
    expect(positions.get('root')).toEqual({ x: -NODE_WIDTH / 2, y: -NODE_HEIGHT / 2 });
  });

  it('keeps every card in place when a child is added after them, moving the re-centred parent alone', () => {
    const doc = chainOfChildren(5);
    const before = layoutTree(doc, 'TB').positions;
    const after = layoutTree(addChild(doc, 'root', { title: 'Sixth', id: 'c5' }).document, 'TB').positions;
    for (let i = 0; i < 5; i++) expect(after.get(`c${i}`)).toEqual(before.get(`c${i}`));
    expect(after.get('root')!.x).toBeGreaterThan(before.get('root')!.x);
    // The first card across is centred on 0.
    expect(Math.min(...[...after.values()].map((p) => p.x))).toBe(-NODE_WIDTH / 2);
  });

  it('hides the descendants of a collapsed node', () => {
    let doc = chainOfChildren(2);
    doc = addChild(doc, 'c0', { title: 'Grandchild', id: 'g' }).document;
    doc = updateNode(doc, 'c0', { collapsed: true });
    const layout = layoutTree(doc);
    expect(layout.visible).toEqual(['root', 'c0', 'c1']);
    expect(layout.positions.has('g')).toBe(false);
  });

  it('treats a content edit as the same structure and an added node as a new one', () => {
    const doc = chainOfChildren(3);
    expect(sameStructure(doc, updateNode(doc, 'c1', { content: 'x', title: 'Renamed' }))).toBe(true);
    expect(sameStructure(doc, addChild(doc, 'c1', { title: 'New' }).document)).toBe(false);
  });
});

describe('buildFlowNodes', () => {
  it('reuses the node objects an edit did not touch', () => {
    const doc = chainOfChildren(50);
    const layout = layoutTree(doc);
    const first = buildFlowNodes(doc, layout, { selectedId: null }, new Map());
    const edited = updateNode(doc, 'c7', { title: 'Edited' });
    const second = buildFlowNodes(edited, layout, { selectedId: null }, first.byId);
    const changed = second.nodes.filter((n) => first.byId.get(n.id) !== n).map((n) => n.id);
    expect(changed).toEqual(['c7']);
  });

  it('gives every node its known size so React Flow need not measure it', () => {
    const doc = chainOfChildren(2);
    const { nodes } = buildFlowNodes(doc, layoutTree(doc), { selectedId: 'root' }, new Map());
    expect(nodes.every((n) => n.width === NODE_WIDTH && n.height === NODE_HEIGHT && n.handles?.length === 2)).toBe(
      true,
    );
    expect(nodes.find((n) => n.id === 'root')!.selected).toBe(true);
  });

  it('keeps every tree edge object when a node is added, and adds one', () => {
    const doc = chainOfChildren(40);
    const labels = {
      nodeRole: 'skill',
      edgeRole: 'link',
      child: (a: string, b: string) => `${a} → ${b}`,
      link: (_: string, a: string, b: string) => `${a} – ${b}`,
    };
    const first = buildFlowEdges(doc, layoutTree(doc), new Map(), labels);
    const added = addChild(doc, 'c3', { title: 'New', id: 'n' }).document;
    const second = buildFlowEdges(added, layoutTree(added), first.byId, labels);
    expect(second.edges.filter((e) => first.byId.get(e.id) !== e).map((e) => e.id)).toEqual(['t:n']);
    // A renamed parent re-labels its edges.
    const renamed = updateNode(added, 'c3', { title: 'Renamed' });
    const third = buildFlowEdges(renamed, layoutTree(renamed), second.byId, labels);
    expect(third.byId.get('t:n')!.ariaLabel).toBe('Renamed → New');
  });
});
