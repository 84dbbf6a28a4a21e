// Geometry of the tree canvas as a person sees it: which nodes lie inside a frame, and moving the view.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The element's box on screen; throws when it is not rendered. */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return box;
}

/** Nodes (of `count`) whose box is not inside `frame`, with a pixel of rounding allowed. */
export async function nodesOutside(page: Page, frame: Box, count: number): Promise<number> {
  const boxes = await page.locator('.react-flow__node').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  if (boxes.length !== count) return count;
  return boxes.filter(
    (b) =>
      b.x < frame.x - 1 ||
      b.y < frame.y - 1 ||
      b.x + b.width > frame.x + frame.width + 1 ||
      b.y + b.height > frame.y + frame.height + 1,
  ).length;
}

/** Moves the view away from the tree (drag the empty canvas), so a fit has something to do. */
export async function panAway(page: Page, canvas: Box): Promise<void> {
  await page.mouse.move(canvas.x + canvas.width - 20, canvas.y + canvas.height - 20);
  await page.mouse.down();
  await page.mouse.move(canvas.x + 40, canvas.y + 40, { steps: 5 });
  await page.mouse.up();
  await page.mouse.wheel(0, -600);
}

/**
 * Waits until the canvas has stopped moving: its view (a wheel's or a fit's animation is over) and its
 * nodes (a layout that was still being worked out has been applied), the same over two looks 150 ms apart.
 */
export async function waitViewSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const holder = window as unknown as { __arborLastView?: string | null };
      const view = document.querySelector('.react-flow__viewport')?.getAttribute('style') ?? '';
      const nodes = [...document.querySelectorAll('.react-flow__node')].map((el) => el.getAttribute('style') ?? '');
      const now = [view, ...nodes].join('|');
      const same = holder.__arborLastView === now;
      holder.__arborLastView = now;
      return same;
    },
    undefined,
    { polling: 150 },
  );
}

/** What the canvas shows, for a failed check: the nodes drawn and their boxes, the view and the frame. */
async function canvasReport(page: Page, frame: Box): Promise<string> {
  const drawn = await page.locator('.react-flow__node').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return `${el.getAttribute('data-id')}@${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    }),
  );
  const view = await page
    .locator('.react-flow__viewport')
    .getAttribute('style')
    .catch(() => null);
  const box = `${Math.round(frame.x)},${Math.round(frame.y)} ${Math.round(frame.width)}×${Math.round(frame.height)}`;
  return `canvas ${box}; view ${view}; ${drawn.length} nodes drawn: ${drawn.join('; ')}`;
}

/**
 * Waits until all `count` nodes lie inside the canvas `frame()` measures (measured again at each look);
 * when they never do, the failure says where the nodes and the view were.
 */
export async function expectAllInside(page: Page, frame: () => Promise<Box>, count: number): Promise<void> {
  try {
    await expect.poll(async () => nodesOutside(page, await frame(), count), { timeout: 10_000 }).toBe(0);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await canvasReport(page, await frame())}`, { cause: error });
  }
}
