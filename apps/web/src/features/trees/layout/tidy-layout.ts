import { hierarchy, tree, type HierarchyPointNode } from 'd3-hierarchy';
import type { LayoutDirection, TreeDocument } from '../model/tree-document.ts';
import { indexTree } from '../model/tree-index.ts';

// Every node has the same, known size: React Flow then never has to measure before it can place,
// cull (onlyRenderVisibleElements) or draw edges, and the layout needs no DOM.
export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 64;
/** the gap between neighbouring cards across the tree (sibling axis) */
export const GAP_X = 28;
/** the gap between a parent's row (or column) and its children's */
export const GAP_Y = 72;

export interface Point {
  x: number;
  y: number;
}

export interface TreeLayout {
  direction: LayoutDirection;
  /** top-left corner of every visible node (children of collapsed nodes are absent) */
  positions: Map<string, Point>;
  /** visible node ids in depth-first document order */
  visible: string[];
}

interface LayoutDatum {
  id: string;
  kids: LayoutDatum[];
}

/** Builds the visible hierarchy: a collapsed node keeps its place but hides its descendants. */
function visibleHierarchy(doc: TreeDocument): LayoutDatum | null {
  if (!doc.nodes.some((node) => node.parent_id === null)) return null;
  const index = indexTree(doc);
  const build = (id: string): LayoutDatum => {
    const node = index.byId.get(id)!;
    const kids = node.collapsed ? [] : (index.children.get(id) ?? []).map(build);
    return { id, kids };
  };
  // Iterative depth is not needed: documents are limited to 5,000 nodes and real trees are shallow,
  // but a pathological chain would still only reach that depth, well within the JS stack.
  return build(index.root.id);
}

function place(root: HierarchyPointNode<LayoutDatum>, direction: LayoutDirection): Map<string, Point> {
  const positions = new Map<string, Point>();
  if (direction === 'RADIAL') {
    const maxDepth = Math.max(1, root.height);
    const leaves = root.leaves().length;
    // The outer ring must be long enough for every leaf side by side, and rings must clear a node.
    const ring = Math.max(NODE_WIDTH + 60, (leaves * (NODE_HEIGHT + 40)) / (2 * Math.PI) / maxDepth);
    root.each((d) => {
      const angle = d.x - Math.PI / 2;
      const radius = d.depth * ring;
      positions.set(d.data.id, {
        x: Math.round(radius * Math.cos(angle) - NODE_WIDTH / 2),
        y: Math.round(radius * Math.sin(angle) - NODE_HEIGHT / 2),
      });
    });
    return positions;
  }
  // Anchored at the tree's first edge across (the leftmost card top-down, the topmost left-right), not
  // at the root: growing a branch then moves what lies after it, not every card around a re-centred
  // root, so an edit re-positions (and React Flow re-adopts) a few nodes instead of all of them.
  let first = Infinity;
  root.each((d) => {
    first = Math.min(first, d.x);
  });
  root.each((d) => {
    const across = d.x - first;
    const point = direction === 'LR' ? { x: d.y, y: across } : { x: across, y: d.y };
    positions.set(d.data.id, { x: Math.round(point.x - NODE_WIDTH / 2), y: Math.round(point.y - NODE_HEIGHT / 2) });
  });
  return positions;
}

/** Tidy-tree layout (Reingold–Tilford via d3-hierarchy) of the visible nodes, top-down, left-right or radial. */
export function layoutTree(doc: TreeDocument, direction: LayoutDirection = doc.layout.direction): TreeLayout {
  const data = visibleHierarchy(doc);
  if (!data) return { direction, positions: new Map(), visible: [] };
  const root = hierarchy(data, (d) => d.kids);
  let laidOut: HierarchyPointNode<LayoutDatum>;
  if (direction === 'RADIAL') {
    laidOut = tree<LayoutDatum>()
      .size([2 * Math.PI, 1])
      .separation((a, b) => (a.parent === b.parent ? 1 : 2) / Math.max(1, a.depth))(root);
  } else {
    const size: [number, number] =
      direction === 'LR' ? [NODE_HEIGHT + GAP_X / 2, NODE_WIDTH + GAP_Y] : [NODE_WIDTH + GAP_X, NODE_HEIGHT + GAP_Y];
    laidOut = tree<LayoutDatum>()
      .nodeSize(size)
      .separation((a, b) => (a.parent === b.parent ? 1 : 1.2))(root);
  }
  const positions = place(laidOut, direction);
  // A position stored in the document (set by an import or another tool) overrides auto layout.
  const index = indexTree(doc);
  const visible: string[] = [];
  laidOut.each((d) => {
    visible.push(d.data.id);
    const fixed = index.byId.get(d.data.id)?.position;
    if (fixed) positions.set(d.data.id, fixed);
  });
  return { direction, positions, visible };
}

/**
 * True when two documents lay out identically: same nodes in the same order under the same parents,
 * same collapsed flags and fixed positions. Title or content edits then skip the layout entirely.
 */
export function sameStructure(a: TreeDocument, b: TreeDocument): boolean {
  if (a === b) return true;
  if (a.layout.direction !== b.layout.direction || a.nodes.length !== b.nodes.length) return false;
  for (let i = 0; i < a.nodes.length; i++) {
    const x = a.nodes[i]!;
    const y = b.nodes[i]!;
    if (x === y) continue;
    if (x.id !== y.id || x.parent_id !== y.parent_id || x.collapsed !== y.collapsed) return false;
    if (x.position?.x !== y.position?.x || x.position?.y !== y.position?.y) return false;
  }
  return true;
}

const layoutsByDocument = new WeakMap<TreeDocument, TreeLayout>();
let lastLaidOut: { doc: TreeDocument; layout: TreeLayout } | null = null;

/**
 * The layout of a document, computed once per document value and reused across edits that keep its
 * shape (titles, content): the canvas draws with it, and the editor can pan to a node it just added
 * before React Flow has rendered that node.
 */
export function layoutFor(doc: TreeDocument): TreeLayout {
  const cached = layoutsByDocument.get(doc);
  if (cached) return cached;
  const layout = lastLaidOut && sameStructure(lastLaidOut.doc, doc) ? lastLaidOut.layout : layoutTree(doc);
  lastLaidOut = { doc, layout };
  layoutsByDocument.set(doc, layout);
  return layout;
}
