import { NODE_HEIGHT, NODE_WIDTH, type Point, type TreeLayout } from './tidy-layout.ts';

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export interface FitOptions {
  /** the largest zoom a fit may choose (a small tree is not blown up past it) */
  maxZoom?: number;
  minZoom?: number;
  /** the share of the box left free around the tree, on each side */
  padding?: number;
  /** pixels on the box's right edge covered by an overlay (a drawer): the tree fits beside them */
  insetRight?: number;
}

/** The zoom the canvas allows (TreeCanvas's `minZoom` / `maxZoom`). */
export const CANVAS_MIN_ZOOM = 0.05;
export const CANVAS_MAX_ZOOM = 2;

/** The smallest box holding every laid-out node, or null for none. */
export function layoutBounds(
  positions: Iterable<Point>,
): { minX: number; minY: number; maxX: number; maxY: number } | null {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const p of positions) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x + NODE_WIDTH);
    maxY = Math.max(maxY, p.y + NODE_HEIGHT);
  }
  return minX === Infinity ? null : { minX, minY, maxX, maxY };
}

/**
 * The viewport that shows every node inside a `width` × `height` box, centred. Computed from the
 * layout (every node has a known size), not from React Flow's measured nodes: its own fitView skips
 * nodes it has not measured yet (culled off-screen ones, ones just moved by a new layout) and then
 * fits nothing, or part of the tree.
 */
export function viewportFitting(
  positions: Iterable<Point>,
  width: number,
  height: number,
  { maxZoom = 1, minZoom = CANVAS_MIN_ZOOM, padding = 0.1, insetRight = 0 }: FitOptions = {},
): Viewport | null {
  const bounds = layoutBounds(positions);
  const free = Math.max(1, width - insetRight);
  if (!bounds || free <= 1 || height <= 1) return null;
  const w = bounds.maxX - bounds.minX;
  const h = bounds.maxY - bounds.minY;
  const zoom = Math.min(
    maxZoom,
    Math.max(minZoom, Math.min((free * (1 - 2 * padding)) / w, (height * (1 - 2 * padding)) / h)),
  );
  return {
    x: (free - w * zoom) / 2 - bounds.minX * zoom,
    y: (height - h * zoom) / 2 - bounds.minY * zoom,
    zoom,
  };
}

/** Below this zoom the canvas draws nodes as simple pills (titles unreadable). */
export const LOW_ZOOM = 0.35;
// Opening a tree: fit it on screen unless that makes titles unreadable (a wide tree, a phone).
const MIN_FIT_ZOOM = 0.5;

/**
 * How far out a first view may fit the whole tree: `true` however small (a comparison), `'legible'`
 * while nodes are still drawn in full (a template), `false` only while titles read well (the editor).
 */
export type FirstFit = boolean | 'legible';

/**
 * A canvas's first view in a `width` × `height` box: centred on `focus` (a node to open on) at a
 * readable zoom; else the whole tree when `fit` allows its zoom; else, for a `'legible'` fit, the
 * tree's first skill (`start`, the root's first child) at a readable zoom, across the box's middle and
 * near its top, under the line from the root: where a reader begins; else the root at a readable zoom, near
 * the top. Null when the box has no size yet.
 */
