import {
  createNode,
  createNodeId,
  DEFAULT_TREE_LIMITS,
  LayoutDirection,
  NODE_ID_PATTERN,
  NodeResource,
  UnlockMode,
  type TreeDocument,
  type TreeLimits,
  type TreeLink,
  type TreeNode,
} from './document.ts';
import { indexTree } from './tree-index.ts';
import { validateTreeDocument, type TreeValidationResult } from './validate.ts';
import { refusedImport } from './import-refusal.ts';

/**
 * JSON Canvas 1.0 (https://jsoncanvas.org/spec/1.0/), the open format of Obsidian's canvases: each
 * node is a text card (`# Title` and the content as Markdown), parent → child edges run top to bottom,
 * links are labelled edges. Arbor's other fields ride along in an `arbor` object on the card, so an
 * export comes back whole; a canvas drawn elsewhere becomes a tree by its edges.
 */

export const CANVAS_CARD = { width: 260, height: 120 } as const;

interface CanvasNode {
  id: string;
  type: 'text' | 'file' | 'link' | 'group';
  x: number;
  y: number;
  width: number;
  height: number;
  color?: string;
  text?: string;
  file?: string;
  url?: string;
  label?: string;
  arbor?: {
    title?: string;
    summary?: string;
    icon?: string | null;
    estimate_minutes?: number | null;
    resources?: unknown;
  };
}
interface CanvasEdge {
  id: string;
  fromNode: string;
  toNode: string;
  fromSide?: 'top' | 'right' | 'bottom' | 'left';
  toSide?: 'top' | 'right' | 'bottom' | 'left';
  toEnd?: 'none' | 'arrow';
  label?: string;
}
export interface JsonCanvas {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  /** Arbor's document settings (other apps ignore the key) */
  arbor?: { layout: TreeDocument['layout']; unlock: TreeDocument['unlock'] };
}

/** Where each node's card goes: the editor's layout, else an indented outline (depth across, order down). */
export type CanvasPositions = ReadonlyMap<string, { x: number; y: number }>;

function outlinePositions(doc: TreeDocument): Map<string, { x: number; y: number }> {
  const index = indexTree(doc);
  const positions = new Map<string, { x: number; y: number }>();
  const stack = [{ id: index.root.id, depth: 0 }];
  while (stack.length) {
    const { id, depth } = stack.pop()!;
    positions.set(id, { x: depth * (CANVAS_CARD.width + 60), y: positions.size * (CANVAS_CARD.height + 40) });
    const children = index.children.get(id) ?? [];
    for (const child of [...children].reverse()) stack.push({ id: child, depth: depth + 1 });
  }
  return positions;
}

const cardText = (node: TreeNode) =>
  [`# ${node.title.replace(/\s+/g, ' ')}`, node.content].filter(Boolean).join('\n\n');

/** The tree as a JSON Canvas document (an object; `JSON.stringify` it to save). */
export function exportJsonCanvas(doc: TreeDocument, positions: CanvasPositions = outlinePositions(doc)): JsonCanvas {
  const fallback = positions.size ? null : outlinePositions(doc);
  const nodes: CanvasNode[] = doc.nodes.map((node) => {
    const at = positions.get(node.id) ?? fallback?.get(node.id) ?? { x: 0, y: 0 };
    return {
      id: node.id,
      type: 'text',
      x: Math.round(at.x),
      y: Math.round(at.y),
      ...CANVAS_CARD,
      ...(node.color ? { color: node.color } : {}),
      text: cardText(node),
      arbor: {
        title: node.title,
        summary: node.summary,
        icon: node.icon,
        estimate_minutes: node.estimate_minutes,
        resources: node.resources,
      },
    };
  });
  const edges: CanvasEdge[] = [
    ...doc.nodes
      .filter((node) => node.parent_id !== null)
      .map((node) => ({
        id: `parent-${node.id}`,
        fromNode: node.parent_id!,
        toNode: node.id,
        fromSide: 'bottom' as const,
        toSide: 'top' as const,
      })),
    ...doc.links.map((link, i) => ({
      id: `link-${i}-${link.source}-${link.target}`,
      fromNode: link.source,
      toNode: link.target,
      toEnd: 'arrow' as const,
      label: link.kind,
    })),
  ];
  return { nodes, edges, arbor: { layout: doc.layout, unlock: doc.unlock ?? 'links' } };
}

