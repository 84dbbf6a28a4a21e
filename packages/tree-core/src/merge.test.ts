import { describe, expect, it } from 'vitest';
import { createNode, type TreeDocument, type TreeNodeInput } from './document.ts';
import { mergeDocuments } from './merge.ts';
import { validateTreeDocument } from './validate.ts';

function doc(nodes: TreeNodeInput[], links: TreeDocument['links'] = []): TreeDocument {
  return { format: 1, layout: { direction: 'TB' }, nodes: nodes.map(createNode), links, unlock: 'links' };
}
const n = (id: string, parent_id: string | null, extra: Partial<TreeNodeInput> = {}): TreeNodeInput => ({
  id,
  parent_id,
  title: id.toUpperCase(),
  ...extra,
});
const base = doc([n('r', null), n('a', 'r'), n('b', 'r'), n('c', 'a')]);
const edit = (d: TreeDocument, id: string, patch: Partial<TreeNodeInput>): TreeDocument => ({
  ...d,
  nodes: d.nodes.map((node) => (node.id === id ? createNode({ ...node, ...patch }) : node)),
});
const without = (d: TreeDocument, ...ids: string[]): TreeDocument => ({
  ...d,
  nodes: d.nodes.filter((node) => !ids.includes(node.id)),
});
const withNode = (d: TreeDocument, node: TreeNodeInput, after?: string): TreeDocument => {
  const nodes = [...d.nodes];
  nodes.splice(after ? nodes.findIndex((x) => x.id === after) + 1 : nodes.length, 0, createNode(node));
  return { ...d, nodes };
};
const shape = (d: TreeDocument) => d.nodes.map((node) => `${node.parent_id ?? '-'}>${node.id}:${node.title}`);

describe('mergeDocuments', () => {
  it('takes a field changed on one side only from that side', () => {
    const mine = edit(base, 'a', { title: 'Mine A' });
    const theirs = edit(base, 'b', { summary: 'their summary' });
    const { document, conflicts } = mergeDocuments(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(document.nodes.find((x) => x.id === 'a')!.title).toBe('Mine A');
    expect(document.nodes.find((x) => x.id === 'b')!.summary).toBe('their summary');
  });

  it('reports a field changed differently on both sides, and resolves it per node', () => {
    const mine = edit(base, 'a', { title: 'Mine' });
    const theirs = edit(base, 'a', { title: 'Theirs' });
    const open = mergeDocuments(base, mine, theirs);
    expect(open.conflicts).toEqual([{ node_id: 'a', field: 'title', base: 'A', mine: 'Mine', theirs: 'Theirs' }]);
    expect(mergeDocuments(base, mine, theirs, { a: 'theirs' }).document.nodes[1]!.title).toBe('Theirs');
    expect(mergeDocuments(base, mine, theirs, { a: 'mine' }).conflicts).toEqual([]);
    // the same change on both sides is no conflict
    expect(mergeDocuments(base, mine, mine).conflicts).toEqual([]);
  });

  it('keeps mine for collapsed and position changed on both sides', () => {
    const mine = edit(base, 'a', { collapsed: true, position: { x: 1, y: 2 } });
    const theirs = edit(base, 'a', { collapsed: false, position: { x: 9, y: 9 } });
    const merged = mergeDocuments(base, edit(mine, 'a', { collapsed: true }), edit(theirs, 'a', {}));
    expect(merged.conflicts).toEqual([]);
    expect(merged.document.nodes[1]!.position).toEqual({ x: 1, y: 2 });
  });

  it('adds nodes from either side, theirs after its predecessor in theirs', () => {
    const mine = withNode(base, n('m', 'r'));
    const theirs = withNode(base, n('t', 'r'), 'a');
    const { document, conflicts } = mergeDocuments(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(shape(document)).toEqual(['->r:R', 'r>a:A', 'a>c:C', 'r>t:T', 'r>b:B', 'r>m:M']);
  });

  it('removes a node removed on one side and unchanged on the other; removed and changed is a conflict', () => {
    expect(shape(mergeDocuments(base, without(base, 'b'), base).document)).not.toContain('r>b:B');
    const changed = edit(base, 'b', { content: 'more' });
    const merged = mergeDocuments(base, changed, without(base, 'b'));
    expect(merged.conflicts).toMatchObject([{ node_id: 'b', field: 'presence' }]);
    expect(shape(mergeDocuments(base, changed, without(base, 'b'), { b: 'theirs' }).document)).not.toContain('r>b:B');
  });

  it('makes a node added under a parent the other side removed a conflict, and brings the parent back to keep it', () => {
    const mine = without(base, 'a', 'c');
    const theirs = withNode(base, n('t', 'a'));
    expect(mergeDocuments(base, mine, theirs).conflicts).toMatchObject([{ node_id: 't', field: 'parent_id' }]);
    const kept = mergeDocuments(base, mine, theirs, { t: 'theirs' });
    expect(kept.conflicts).toEqual([]);
    expect(shape(kept.document)).toEqual(expect.arrayContaining(['r>a:A', 'a>t:T']));
    const dropped = mergeDocuments(base, mine, theirs, { t: 'mine' });
    expect(shape(dropped.document)).toEqual(['->r:R', 'r>b:B']);
  });

  it('applies a move from one side, and reports different moves of one node', () => {
    const theirs = edit(base, 'c', { parent_id: 'b' });
    expect(shape(mergeDocuments(base, base, theirs).document)).toContain('b>c:C');
    const mine = edit(base, 'c', { parent_id: 'r' });
    expect(mergeDocuments(base, mine, theirs).conflicts).toMatchObject([
      { node_id: 'c', field: 'parent_id', mine: 'r', theirs: 'b' },
    ]);
  });

  it('breaks a loop that moves on both sides would close', () => {
    const mine = edit(base, 'a', { parent_id: 'b' });
    const theirs = edit(base, 'b', { parent_id: 'a' });
    const open = mergeDocuments(base, mine, theirs);
    expect(open.conflicts).toMatchObject([{ node_id: 'b', field: 'parent_id' }]);
    expect(validateTreeDocument(open.document).ok).toBe(true);
    const forced = mergeDocuments(base, mine, theirs, { b: 'theirs' });
    expect(forced.conflicts.length).toBeGreaterThan(0);
  });

  it('keeps link additions from both sides and applies removals unless the other side added the link', () => {
    const linked = doc(base.nodes, [{ source: 'a', target: 'b', kind: 'prerequisite' }]);
    const mine = { ...linked, links: [...linked.links, { source: 'b', target: 'c', kind: 'related' as const }] };
    const theirs = { ...linked, links: [] };
    const { document } = mergeDocuments(linked, mine, theirs);
    expect(document.links).toEqual([{ source: 'b', target: 'c', kind: 'related' }]);
  });

  it('keeps mine for layout and unlock unless only theirs changed them', () => {
    const theirs = { ...base, layout: { direction: 'LR' as const }, unlock: 'parent' as const };
    expect(mergeDocuments(base, base, theirs).document).toMatchObject({
      layout: { direction: 'LR' },
      unlock: 'parent',
    });
    const mine = { ...base, layout: { direction: 'RADIAL' as const } };
    expect(mergeDocuments(base, mine, theirs).document.layout).toEqual({ direction: 'RADIAL' });
  });
});
