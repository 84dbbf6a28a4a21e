import type { LayoutDirection, TreeDocument } from '../model/tree-document.ts';
import { indexTree } from '../model/tree-index.ts';
import type { DiffMark } from './flow-elements.ts';
import type { Viewport } from './fit-view.ts';
import { cardRows, handlePoint, linkLane, linkRoute } from './link-route.ts';
import { NODE_HEIGHT, NODE_WIDTH, type Point, type TreeLayout } from './tidy-layout.ts';

// The zoomed-out overview of a big tree (components/OverviewCanvas.tsx): every node a box and every
// edge a line in one <canvas>, instead of thousands of DOM elements the browser re-composites on
// every frame of a pan. Everything here is pure: the scene is built once per layout, each frame culls
// it to the viewport and draws through the few 2D-context calls below.

type LinkKind = TreeDocument['links'][number]['kind'];

/** A line of the overview: a tree edge (parent → child) or a link, as a polyline with its bounds. */
export interface OverviewLine {
  kind: 'tree' | LinkKind;
  /** x0, y0, x1, y1, … in flow coordinates */
  points: number[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** What the overview draws, built once per (document, layout). */
export interface OverviewScene {
  direction: LayoutDirection;
  /** visible node ids in depth-first order (later ones draw on top) */
  ids: string[];
  /** top-left corners, by the position in `ids` */
  xs: Float64Array;
  ys: Float64Array;
  /** titles as they are */
  fullTitles: string[];
  /** titles, cut to what fits a box (clipTitle) */
  titles: string[];
  /** the node's own colour (`node.color`), null for the theme's primary colour */
  colors: Array<string | null>;
  /** position of the root in `ids` (−1 for none) */
  root: number;
  indexById: Map<string, number>;
  lines: OverviewLine[];
}

function lineOf(kind: OverviewLine['kind'], route: Point[]): OverviewLine {
  const points: number[] = [];
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const p of route) {
    points.push(p.x, p.y);
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { kind, points, minX, minY, maxX, maxY };
}

/** The overview scene of a laid-out document: node boxes, tree edges and links. */
export function buildOverviewScene(doc: TreeDocument, layout: TreeLayout): OverviewScene {
  const index = indexTree(doc);
  const count = layout.visible.length;
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  const titles: string[] = [];
  const fullTitles: string[] = [];
  const colors: Array<string | null> = [];
  const indexById = new Map<string, number>();
  const lines: OverviewLine[] = [];
  let root = -1;
  layout.visible.forEach((id, i) => {
    const node = index.byId.get(id)!;
    const p = layout.positions.get(id)!;
    xs[i] = p.x;
    ys[i] = p.y;
    fullTitles.push(node.title);
    titles.push(clipTitle(node.title));
    colors.push(node.color ?? null);
    indexById.set(id, i);
    if (node.parent_id === null) root = i;
    else if (layout.positions.has(node.parent_id))
      lines.push(
        lineOf(
          'tree',
          linkRoute(layout.direction, handlePoint(layout, node.parent_id, 's'), handlePoint(layout, id, 't'), null),
        ),
      );
  });
  if (doc.links.length) {
    const rows = cardRows(layout.direction, layout.positions);
    for (const link of doc.links) {
      if (!layout.positions.has(link.source) || !layout.positions.has(link.target)) continue;
      const s = handlePoint(layout, link.source, 's');
      const t = handlePoint(layout, link.target, 't');
      lines.push(lineOf(link.kind, linkRoute(layout.direction, s, t, linkLane(layout.direction, rows, s, t))));
    }
  }
  return {
    direction: layout.direction,
    ids: [...layout.visible],
    xs,
    ys,
    fullTitles,
    titles,
    colors,
    root,
    indexById,
    lines,
  };
}

/** A box in flow coordinates. */
export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The part of the flow a `width` × `height` canvas shows under `viewport`, grown by `margin` screen pixels. */
export function viewportRect(viewport: Viewport, width: number, height: number, margin = 0): Rect {
  const { x, y, zoom } = viewport;
  return {
    minX: (-x - margin) / zoom,
    minY: (-y - margin) / zoom,
    maxX: (width - x + margin) / zoom,
    maxY: (height - y + margin) / zoom,
  };
}

/** Positions (in `scene.ids`) of the nodes whose box meets `rect`, in drawing order. */
export function nodesInRect(scene: OverviewScene, rect: Rect): number[] {
  const found: number[] = [];
  const { xs, ys } = scene;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    if (x <= rect.maxX && x + NODE_WIDTH >= rect.minX && y <= rect.maxY && y + NODE_HEIGHT >= rect.minY) found.push(i);
  }
  return found;
}

/** The lines whose bounds meet `rect`. */
export function linesInRect(scene: OverviewScene, rect: Rect): OverviewLine[] {
  return scene.lines.filter(
    (l) => l.minX <= rect.maxX && l.maxX >= rect.minX && l.minY <= rect.maxY && l.maxY >= rect.minY,
  );
}

/** The id of the node under a point in flow coordinates (the topmost drawn one), or null. */
export function nodeAt(scene: OverviewScene, point: Point): string | null {
  const { xs, ys } = scene;
  for (let i = xs.length - 1; i >= 0; i--) {
    const x = xs[i]!;
    const y = ys[i]!;
    if (point.x >= x && point.x <= x + NODE_WIDTH && point.y >= y && point.y <= y + NODE_HEIGHT) return scene.ids[i]!;
  }
  return null;
}

/** Colours the overview draws with, resolved from the theme's CSS variables by the component. */
export interface OverviewPalette {
  /** tree edges */
  edge: string;
  /** a node's border */
  border: string;
  text: string;
  prerequisite: string;
  related: string;
  /** search matches' outline */
  match: string;
  diff: Record<DiffMark, string>;
  /** a node's fill and its accent (selection ring, the root's border) from its own colour, null for the primary */
  accent(color: string | null): { fill: string; stroke: string };
}

export interface OverviewFrame {
  viewport: Viewport;
  /** the canvas's size in CSS pixels */
  width: number;
  height: number;
  /** device pixels per CSS pixel */
  dpr: number;
  palette: OverviewPalette;
  selectedId: string | null;
  matches?: ReadonlySet<string>;
  diff?: ReadonlyMap<string, DiffMark>;
  /** an extra ring per node (learning mode's status colour), null for none */
  ring?: (id: string) => string | null;
}

/** The part of CanvasRenderingContext2D the overview uses (tests pass a recorder). */
export type OverviewContext = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'beginPath'
  | 'rect'
  | 'moveTo'
  | 'lineTo'
  | 'fill'
  | 'stroke'
  | 'setLineDash'
  | 'fillText'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
>;

/** Below this zoom titles are not drawn (26 px type would be under 6 screen pixels). */
export const OVERVIEW_TEXT_ZOOM = 0.23;
const TITLE_FONT_PX = 26;
/** how far (screen pixels) beyond the canvas nodes are still drawn, so a pan never shows a gap */
const MARGIN = 32;

function strokeLines(ctx: OverviewContext, lines: OverviewLine[]) {
  ctx.beginPath();
  for (const { points } of lines) {
    ctx.moveTo(points[0]!, points[1]!);
    for (let k = 2; k < points.length; k += 2) ctx.lineTo(points[k]!, points[k + 1]!);
  }
  ctx.stroke();
}

/**
 * Draws one frame: what meets the viewport, edges under nodes, nodes grouped by colour (one path and
 * one fill per colour), then marks (diff, matches, rings, the selection) and, when zoomed in enough to
 * read, titles. Returns how many nodes were drawn.
 */
export function drawOverview(ctx: OverviewContext, scene: OverviewScene, frame: OverviewFrame): number {
  const { viewport, width, height, dpr, palette } = frame;
  const { zoom } = viewport;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.setTransform(dpr * zoom, 0, 0, dpr * zoom, dpr * viewport.x, dpr * viewport.y);
  const rect = viewportRect(viewport, width, height, MARGIN);
  const px = 1 / zoom; // one screen pixel in flow units

  const lines = linesInRect(scene, rect);
  const tree = lines.filter((l) => l.kind === 'tree');
  ctx.setLineDash([]);
  ctx.lineWidth = 1.2 * px;
  ctx.strokeStyle = palette.edge;
  strokeLines(ctx, tree);
  for (const kind of ['prerequisite', 'related'] as const) {
    const own = lines.filter((l) => l.kind === kind);
    if (!own.length) continue;
    ctx.strokeStyle = palette[kind];
    ctx.lineWidth = 1.6 * px;
    ctx.setLineDash(kind === 'related' ? [5 * px, 4 * px] : []);
    strokeLines(ctx, own);
  }
  ctx.setLineDash([]);

  const visible = nodesInRect(scene, rect);
  const byColor = new Map<string | null, number[]>();
  for (const i of visible) {
    const key = scene.colors[i]!;
    const group = byColor.get(key);
    if (group) group.push(i);
    else byColor.set(key, [i]);
  }
  for (const [color, group] of byColor) {
    ctx.fillStyle = palette.accent(color).fill;
    ctx.beginPath();
    for (const i of group) ctx.rect(scene.xs[i]!, scene.ys[i]!, NODE_WIDTH, NODE_HEIGHT);
    ctx.fill();
  }
  // Borders only where a box is big enough to show one (about 6 screen pixels tall).
  if (NODE_HEIGHT * zoom >= 6) {
    ctx.strokeStyle = palette.border;
    ctx.lineWidth = px;
    ctx.beginPath();
    for (const i of visible) ctx.rect(scene.xs[i]!, scene.ys[i]!, NODE_WIDTH, NODE_HEIGHT);
    ctx.stroke();
  }

  const outline = (i: number, color: string, widthPx: number, offsetPx: number) => {
    const o = offsetPx * px;
    ctx.strokeStyle = color;
    ctx.lineWidth = widthPx * px;
    ctx.beginPath();
    ctx.rect(scene.xs[i]! - o, scene.ys[i]! - o, NODE_WIDTH + 2 * o, NODE_HEIGHT + 2 * o);
    ctx.stroke();
  };
  const onScreen = (i: number | undefined): i is number =>
    i !== undefined &&
    scene.xs[i]! <= rect.maxX &&
    scene.xs[i]! + NODE_WIDTH >= rect.minX &&
    scene.ys[i]! <= rect.maxY &&
    scene.ys[i]! + NODE_HEIGHT >= rect.minY;
  if (onScreen(scene.root >= 0 ? scene.root : undefined))
    outline(scene.root, palette.accent(scene.colors[scene.root]!).stroke, 1.5, 0);
  if (frame.ring) {
    for (const i of visible) {
      const color = frame.ring(scene.ids[i]!);
      if (color) outline(i, color, 2, 1);
    }
  }
  if (frame.diff?.size) {
    for (const [id, mark] of frame.diff) {
      const i = scene.indexById.get(id);
      if (onScreen(i)) outline(i, palette.diff[mark], 2, 0);
    }
  }
  if (frame.matches?.size) {
    for (const id of frame.matches) {
      const i = scene.indexById.get(id);
      if (onScreen(i)) outline(i, palette.match, 2, 3);
    }
  }
  const selected = frame.selectedId === null ? undefined : scene.indexById.get(frame.selectedId);
  if (onScreen(selected)) {
    // Stays visible however far out: at least 3 screen pixels, ringed twice (accent, then text colour).
    outline(selected, palette.text, 1.5, 5);
    outline(selected, palette.accent(scene.colors[selected]!).stroke, 3, 2);
  }

  if (zoom >= OVERVIEW_TEXT_ZOOM) {
    ctx.fillStyle = palette.text;
    ctx.font = `700 ${TITLE_FONT_PX}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const i of visible)
      ctx.fillText(scene.titles[i]!, scene.xs[i]! + NODE_WIDTH / 2, scene.ys[i]! + NODE_HEIGHT / 2);
  }
  return visible.length;
}

/** A title cut to what fits a box's width at the overview's type size (measured text costs too much per frame). */
export function clipTitle(title: string): string {
  // CJK characters are about as wide as the type is tall; Latin letters about half.
  const budget = NODE_WIDTH - 28;
  let used = 0;
  let end = 0;
  const chars = [...title];
  for (; end < chars.length; end++) {
    const wide = chars[end]!.codePointAt(0)! > 0x2e80;
    used += TITLE_FONT_PX * (wide ? 1 : 0.58);
    if (used > budget) break;
  }
  return end < chars.length ? `${chars.slice(0, Math.max(1, end - 1)).join('')}…` : title;
}