export function openingViewport(
  positions: Iterable<Point>,
  root: Point,
  focus: Point | undefined,
  {
    width,
    height,
    insetRight = 0,
    fit,
    start,
  }: { width: number; height: number; insetRight?: number; fit: FirstFit; start?: Point },
): Viewport | null {
  if (width < 2 || height < 2) return null;
  const phone = width < 640;
  const focusZoom = phone ? 0.8 : 1;
  if (fit === 'legible' && !focus && start) {
    const fitted = viewportFitting(positions, width, height, { insetRight, padding: 0.08 });
    if (fitted && fitted.zoom >= LOW_ZOOM) return fitted;
    // The first skill near the top, not in the middle of the box: on a phone the canvas opens below the fold,
    // and its first visible part was empty above a node in its middle. The root's row comes first when the
    // root is in view across (a narrow tree); else the first skill does, under the line from the root.
    const free = width - insetRight;
    const centred = centredOn(start, focusZoom, free, height);
    const rootX = root.x * focusZoom + centred.x;
    const top = rootX >= 0 && rootX + NODE_WIDTH * focusZoom <= free ? Math.min(root.y, start.y) : start.y;
    return { ...centred, y: Math.min(centred.y, TOP_MARGIN - top * focusZoom) };
  }
  if (focus) return centredOn(focus, focusZoom, width - insetRight, height);
  const fitted = viewportFitting(positions, width, height, { insetRight, padding: 0.08 });
  const minFit = fit === 'legible' ? LOW_ZOOM : fit ? 0 : MIN_FIT_ZOOM;
  if (fitted && fitted.zoom >= minFit) return fitted;
  const zoom = phone ? 0.75 : 0.9;
  return { x: (width - insetRight) / 2 - (root.x + NODE_WIDTH / 2) * zoom, y: TOP_MARGIN - root.y * zoom, zoom };
}

/** Pixels above a first view's topmost node when it opens near the top. */
const TOP_MARGIN = 60;

/** The viewport at `zoom` with the node at `point` in the middle of a `width` × `height` box. */
function centredOn(point: Point, zoom: number, width: number, height: number): Viewport {
  return { x: width / 2 - (point.x + NODE_WIDTH / 2) * zoom, y: height / 2 - (point.y + NODE_HEIGHT / 2) * zoom, zoom };
}

/** True when the node at `position` is inside the box (less `margin`) under `viewport`. */
export function nodeOnScreen(position: Point, viewport: Viewport, width: number, height: number, margin = 0): boolean {
  const sx = position.x * viewport.zoom + viewport.x;
  const sy = position.y * viewport.zoom + viewport.y;
  return (
    sx >= margin &&
    sy >= margin &&
    sx + NODE_WIDTH * viewport.zoom <= width - margin &&
    sy + NODE_HEIGHT * viewport.zoom <= height - margin
  );
}

/** What fitting needs of React Flow's instance. */
interface ViewportSetter {
  setViewport(viewport: Viewport, options?: { duration?: number }): Promise<boolean> | void;
}

/**
 * Fits every node of `layout` into the canvas element `el` (less `insetRight`), at once or gliding
 * for `duration` ms. False when the canvas has no size yet.
 */
export function fitLayoutInto(
  flow: ViewportSetter,
  el: HTMLElement | null,
  layout: TreeLayout,
  { duration = 0, ...options }: FitOptions & { duration?: number } = {},
): boolean {
  if (!el) return false;
  const viewport = viewportFitting(layout.positions.values(), el.clientWidth, el.clientHeight, options);
  if (!viewport) return false;
  void flow.setViewport(viewport, { duration });
  return true;
}

/**
 * The viewport that shows the node at `position` whole in the canvas's top `visibleHeight` pixels
 * (a drawer covers the rest), centred there at the same zoom; null when it is already shown there.
 */
export function viewportAbove(
  position: Point,
  viewport: Viewport,
  width: number,
  visibleHeight: number,
): Viewport | null {
  if (visibleHeight <= 0 || nodeOnScreen(position, viewport, width, visibleHeight, 8)) return null;
  return {
    x: width / 2 - (position.x + NODE_WIDTH / 2) * viewport.zoom,
    y: visibleHeight / 2 - (position.y + NODE_HEIGHT / 2) * viewport.zoom,
    zoom: viewport.zoom,
  };
}

/**
 * The viewport that keeps a node where it was on screen after a relayout moved it from `from` to
 * `to`, or null when nothing needs to move: it was off-screen before, or it is still on screen.
 */
export function viewportKeeping(
  from: Point,
  to: Point,
  viewport: Viewport,
  width: number,
  height: number,
): Viewport | null {
  if (from.x === to.x && from.y === to.y) return null;
  if (!nodeOnScreen(from, viewport, width, height) || nodeOnScreen(to, viewport, width, height)) return null;
  return {
    x: viewport.x - (to.x - from.x) * viewport.zoom,
    y: viewport.y - (to.y - from.y) * viewport.zoom,
    zoom: viewport.zoom,
  };
}