export interface JsonCanvasImportOptions {
  /** title of the root when the canvas has several starting cards (default "Untitled") */
  rootTitle?: string;
  limits?: TreeLimits;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A card's title and content: the `arbor` title when there is one, else its first line (a heading or not). */
function textFields(card: Record<string, unknown>): Pick<TreeNode, 'title' | 'content'> {
  const text = typeof card.text === 'string' ? card.text.replace(/\r\n?/g, '\n') : '';
  const arbor = isObject(card.arbor) ? card.arbor : {};
  const [first = '', ...rest] = text.split('\n');
  const heading = /^#{1,6}\s+(.*)$/.exec(first)?.[1]?.trim();
  const named =
    typeof arbor.title === 'string' && arbor.title
      ? arbor.title
      : card.type === 'file' && typeof card.file === 'string'
        ? card.file.split('/').pop()!
        : card.type === 'link' && typeof card.url === 'string'
          ? card.url
          : typeof card.label === 'string' && card.label
            ? card.label
            : heading || first.trim();
  // An Arbor card is "# Title", a blank line, then the content exactly; other cards are trimmed.
  const content =
    typeof arbor.title === 'string' && arbor.title
      ? rest.join('\n').replace(/^\n/, '')
      : (heading !== undefined ? rest.join('\n') : text).trim();
  return { title: [...(named || 'Untitled')].slice(0, 200).join(''), content: content.slice(0, 100_000) };
}

function arborFields(card: Record<string, unknown>): Partial<TreeNode> {
  const arbor = isObject(card.arbor) ? card.arbor : {};
  const fields: Partial<TreeNode> = {};
  if (typeof arbor.summary === 'string') fields.summary = arbor.summary.slice(0, 1000);
  if (typeof arbor.icon === 'string') fields.icon = arbor.icon.slice(0, 100);
  const estimate = arbor.estimate_minutes;
  if (Number.isInteger(estimate) && (estimate as number) >= 0 && (estimate as number) <= 100_000) {
    fields.estimate_minutes = estimate as number;
  }
  if (Array.isArray(arbor.resources)) {
    fields.resources = arbor.resources.flatMap((r) => {
      const parsed = NodeResource.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    });
  }
  if (typeof card.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(card.color)) fields.color = card.color;
  if (card.type === 'link' && typeof card.url === 'string') {
    const link = NodeResource.safeParse({ title: '', url: card.url });
    if (link.success) fields.resources = [...(fields.resources ?? []), link.data];
  }
  return fields;
}

/**
 * Reads a JSON Canvas into a tree. Cards (groups aside) become nodes; an edge labelled `prerequisite`
 * or `related` is a link; any other edge makes its target a child of its source, the first such edge
 * into a card winning (later ones, or one that would close a loop, become related links). Cards no
 * edge leads into are the roots: one is the tree's root, several get a root of their own.
 */
export function importJsonCanvas(text: string, options: JsonCanvasImportOptions = {}): TreeValidationResult {
  let canvas: unknown;
  try {
    canvas = JSON.parse(text);
  } catch {
    return refusedImport('The file is not valid JSON.');
  }
  if (!isObject(canvas) || !Array.isArray(canvas.nodes))
    return refusedImport('Not a JSON Canvas: it has no "nodes" list.');
  const cards = canvas.nodes.filter((c): c is Record<string, unknown> => isObject(c) && c.type !== 'group');
  if (cards.length === 0) return refusedImport('The canvas has no cards.');
  const edges = (Array.isArray(canvas.edges) ? canvas.edges : []).filter(isObject);

  const taken = new Set<string>();
  const idOf = new Map<string, string>();
  const positions: { x: number; y: number }[] = [];
  const nodes: TreeNode[] = cards.map((card, i) => {
    const wanted = typeof card.id === 'string' ? card.id : '';
    const id = NODE_ID_PATTERN.test(wanted) && !taken.has(wanted) ? wanted : createNodeId(taken);
    taken.add(id);
    if (wanted && !idOf.has(wanted)) idOf.set(wanted, id);
    positions[i] = { x: Number(card.x) || 0, y: Number(card.y) || 0 };
    return createNode({ ...arborFields(card), ...textFields(card), id, parent_id: null });
  });

  const parentOf = new Map<string, string>();
  const reaches = (from: string, to: string) => {
    for (let at: string | undefined = from; at !== undefined; at = parentOf.get(at)) if (at === to) return true;
    return false;
  };
  const links: TreeLink[] = [];
  const linked = new Set<string>();
  const addLink = (source: string, target: string, kind: TreeLink['kind']) => {
    const pair = `${source}\u0000${target}`;
    if (source === target || linked.has(pair)) return;
    linked.add(pair);
    links.push({ source, target, kind });
  };
  for (const edge of edges) {
    const source = idOf.get(String(edge.fromNode));
    const target = idOf.get(String(edge.toNode));
    if (!source || !target || source === target) continue;
    const label = typeof edge.label === 'string' ? edge.label.trim().toLowerCase() : '';
    if (label === 'prerequisite' || label === 'related') addLink(source, target, label);
    else if (!parentOf.has(target) && !reaches(source, target)) parentOf.set(target, source);
    else addLink(source, target, 'related');
  }
  // Children in reading order of the canvas: top to bottom, then left to right.
  const order = nodes
    .map((_, i) => i)
    .sort((a, b) => positions[a]!.y - positions[b]!.y || positions[a]!.x - positions[b]!.x);
  let ordered = order.map((i) => ({ ...nodes[i]!, parent_id: parentOf.get(nodes[i]!.id) ?? null }));
  const roots = ordered.filter((n) => n.parent_id === null);
  if (roots.length > 1) {
    const rootId = createNodeId(taken);
    const root = createNode({ id: rootId, parent_id: null, title: options.rootTitle?.trim() || 'Untitled' });
    ordered = [root, ...ordered.map((n) => (n.parent_id === null ? { ...n, parent_id: rootId } : n))];
  }
  const settings = isObject(canvas.arbor) ? canvas.arbor : {};
  const layout = LayoutDirection.safeParse(isObject(settings.layout) ? settings.layout.direction : undefined);
  const unlock = UnlockMode.safeParse(settings.unlock);
  return validateTreeDocument(
    {
      format: 1,
      layout: { direction: layout.data ?? 'TB' },
      unlock: unlock.data ?? 'links',
      nodes: ordered,
      links,
    },
    options.limits ?? DEFAULT_TREE_LIMITS,
  );
}
