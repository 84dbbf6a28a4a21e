import type { LayoutDirection } from '../model/tree-document.ts';
import { GAP_X, GAP_Y, NODE_HEIGHT, NODE_WIDTH, type Point, type TreeLayout } from './tidy-layout.ts';

/** The point of a node's source (`s`) or target (`t`) handle in the layout (see `handlesFor`). */
export function handlePoint(layout: TreeLayout, id: string, handle: 's' | 't'): Point {
  const p = layout.positions.get(id)!;
  if (layout.direction === 'RADIAL') return { x: p.x + NODE_WIDTH / 2, y: p.y + NODE_HEIGHT / 2 };
  if (layout.direction === 'LR') return { x: handle === 's' ? p.x + NODE_WIDTH : p.x, y: p.y + NODE_HEIGHT / 2 };
  return { x: p.x + NODE_WIDTH / 2, y: handle === 's' ? p.y + NODE_HEIGHT : p.y };
}

/** Cards by row: for each row's top (left-right: column's left), the sorted starts of its cards across. */
export interface CardRows {
  rows: Array<{ at: number; starts: number[] }>;
}

const rowsByPositions = new WeakMap<Map<string, Point>, CardRows>();

/** The cards of a layout grouped by row (top-down) or column (left-right), built once per layout. */
export function cardRows(direction: LayoutDirection, positions: Map<string, Point>): CardRows {
  const cached = rowsByPositions.get(positions);
  if (cached) return cached;
  const byRow = new Map<number, number[]>();
  for (const p of positions.values()) {
    const [at, across] = direction === 'LR' ? [p.x, p.y] : [p.y, p.x];
    let starts = byRow.get(at);
    if (!starts) byRow.set(at, (starts = []));
    starts.push(across);
  }
  const rows = [...byRow].map(([at, starts]) => ({ at, starts: starts.sort((a, b) => a - b) }));
  const result = { rows };
  rowsByPositions.set(positions, result);
  return result;
}

