/**
 * How many rows one multi-row statement carries: few enough to stay far below either database's
 * limit on bound parameters (SQLite 32,766; PostgreSQL 65,535) with 20 columns a row, many enough
 * that a 5,000-node write takes ten statements instead of 5,000 round trips.
 */
export const ROWS_PER_STATEMENT = 500;

/** `items` cut into consecutive slices of at most `size`. */
export function inBatches<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
