import { addChild, createTreeDocument, type TreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import {
  COVER_HEIGHT,
  COVER_WIDTH,
  coverGeometry,
  TREE_AREA,
  type CoverBox,
  type CoverInput,
} from './cover-geometry.ts';
import { coverInputOf } from './render-cover.ts';

/** A root with `wide` children, a few of which have children of their own. */
function wideTree(wide: number, grandchildren = 0): TreeDocument {
  let doc = createTreeDocument('Wide');
  for (let i = 0; i < wide; i++) doc = addChild(doc, 'root', { title: `Leaf ${i}`, id: `l${i}` }).document;
  for (let i = 0; i < grandchildren; i++)
    doc = addChild(doc, `l${i % wide}`, { title: `Sub ${i}`, id: `s${i}` }).document;
  return doc;
}

/** A tree of `count` nodes, `fanOut` children per node, breadth first. */
function bushyTree(count: number, fanOut: number): TreeDocument {
  let doc = createTreeDocument('Big');
  const ids = ['root'];
  for (let i = 1; i < count; i++) {
    const parent = ids[Math.floor((i - 1) / fanOut)]!;
    doc = addChild(doc, parent, { title: `Node ${i}`, id: `n${i}` }).document;
    ids.push(`n${i}`);
  }
  return doc;
}

const inside = (box: CoverBox) =>
  box.x >= TREE_AREA.x - 0.01 &&
  box.y >= TREE_AREA.y - 0.01 &&
  box.x + box.width <= TREE_AREA.x + TREE_AREA.width + 0.01 &&
  box.y + box.height <= TREE_AREA.y + TREE_AREA.height + 0.01;

const overlap = (a: CoverBox, b: CoverBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('coverGeometry', () => {
  it('is a 1200×630 picture, and an empty tree draws nothing', () => {
    const scene = coverGeometry({ direction: 'TB', nodeWidth: 220, nodeHeight: 64, nodes: [] });
    expect([scene.width, scene.height]).toEqual([1200, 630]);
    expect([COVER_WIDTH, COVER_HEIGHT]).toEqual([1200, 630]);
    expect(scene.boxes).toEqual([]);
    expect(scene.edges).toEqual([]);
  });

  it('draws a small tree at the editor size with titles, centred under the title band', () => {
    const scene = coverGeometry(coverInputOf(wideTree(3)));
    expect(scene.boxes).toHaveLength(4);
    expect(scene.edges).toHaveLength(3);
    for (const box of scene.boxes) {
      expect(box.width).toBe(220);
      expect(box.height).toBe(64);
      expect(inside(box)).toBe(true);
    }
    expect(scene.boxes.map((b) => b.label)).toEqual(['Wide', 'Leaf 0', 'Leaf 1', 'Leaf 2']);
    expect(scene.fontSize).toBeGreaterThan(0);
    const root = scene.boxes[0]!;
    expect(root.root).toBe(true);
    // Centred horizontally: the root sits in the middle of the area.
    expect(root.x + root.width / 2).toBeCloseTo(TREE_AREA.x + TREE_AREA.width / 2, 0);
    // Edges run from the bottom of the parent to the top of each child.
    for (const edge of scene.edges) {
      expect(edge.y1).toBeCloseTo(root.y + root.height, 1);
      expect(edge.curve).toBe('vertical');
    }
  });

  it('fits a wide tree (80 nodes, 74 on one level) with separate boxes and no text, spreading its levels', () => {
    const scene = coverGeometry(coverInputOf(wideTree(74, 5)));
    expect(scene.boxes).toHaveLength(80);
    expect(scene.edges).toHaveLength(79);
    expect(scene.fontSize).toBe(0);
    expect(scene.boxes.every((box) => box.label === null)).toBe(true);
    expect(scene.boxes.every(inside)).toBe(true);
    const leaves = scene.boxes.filter((box) => box.id.startsWith('l'));
    for (let i = 1; i < leaves.length; i++) expect(overlap(leaves[i - 1]!, leaves[i]!)).toBe(false);
    // Tiny boxes stay visible chips, not slivers.
    expect(leaves[0]!.width).toBeGreaterThan(8);
    expect(leaves[0]!.height).toBeGreaterThanOrEqual(leaves[0]!.width * 0.5);
    // The three levels spread over most of the area's height instead of a thin strip.
    const ys = scene.boxes.map((box) => box.y);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(TREE_AREA.height / 2);
  });

  it('spreads a left-right tree along x and a radial one keeps its proportions', () => {
    const lr = coverGeometry(coverInputOf({ ...wideTree(40), layout: { direction: 'LR' } }));
    expect(lr.boxes.every(inside)).toBe(true);
    expect(lr.edges.every((edge) => edge.curve === 'horizontal' && edge.x2 > edge.x1)).toBe(true);
    const xs = lr.boxes.map((box) => box.x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(TREE_AREA.width / 4);

    const radial = coverGeometry(coverInputOf({ ...bushyTree(60, 4), layout: { direction: 'RADIAL' } }));
    expect(radial.boxes.every(inside)).toBe(true);
    expect(radial.edges.every((edge) => edge.curve === 'straight')).toBe(true);
  });

  it('includes the children of collapsed branches (the whole tree)', () => {
    const doc = wideTree(3, 3);
    const collapsed = { ...doc, nodes: doc.nodes.map((n) => (n.id === 'l0' ? { ...n, collapsed: true } : n)) };
    expect(coverGeometry(coverInputOf(collapsed)).boxes).toHaveLength(doc.nodes.length);
  });

  it('places 2,000 nodes inside the picture, the same way every time', () => {
    const input: CoverInput = coverInputOf(bushyTree(2000, 6));
    const scene = coverGeometry(input);
    expect(scene.boxes).toHaveLength(2000);
    expect(scene.edges).toHaveLength(1999);
    expect(scene.fontSize).toBe(0);
    expect(scene.boxes.every(inside)).toBe(true);
    for (const box of scene.boxes) expect(box.width).toBeGreaterThanOrEqual(2);
    for (const value of scene.boxes.flatMap((b) => [b.x, b.y, b.width, b.height]))
      expect(Number.isFinite(value)).toBe(true);
    expect(coverGeometry(input)).toEqual(scene);
  });

  it('keeps stored positions and single nodes inside the area', () => {
    const single = coverGeometry({
      direction: 'TB',
      nodeWidth: 220,
      nodeHeight: 64,
      nodes: [{ id: 'root', parentId: null, title: 'Alone', color: '#ff0000', x: 5000, y: -3000 }],
    });
    expect(single.boxes).toHaveLength(1);
    expect(single.boxes[0]).toMatchObject({ width: 220, height: 64, color: '#ff0000', label: 'Alone' });
    expect(inside(single.boxes[0]!)).toBe(true);
  });
});
