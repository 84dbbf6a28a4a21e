/** A bar of an SVG bar chart, in the chart's own units. */
export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One bar per value across `width`, scaled so `top` (the largest value unless given) reaches the top;
 * a gap of a fifth of each slot between bars, and a bar of a value above zero is at least 1 high.
 */
export function bars(values: readonly number[], width: number, height: number, top = Math.max(1, ...values)): Bar[] {
  const slot = values.length ? width / values.length : 0;
  const gap = values.length > 60 ? 0 : slot / 5;
  return values.map((value, i) => {
    const h = value <= 0 ? 0 : Math.max(1, (value / top) * height);
    return { x: round(i * slot + gap / 2), y: round(height - h), width: round(slot - gap), height: round(h) };
  });
}

const round = (v: number) => Math.round(v * 100) / 100;

/** Minutes (rounded, at least 1 for any time at all) from milliseconds. */
export const minutesOf = (ms: number) => (ms <= 0 ? 0 : Math.max(1, Math.round(ms / 60_000)));
