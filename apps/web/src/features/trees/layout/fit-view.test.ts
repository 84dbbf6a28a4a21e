import { describe, expect, it } from 'vitest';
import {
  LOW_ZOOM,
  nodeOnScreen,
  openingViewport,
  viewportAbove,
  viewportFitting,
  viewportKeeping,
} from './fit-view.ts';
import { NODE_HEIGHT, NODE_WIDTH, type Point } from './tidy-layout.ts';

/** A radial-like spread around the origin, as the radial layout places nodes (negative coordinates too). */
const spread: Point[] = [
  { x: -1200, y: -900 },
  { x: 1100, y: -40 },
  { x: -30, y: 1300 },
  { x: 0, y: 0 },
];

describe('viewportFitting', () => {
  it('puts every node inside the box, beside an overlay on its right', () => {
    const width = 900;
    const height = 600;
    const insetRight = 340;
    const viewport = viewportFitting(spread, width, height, { insetRight, padding: 0.05 })!;
    for (const p of spread) expect(nodeOnScreen(p, viewport, width - insetRight, height)).toBe(true);
  });

  it('does not blow a small tree up past the largest zoom', () => {
    const viewport = viewportFitting([{ x: 0, y: 0 }], 1200, 800, { maxZoom: 1 })!;
    expect(viewport.zoom).toBe(1);
    // centred
    expect(viewport.x).toBe((1200 - NODE_WIDTH) / 2);
    expect(viewport.y).toBe((800 - NODE_HEIGHT) / 2);
  });

  it('fits nothing in a box without a size or for no nodes', () => {
    expect(viewportFitting(spread, 0, 0)).toBeNull();
    expect(viewportFitting([], 800, 600)).toBeNull();
  });
});

describe('openingViewport', () => {
  // 21 skills side by side under a root: fitted whole in a 800 × 560 box, nodes would be pills.
  const root = { x: 2400, y: 0 };
  const row: Point[] = [root, ...Array.from({ length: 21 }, (_, i) => ({ x: i * 240, y: 140 }))];
  const box = { width: 800, height: 560 };

  it('opens a template too wide to read whole on its first skill at a readable zoom, not fitted as pills', () => {
    expect(viewportFitting(row, box.width, box.height, { padding: 0.08 })!.zoom).toBeLessThan(LOW_ZOOM);
    const start = row[1]!;
    const viewport = openingViewport(row, root, undefined, { ...box, fit: 'legible', start })!;
    expect(viewport.zoom).toBeGreaterThanOrEqual(LOW_ZOOM);
    expect(nodeOnScreen(start, viewport, box.width, box.height)).toBe(true);
    // a margin from the top edge, not centred under an empty upper half (the root is out of view across)
    expect(start.y * viewport.zoom + viewport.y).toBe(60);
    expect(start.y * viewport.zoom + viewport.y + (NODE_HEIGHT * viewport.zoom) / 2).toBeLessThan(box.height / 2);
    // centred across
    expect(start.x * viewport.zoom + viewport.x + (NODE_WIDTH * viewport.zoom) / 2).toBe(box.width / 2);
    // without a first skill (a lone root), the root at a readable zoom
    const lone = openingViewport(row, root, undefined, { ...box, fit: 'legible' })!;
    expect(nodeOnScreen(root, lone, box.width, box.height)).toBe(true);
  });

  it("opens on the root's row above the first skill when the root is in view across", () => {
    const narrow: Point[] = [{ x: 0, y: 0 }, ...Array.from({ length: 40 }, (_, i) => ({ x: 0, y: 140 * (i + 1) }))];
    const viewport = openingViewport(narrow, narrow[0]!, undefined, { ...box, fit: 'legible', start: narrow[1] })!;
    expect(viewport.y).toBe(60);
    expect(nodeOnScreen(narrow[0]!, viewport, box.width, box.height)).toBe(true);
    expect(nodeOnScreen(narrow[1]!, viewport, box.width, box.height)).toBe(true);
  });

  it('fits a template whole while its nodes are drawn in full, and a comparison however small', () => {
    const small = [{ x: 240, y: 0 }, ...row.slice(1, 4)];
    const template = openingViewport(small, small[0]!, undefined, { ...box, fit: 'legible' })!;
    expect(template).toEqual(viewportFitting(small, box.width, box.height, { padding: 0.08 }));
    const comparison = openingViewport(row, root, undefined, { ...box, fit: true })!;
    expect(comparison.zoom).toBeLessThan(LOW_ZOOM);
  });

  it('centres a node to open on at a readable zoom', () => {
    const focus = row[15]!;
    const viewport = openingViewport(row, root, focus, { ...box, fit: 'legible' })!;
    expect(viewport.zoom).toBe(1);
    expect(nodeOnScreen(focus, viewport, box.width, box.height)).toBe(true);
  });
});

describe('viewportAbove', () => {
  it('brings a node under a bottom drawer up into the canvas part the drawer leaves', () => {
    const node = { x: 0, y: 500 };
    const viewport = { x: 100, y: 0, zoom: 0.8 };
    const moved = viewportAbove(node, viewport, 360, 220)!;
    expect(nodeOnScreen(node, viewport, 360, 220)).toBe(false);
    expect(nodeOnScreen(node, moved, 360, 220)).toBe(true);
    expect(moved.zoom).toBe(0.8);
  });

  it('leaves a node already shown above the drawer where it is', () => {
    expect(viewportAbove({ x: 0, y: 20 }, { x: 20, y: 0, zoom: 1 }, 360, 220)).toBeNull();
  });
});

describe('viewportKeeping', () => {
  const viewport = { x: 100, y: 50, zoom: 0.5 };

  it('pans so a node moved off-screen by a relayout (AI added its children) stays where it was', () => {
    const from = { x: 200, y: 100 };
    const to = { x: 2400, y: 100 };
    expect(nodeOnScreen(to, viewport, 800, 600)).toBe(false);
    const kept = viewportKeeping(from, to, viewport, 800, 600)!;
    expect(nodeOnScreen(to, kept, 800, 600)).toBe(true);
    // the same screen place as before
    expect(to.x * kept.zoom + kept.x).toBe(from.x * viewport.zoom + viewport.x);
    expect(kept.zoom).toBe(viewport.zoom);
  });

  it('leaves the view alone when the node stays on screen or was not on screen before', () => {
    expect(viewportKeeping({ x: 200, y: 100 }, { x: 260, y: 100 }, viewport, 800, 600)).toBeNull();
    expect(viewportKeeping({ x: 5000, y: 100 }, { x: 9000, y: 100 }, viewport, 800, 600)).toBeNull();
  });
});
