import type { OcclusionMask } from '@arbor/contract';

/** Masks smaller than this (a fraction of the image) are a click, not a drawing. */
export const MIN_MASK = 0.01;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** The rectangle between two points (fractions), inside the image. */
export function maskBetween(a: { x: number; y: number }, b: { x: number; y: number }): OcclusionMask {
  const x1 = clamp01(Math.min(a.x, b.x));
  const y1 = clamp01(Math.min(a.y, b.y));
  const x2 = clamp01(Math.max(a.x, b.x));
  const y2 = clamp01(Math.max(a.y, b.y));
  return { x: round(x1), y: round(y1), w: round(x2 - x1), h: round(y2 - y1) };
}

/** A mask moved by (dx, dy), kept whole inside the image. */
export function moveMask(mask: OcclusionMask, dx: number, dy: number): OcclusionMask {
  return {
    ...mask,
    x: round(Math.min(1 - mask.w, Math.max(0, mask.x + dx))),
    y: round(Math.min(1 - mask.h, Math.max(0, mask.y + dy))),
  };
}

export const isDrawn = (mask: OcclusionMask) => mask.w >= MIN_MASK && mask.h >= MIN_MASK;

/** A CSS box for a mask over its image. */
export const maskStyle = (mask: OcclusionMask) => ({
  left: `${mask.x * 100}%`,
  top: `${mask.y * 100}%`,
  width: `${mask.w * 100}%`,
  height: `${mask.h * 100}%`,
});
