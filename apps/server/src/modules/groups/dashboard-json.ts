import { LEARNING_STATUSES } from '@arbor/contract';
import type { DashboardView } from './assignment-progress.ts';

/** Retention to 0.1 %: what a grid shows, at a third of the digits (a dashboard holds 60,000 cells). */
export const roundedRetention = (r: number | null) =>
  r === null || Number.isNaN(r) ? null : Math.round(r * 1000) / 1000;

/** `{"status":"done","retention":` for each status code. */
const CELL_HEADS = LEARNING_STATUSES.map((status) => `{"status":${JSON.stringify(status)},"retention":`);

/**
 * The dashboard's JSON text (API.md "Groups", `Dashboard`), written straight from the cohort's arrays:
 * 200 members × 300 nodes are 60,000 cells, and building an object per cell and serialising it was
 * most of the answer's work. The text is what `JSON.stringify` gives for the same `Dashboard` (same keys
 * in the same order, a cell for every assigned node), as UTF-8 bytes encoded a member at a time: one
 * non-ASCII title or name would otherwise make the whole 3 MB string two-byte before it is encoded.
 */
export function dashboardJson(view: DashboardView): Buffer {
  const keys = view.nodes.map((node) => `${JSON.stringify(node.id)}:`);
  const parts: Buffer[] = [Buffer.from(`{"nodes":${JSON.stringify(view.nodes)},"members":[`)];
  for (const { user, member, figures, stuck } of view.lines) {
    const head = JSON.stringify({
      user,
      percent: figures.percent,
      complete: figures.complete,
      overdue: figures.overdue,
      retention: roundedRetention(figures.retention),
      last_activity_at: member.lastActivityAt,
      stuck,
    });
    const cells: string[] = new Array<string>(keys.length);
    const { statuses, retention } = member;
    for (let index = 0; index < keys.length; index++) {
      const r = retention[index]!;
      cells[index] =
        `${keys[index]}${CELL_HEADS[statuses[index]!]}${Number.isNaN(r) ? 'null' : Math.round(r * 1000) / 1000}}`;
    }
    const separator = parts.length === 1 ? '' : ',';
    parts.push(Buffer.from(`${separator}${head.slice(0, -1)},"cells":{${cells.join(',')}}}`));
  }
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}
