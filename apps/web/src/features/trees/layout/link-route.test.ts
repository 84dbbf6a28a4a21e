import { addChild, createTreeDocument, type TreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import type { LayoutDirection } from '../model/tree-document.ts';
import { cardRows, linkLane, linkRoute, routePath } from './link-route.ts';
import { layoutTree, NODE_HEIGHT, NODE_WIDTH, type Point } from './tidy-layout.ts';

/** Root with three children, the first with two children of its own. */
function sampleTree(direction: LayoutDirection): TreeDocument {
  let doc = createTreeDocument('Root');
  doc = { ...doc, layout: { ...doc.layout, direction } };
  for (const id of ['a', 'b', 'c']) doc = addChild(doc, 'root', { title: id, id }).document;
  for (const id of ['a1', 'a2']) doc = addChild(doc, 'a', { title: id, id }).document;
  return doc;
}

/** The handle points React Flow hands an edge for this layout direction. */
function handles(direction: LayoutDirection, source: Point, target: Point): [Point, Point] {
  if (direction === 'LR')
    return [
      { x: source.x + NODE_WIDTH, y: source.y + NODE_HEIGHT / 2 },
      { x: target.x, y: target.y + NODE_HEIGHT / 2 },
    ];
  if (direction === 'RADIAL')
    return [
      { x: source.x + NODE_WIDTH / 2, y: source.y + NODE_HEIGHT / 2 },
      { x: target.x + NODE_WIDTH / 2, y: target.y + NODE_HEIGHT / 2 },
    ];
  return [
    { x: source.x + NODE_WIDTH / 2, y: source.y + NODE_HEIGHT },
    { x: target.x + NODE_WIDTH / 2, y: target.y },
  ];
}

/** True when the segment a→b passes through the inside of the card at `box` (its border excluded). */
function crossesCard(a: Point, b: Point, box: Point): boolean {
  const inset = 1;
  const [x0, y0, x1, y1] = [box.x + inset, box.y + inset, box.x + NODE_WIDTH - inset, box.y + NODE_HEIGHT - inset];
  // Sampled: the segments are short and axis-aligned or straight, 200 samples are plenty.
  for (let i = 0; i <= 200; i++) {
    const x = a.x + ((b.x - a.x) * i) / 200;
    const y = a.y + ((b.y - a.y) * i) / 200;
    if (x > x0 && x < x1 && y > y0 && y < y1) return true;
  }
  return false;
}

describe('linkRoute', () => {
  for (const direction of ['TB', 'LR', 'RADIAL'] as const) {
    it(`routes links between siblings, cousins and generations around every card (${direction})`, () => {
      const { positions } = layoutTree(sampleTree(direction));
      const pairs: Array<[string, string]> = [
        ['a', 'c'], // siblings with one between them
        ['c', 'a'],
        ['a', 'b'],
        ['b', 'a1'], // into the next row
        ['a1', 'c'], // up a row
        ['root', 'a2'], // two rows down, past the row between
        ['a2', 'root'],
        ['c', 'a1'],
      ];
      for (const [from, to] of pairs) {
        const [s, t] = handles(direction, positions.get(from)!, positions.get(to)!);
        const lane = linkLane(direction, cardRows(direction, positions), s, t);
        const route = linkRoute(direction, s, t, lane);
        expect(route[route.length - 1]).toBeDefined();
        for (let i = 1; i < route.length; i++) {
          for (const [id, box] of positions) {
            // Radial links are straight: they may pass other cards, never their own two.
            if (direction === 'RADIAL' && id !== from && id !== to) continue;
            expect(crossesCard(route[i - 1]!, route[i]!, box), `${from}→${to} crosses ${id}`).toBe(false);
          }
        }
      }
    });
  }

  it('draws a rounded path through the corners', () => {
    const path = routePath([
      { x: 0, y: 0 },
      { x: 0, y: 50 },
      { x: 80, y: 50 },
    ]);
    expect(path).toBe('M0,0 L0,40 Q0,50 10,50 L80,50');
  });
});
