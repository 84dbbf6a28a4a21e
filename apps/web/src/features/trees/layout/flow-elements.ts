import { MarkerType, Position, type Edge, type Node, type NodeHandle } from '@xyflow/react';
import type { LayoutDirection, TreeDocument, TreeNode } from '../model/tree-document.ts';
import { indexTree } from '../model/tree-index.ts';
import { cardRows, handlePoint, linkLane } from './link-route.ts';
import { NODE_HEIGHT, NODE_WIDTH, type TreeLayout } from './tidy-layout.ts';

/** How a node compares with another version (versions page); absent in the editor. */
export type DiffMark = 'added' | 'removed' | 'changed' | 'moved';

interface SkillNodeData extends Record<string, unknown> {
  node: TreeNode;
  direction: LayoutDirection;
  childCount: number;
  diff: DiffMark | null;
  match: boolean;
  dropHint: DropHint | null;
}

export type DropHint = 'child' | 'before' | 'after';
export type SkillFlowNode = Node<SkillNodeData, 'skill'>;

/** Extra per-node state that is not in the document. */
interface Decorations {
  selectedId: string | null;
  diff?: Map<string, DiffMark>;
  matches?: Set<string>;
  drop?: { id: string; hint: DropHint } | null;
  /** a node being dragged: its pointer-following position replaces the layout one */
  dragging?: { id: string; x: number; y: number } | null;
  /** what assistive technology calls nodes and edges, in the UI language */
  labels?: CanvasLabels;
}

/**
 * Names of canvas elements for screen readers, translated once per language (a translation call per
 * element would cost on 2,000 nodes). React Flow's own fallbacks are English ("node", "Edge from
 * <id> to <id>").
 */
export interface CanvasLabels {
  /** the role description of a node ("skill") */
  nodeRole: string;
  /** the role description of an edge ("link") */
  edgeRole: string;
  /** a tree edge, parent → child */
  child(parent: string, child: string): string;
  /** a prerequisite or related link */
  link(kind: LinkKind, source: string, target: string): string;
}

type LinkKind = TreeDocument['links'][number]['kind'];

function handlesFor(direction: LayoutDirection): NodeHandle[] {
  if (direction === 'RADIAL') {
    // Radial edges run centre to centre; nodes paint above them.
    const c = { x: NODE_WIDTH / 2, y: NODE_HEIGHT / 2, width: 1, height: 1 };
    return [
      { id: 's', type: 'source', position: Position.Bottom, ...c },
      { id: 't', type: 'target', position: Position.Top, ...c },
    ];
  }
  if (direction === 'LR') {
    return [
      { id: 's', type: 'source', position: Position.Right, x: NODE_WIDTH - 1, y: NODE_HEIGHT / 2, width: 1, height: 1 },
      { id: 't', type: 'target', position: Position.Left, x: 0, y: NODE_HEIGHT / 2, width: 1, height: 1 },
    ];
  }
  return [
    { id: 's', type: 'source', position: Position.Bottom, x: NODE_WIDTH / 2, y: NODE_HEIGHT - 1, width: 1, height: 1 },
    { id: 't', type: 'target', position: Position.Top, x: NODE_WIDTH / 2, y: 0, width: 1, height: 1 },
  ];
}

const handleCache = new Map<LayoutDirection, NodeHandle[]>();
function cachedHandles(direction: LayoutDirection) {
  let handles = handleCache.get(direction);
  if (!handles) handleCache.set(direction, (handles = handlesFor(direction)));
  return handles;
}

/**
 * Turns the document and its layout into React Flow nodes, reusing the previous object for every
 * node whose inputs did not change. React Flow compares node objects by identity, so an edit that
 * touches one node costs one node's update, not 2,000 (PERFORMANCE.md).
 */
export function buildFlowNodes(
  doc: TreeDocument,
  layout: TreeLayout,
  deco: Decorations,
  previous: Map<string, SkillFlowNode>,
): { nodes: SkillFlowNode[]; byId: Map<string, SkillFlowNode> } {
  const index = indexTree(doc);
  const handles = cachedHandles(layout.direction);
  const nodes: SkillFlowNode[] = [];
  const byId = new Map<string, SkillFlowNode>();
  for (const id of layout.visible) {
    const node = index.byId.get(id)!;
    const laid = layout.positions.get(id)!;
    const position = deco.dragging?.id === id ? { x: deco.dragging.x, y: deco.dragging.y } : laid;
    const childCount = index.children.get(id)?.length ?? 0;
    const selected = deco.selectedId === id;
    const diff = deco.diff?.get(id) ?? null;
    const match = deco.matches?.has(id) ?? false;
    const dropHint = deco.drop?.id === id ? deco.drop.hint : null;
    const prev = previous.get(id);
    const domAttributes = deco.labels ? roleAttributes(deco.labels.nodeRole) : undefined;
    const d = prev?.data;
    const sameData =
      d !== undefined &&
      d.node === node &&
      d.direction === layout.direction &&
      d.childCount === childCount &&
      d.diff === diff &&
      d.match === match &&
      d.dropHint === dropHint;
    const reusable =
      prev &&
      sameData &&
      prev.selected === selected &&
      prev.domAttributes === domAttributes &&
      prev.position.x === position.x &&
      prev.position.y === position.y;
    const flowNode: SkillFlowNode = reusable
      ? prev
      : {
          id,
          type: 'skill',
          position,
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          handles,
          selected,
          ariaLabel: node.summary ? `${node.title}: ${node.summary}` : node.title,
          domAttributes,
          // kept when only the position changed, so the node's view does not re-render
          data: sameData ? d : { node, direction: layout.direction, childCount, diff, match, dropHint },
        };
    nodes.push(flowNode);
    byId.set(id, flowNode);
  }
  return { nodes, byId };
}