/** Index of the last start ≤ value (−1 for none). */
function lastAtOrBefore(starts: number[], value: number): number {
  let lo = 0,
    hi = starts.length - 1,
    found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Where a link crosses the rows between its two ends (x top-down, y left-right): the gap beside the
 * target on the source's side, moved on past any card that would sit on it in a row it crosses.
 * Null when the target is in the next row down (the link runs along the gap between the two rows).
 * A binary search per crossed row: cheap next to drawing.
 */
export function linkLane(direction: LayoutDirection, rows: CardRows, source: Point, target: Point): number | null {
  if (direction === 'RADIAL') return null;
  const lr = direction === 'LR';
  const [s, t] = lr ? [swap(source), swap(target)] : [source, target];
  const { rowGap, across, siblingGap, depth } = metrics(direction);
  const belowSource = s.y + rowGap / 2;
  const aboveTarget = t.y - rowGap / 2;
  if (Math.abs(aboveTarget - belowSource) < 0.5) return null;
  const top = Math.min(belowSource, aboveTarget);
  const bottom = Math.max(belowSource, aboveTarget);
  const crossed = rows.rows.filter((row) => row.at < bottom && row.at + depth > top);
  const step = s.x <= t.x ? -1 : 1;
  let lane = t.x + step * (across / 2 + siblingGap / 2);
  // Moving one way only, every move passes a card for good: at most one move per card crossed.
  for (let moved = true, guard = 0; moved && guard < 10_000; guard++) {
    moved = false;
    for (const row of crossed) {
      const i = lastAtOrBefore(row.starts, lane);
      // Cards can overlap a lane from the left (start ≤ lane) only; ties count as inside.
      const hit = i >= 0 && lane < row.starts[i]! + across ? row.starts[i]! : null;
      if (hit === null) continue;
      lane = step < 0 ? hit - siblingGap / 2 : hit + across + siblingGap / 2;
      // a card further left may also reach this new lane: check the row again on the next pass
      moved = true;
    }
  }
  return lane;
}

function metrics(direction: LayoutDirection) {
  return direction === 'LR'
    ? { rowGap: GAP_Y, across: NODE_HEIGHT, siblingGap: GAP_X / 2, depth: NODE_WIDTH }
    : { rowGap: GAP_Y, across: NODE_WIDTH, siblingGap: GAP_X, depth: NODE_HEIGHT };
}

const swap = (p: Point): Point => ({ x: p.y, y: p.x });

/**
 * The corners of a prerequisite or related link's path, from the source's handle to the target's,
 * bent through the gaps of the tidy layout instead of across cards: it leaves the source into the
 * gap after its row (column, left-right), crosses rows at `lane` (see `linkLane`), runs along the
 * gap before the target's row and enters the target from its usual side. Radial links run straight
 * between the two cards' borders.
 *
 * `source` and `target` are the handle points React Flow gives an edge: bottom and top centres
 * top-down, right and left middles left-right, centres in radial.
 */
export function linkRoute(direction: LayoutDirection, source: Point, target: Point, lane: number | null): Point[] {
  if (direction === 'RADIAL') return radialRoute(source, target);
  if (direction === 'LR') return stepRoute(swap(source), swap(target), lane).map(swap);
  return stepRoute(source, target, lane);
}

/** Top-down: `s` the source's bottom centre, `t` the target's top centre. */
function stepRoute(s: Point, t: Point, lane: number | null): Point[] {
  const belowSource = s.y + GAP_Y / 2;
  const aboveTarget = t.y - GAP_Y / 2;
  if (lane === null || Math.abs(aboveTarget - belowSource) < 0.5) {
    const mid = lane === null ? (s.y + t.y) / 2 : aboveTarget;
    return compact([s, { x: s.x, y: mid }, { x: t.x, y: mid }, t]);
  }
  return compact([
    s,
    { x: s.x, y: belowSource },
    { x: lane, y: belowSource },
    { x: lane, y: aboveTarget },
    { x: t.x, y: aboveTarget },
    t,
  ]);
}

/** Radial: the straight line between the two cards' centres, cut where it leaves each card. */
function radialRoute(s: Point, t: Point): Point[] {
  const dx = t.x - s.x;
  const dy = t.y - s.y;
  if (dx === 0 && dy === 0) return [s, t];
  // The share of the centre-to-centre line that lies inside a card around either end.
  const inside = Math.min(
    dx === 0 ? Infinity : NODE_WIDTH / 2 / Math.abs(dx),
    dy === 0 ? Infinity : NODE_HEIGHT / 2 / Math.abs(dy),
  );
  if (inside >= 0.5) return [s, t];
  return [
    { x: s.x + dx * inside, y: s.y + dy * inside },
    { x: t.x - dx * inside, y: t.y - dy * inside },
  ];
}

/** Drops repeated points (a straight route has no corner). */
function compact(points: Point[]): Point[] {
  return points.filter((p, i) => i === 0 || p.x !== points[i - 1]!.x || p.y !== points[i - 1]!.y);
}

/** An SVG path through the route's corners, each rounded by up to `radius`. */
export function routePath(points: Point[], radius = 10): string {
  if (points.length < 2) return '';
  let d = `M${points[0]!.x},${points[0]!.y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const prev = points[i - 1]!;
    const corner = points[i]!;
    const next = points[i + 1]!;
    const r = Math.min(radius, distance(prev, corner) / 2, distance(corner, next) / 2);
    const a = toward(corner, prev, r);
    const b = toward(corner, next, r);
    d += ` L${a.x},${a.y} Q${corner.x},${corner.y} ${b.x},${b.y}`;
  }
  const last = points[points.length - 1]!;
  return `${d} L${last.x},${last.y}`;
}

const distance = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

function toward(from: Point, to: Point, length: number): Point {
  const d = distance(from, to) || 1;
  return { x: from.x + ((to.x - from.x) * length) / d, y: from.y + ((to.y - from.y) * length) / d };
}
