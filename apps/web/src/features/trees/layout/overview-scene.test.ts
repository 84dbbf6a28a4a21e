import { addChild, createTreeDocument, type TreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import {
  buildOverviewScene,
  clipTitle,
  drawOverview,
  nodeAt,
  nodesInRect,
  OVERVIEW_TEXT_ZOOM,
  viewportRect,
  type OverviewContext,
  type OverviewFrame,
} from './overview-scene.ts';
import { layoutTree, NODE_HEIGHT, NODE_WIDTH } from './tidy-layout.ts';

function wideTree(count: number): TreeDocument {
  let doc = createTreeDocument('Root');
  for (let i = 0; i < count; i++)
    doc = addChild(doc, i < 3 ? 'root' : `c${i % 3}`, { title: `Child ${i}`, id: `c${i}` }).document;
  return {
    ...doc,
    links: [
      { source: 'c3', target: 'c5', kind: 'prerequisite' },
      { source: 'c4', target: 'c7', kind: 'related' },
    ],
  };
}

/** A 2D context that records what is drawn. */
function recorder() {
  const calls: Array<[string, ...unknown[]]> = [];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
  } as Record<string, unknown>;
  for (const name of [
    'setTransform',
    'clearRect',
    'beginPath',
    'rect',
    'moveTo',
    'lineTo',
    'fill',
    'stroke',
    'setLineDash',
    'fillText',
  ])
    ctx[name] = (...args: unknown[]) => {
      calls.push([name, ...args, name === 'stroke' ? ctx.strokeStyle : name === 'fill' ? ctx.fillStyle : undefined]);
    };
  return { ctx: ctx as unknown as OverviewContext, calls };
}

const palette: OverviewFrame['palette'] = {
  edge: 'edge',
  border: 'border',
  text: 'text',
  prerequisite: 'orange',
  related: 'grape',
  match: 'yellow',
  diff: { added: 'green', removed: 'red', changed: 'orange5', moved: 'blue' },
  accent: (color) => ({ fill: `fill:${color ?? 'primary'}`, stroke: `stroke:${color ?? 'primary'}` }),
};

describe('the overview scene', () => {
  const doc = wideTree(12);
  const layout = layoutTree(doc);
  const scene = buildOverviewScene(doc, layout);

  it('has a box per visible node, a line per tree edge and one per link', () => {
    expect(scene.ids).toEqual(layout.visible);
    expect(scene.xs[scene.indexById.get('c4')!]).toBe(layout.positions.get('c4')!.x);
    expect(scene.lines.filter((l) => l.kind === 'tree')).toHaveLength(12);
    expect(scene.lines.filter((l) => l.kind !== 'tree').map((l) => l.kind)).toEqual(['prerequisite', 'related']);
    expect(scene.ids[scene.root]).toBe('root');
  });

  it('finds the node under a point and nothing in the gap between boxes', () => {
    const p = layout.positions.get('c7')!;
    expect(nodeAt(scene, { x: p.x + 5, y: p.y + NODE_HEIGHT - 5 })).toBe('c7');
    expect(nodeAt(scene, { x: p.x + NODE_WIDTH + 5, y: p.y + 5 })).toBeNull();
    expect(nodeAt(scene, { x: p.x + 5, y: p.y - 5 })).toBeNull();
  });

  it('maps the viewport to flow coordinates and keeps only the boxes meeting it', () => {
    expect(viewportRect({ x: 100, y: 50, zoom: 0.5 }, 400, 300)).toEqual({
      minX: -200,
      minY: -100,
      maxX: 600,
      maxY: 500,
    });
    const p = layout.positions.get('c0')!;
    // A viewport showing c0's box alone, at zoom 1.
    const rect = viewportRect({ x: -p.x, y: -p.y, zoom: 1 }, NODE_WIDTH, NODE_HEIGHT);
    expect(nodesInRect(scene, rect).map((i) => scene.ids[i])).toEqual(['c0']);
    expect(nodesInRect(scene, viewportRect({ x: 1e6, y: 1e6, zoom: 1 }, 100, 100))).toEqual([]);
  });

  it('draws only what meets the viewport, fills boxes by colour and rings the selection', () => {
    const { ctx, calls } = recorder();
    const p = layout.positions.get('c5')!;
    const drawn = drawOverview(ctx, scene, {
      viewport: { x: -p.x * 0.3 + 10, y: -p.y * 0.3 + 10, zoom: 0.3 },
      width: 120,
      height: 60,
      dpr: 2,
      palette,
      selectedId: 'c5',
    });
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(scene.ids.length);
    // Boxes: one rect per drawn node in the fill pass, filled with the node's accent mix.
    expect(calls.some((c) => c[0] === 'fill' && c[1] === 'fill:primary')).toBe(true);
    // The selection: the accent ring around c5's box.
    const ring = calls.findIndex((c) => c[0] === 'stroke' && c[1] === 'stroke:primary');
    expect(ring).toBeGreaterThan(0);
    // Device pixels: the frame is scaled by dpr × zoom and offset by dpr × the viewport's translation.
    expect(calls.find((c) => c[0] === 'setTransform' && c[1] !== 2)).toEqual([
      'setTransform',
      0.6,
      0,
      0,
      0.6,
      2 * (-p.x * 0.3 + 10),
      2 * (-p.y * 0.3 + 10),
      undefined,
    ]);
  });

  it('writes titles only from a readable zoom on', () => {
    const far = recorder();
    drawOverview(far.ctx, scene, {
      viewport: { x: 400, y: 40, zoom: 0.1 },
      width: 800,
      height: 400,
      dpr: 1,
      palette,
      selectedId: null,
    });
    expect(far.calls.filter((c) => c[0] === 'fillText')).toEqual([]);
    const near = recorder();
    drawOverview(near.ctx, scene, {
      viewport: { x: 400, y: 40, zoom: OVERVIEW_TEXT_ZOOM },
      width: 800,
      height: 400,
      dpr: 1,
      palette,
      selectedId: null,
    });
    expect(near.calls.filter((c) => c[0] === 'fillText').map((c) => c[1])).toContain('Root');
  });

  it('marks matches, differences and extra rings on the boxes in view', () => {
    const { ctx, calls } = recorder();
    drawOverview(ctx, scene, {
      viewport: { x: 400, y: 40, zoom: 0.1 },
      width: 800,
      height: 400,
      dpr: 1,
      palette,
      selectedId: null,
      matches: new Set(['c1']),
      diff: new Map([['c2', 'added' as const]]),
      ring: (id) => (id === 'c3' ? 'teal' : null),
    });
    const strokes = calls.filter((c) => c[0] === 'stroke').map((c) => c[1]);
    expect(strokes).toEqual(expect.arrayContaining(['yellow', 'green', 'teal', 'orange', 'grape', 'edge']));
  });

  it('cuts a title that would overflow its box', () => {
    expect(clipTitle('Short')).toBe('Short');
    const long = clipTitle('A very long title that cannot fit a box');
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThan(20);
    expect([...clipTitle('机器学习与深度学习的数学基础')].length).toBeLessThan(10);
  });
});