// One attributes object per role description, so unchanged nodes and edges keep their identity.
const roleAttributesCache = new Map<string, { 'aria-roledescription': string }>();
function roleAttributes(role: string) {
  let attributes = roleAttributesCache.get(role);
  if (!attributes) roleAttributesCache.set(role, (attributes = { 'aria-roledescription': role }));
  return attributes;
}

/** What a link edge is drawn from (components/LinkEdge.tsx). */
export interface LinkEdgeData extends Record<string, unknown> {
  kind: LinkKind;
  direction: LayoutDirection;
  /** where the link crosses rows between its ends (layout/link-route.ts), null for none */
  lane: number | null;
}

/** Prerequisites are solid with an arrow head (the source comes first); related links dashed, without a direction. */
export const LINK_COLORS = { prerequisite: 'var(--mantine-color-orange-6)', related: 'var(--mantine-color-grape-5)' };

/** The node objects (and labels) a tree edge was built from. */
const treeEdgeInputs = new WeakMap<Edge, { parent: TreeNode; child: TreeNode; labels: CanvasLabels | undefined }>();

/** Tree edges (parent → child) and the document's extra links, reusing unchanged edge objects. */
export function buildFlowEdges(
  doc: TreeDocument,
  layout: TreeLayout,
  previous: Map<string, Edge>,
  labels?: CanvasLabels,
): { edges: Edge[]; byId: Map<string, Edge> } {
  const index = indexTree(doc);
  const title = (id: string) => index.byId.get(id)?.title ?? id;
  const domAttributes = labels ? roleAttributes(labels.edgeRole) : undefined;
  const edges: Edge[] = [];
  const byId = new Map<string, Edge>();
  const treeType = layout.direction === 'RADIAL' ? 'straight' : layout.direction === 'LR' ? 'default' : 'smoothstep';
  const push = (edge: Edge) => {
    const prev = previous.get(edge.id);
    const same =
      prev &&
      prev.source === edge.source &&
      prev.target === edge.target &&
      prev.type === edge.type &&
      prev.ariaLabel === edge.ariaLabel &&
      prev.data?.lane === edge.data?.lane &&
      prev.data?.direction === edge.data?.direction &&
      prev.domAttributes === edge.domAttributes;
    const chosen = same ? prev : edge;
    edges.push(chosen);
    byId.set(chosen.id, chosen);
  };
  const visible = layout.positions;
  const rows = doc.links.length ? cardRows(layout.direction, layout.positions) : null;
  for (const id of layout.visible) {
    const child = index.byId.get(id)!;
    const parent = child.parent_id;
    if (!parent) continue;
    // A tree edge whose two node objects are the ones it was built from is the same edge: reused without
    // building its label again (a new node adds one edge, it need not re-label 5,000).
    const prev = previous.get(`t:${id}`);
    const from = prev && treeEdgeInputs.get(prev);
    if (
      prev &&
      from &&
      from.parent === index.byId.get(parent) &&
      from.child === child &&
      from.labels === labels &&
      prev.type === treeType &&
      prev.domAttributes === domAttributes
    ) {
      edges.push(prev);
      byId.set(prev.id, prev);
      continue;
    }
    push({
      id: `t:${id}`,
      source: parent,
      target: id,
      sourceHandle: 's',
      targetHandle: 't',
      type: treeType,
      ariaLabel: labels?.child(title(parent), title(id)),
      domAttributes,
      className: 'arbor-tree-edge',
      selectable: false,
    });
    treeEdgeInputs.set(edges[edges.length - 1]!, { parent: index.byId.get(parent)!, child, labels });
  }
  for (const link of doc.links) {
    if (!visible.has(link.source) || !visible.has(link.target)) continue;
    const color = LINK_COLORS[link.kind];
    const lane = linkLane(
      layout.direction,
      rows!,
      handlePoint(layout, link.source, 's'),
      handlePoint(layout, link.target, 't'),
    );
    push({
      id: `l:${link.kind}:${link.source}:${link.target}`,
      source: link.source,
      target: link.target,
      sourceHandle: 's',
      targetHandle: 't',
      type: 'link',
      ariaLabel: labels?.link(link.kind, title(link.source), title(link.target)),
      domAttributes,
      className: `arbor-link arbor-link-${link.kind}`,
      style:
        link.kind === 'prerequisite'
          ? { stroke: color, strokeWidth: 2.2 }
          : { stroke: color, strokeWidth: 1.8, strokeDasharray: '6 5' },
      markerEnd:
        link.kind === 'prerequisite' ? { type: MarkerType.ArrowClosed, color, width: 18, height: 18 } : undefined,
      zIndex: 1,
      data: { kind: link.kind, direction: layout.direction, lane } satisfies LinkEdgeData,
    });
  }
  return { edges, byId };
}
