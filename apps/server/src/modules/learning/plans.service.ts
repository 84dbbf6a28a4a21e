import type { LearnerSettings, Plan, PlanBody } from '@arbor/contract';
import { pathOrder, pathTo } from '@arbor/tree-core';
import type { Deps } from '../../deps.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findProgress } from './learning.repository.ts';
import { addDays, localDay } from './local-days.ts';
import { packPlan, type PackItem } from './plan-packing.ts';
import { deleteOwnPlan, findPlans, upsertPlan, type PlanRow } from './plans.repository.ts';
import { DEFAULT_ESTIMATE_MINUTES, isStudyItem } from './progress.service.ts';
import { readSettings } from './settings.service.ts';
import { resolveSubject, resolveSubjectById, type ResolvedSubject } from './subjects.ts';

/** A `YYYY-MM-DD` that names a real day (not 2026-02-30). */
function isCalendarDate(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && addDays(day, 0) === day;
}

const cleared = (status: string | undefined) => status === 'done' || status === 'skipped';

/** The nodes a plan still has to cover, in path order, with their minutes (0-minute nodes are no study items). */
async function remainingItems(deps: Deps, resolved: ResolvedSubject, target: string | null): Promise<PackItem[]> {
  const rows = await findProgress(deps.db, resolved.key);
  const statusOf = new Map(rows.map((row) => [row.node_id, row.status]));
  const { graph, document, root } = resolved;
  let ids: string[];
  if (target === null) {
    const counted = graph.order.filter((id) => id !== root);
    // Ordered as a whole first: a node stays after what it waits for through a done one.
    ids = pathOrder(graph, counted).filter((id) => !cleared(statusOf.get(id)));
  } else {
    ids = graph.indexOf.has(target) ? pathTo(graph, target, (id) => statusOf.get(id)) : [];
  }
  return ids
    .filter((id) => id !== root)
    .map((id) => document.nodes[graph.indexOf.get(id)!]!)
    .filter(isStudyItem)
    .map((node) => {
      const estimate = (node as { estimate_minutes?: number | null }).estimate_minutes;
      return { node_id: node.id, title: node.title, minutes: estimate ?? DEFAULT_ESTIMATE_MINUTES };
    });
}

/** A plan as read now: its schedule follows progress and settings. */
export async function presentPlan(
  deps: Deps,
  row: PlanRow,
  resolved: ResolvedSubject,
  settings: LearnerSettings,
): Promise<Plan> {
  const today = localDay(deps.clock.now(), settings.timezone);
  const packed = packPlan({
    items: await remainingItems(deps, resolved, row.target),
    studyDays: settings.study_days,
    weeklyMinutes: settings.weekly_minutes,
    from: row.start_date > today ? row.start_date : today,
  });
  return {
    id: row.id,
    subject: resolved.subject,
    target: row.target,
    start_date: row.start_date,
    active: Boolean(row.active),
    ...packed,
  };
}

/** The learner's plans whose subject they may still read, computed now (`activeOnly` for the feed). */
export async function readPlans(deps: Deps, viewer: AuthUser, activeOnly = false): Promise<Plan[]> {
  const [rows, settings] = await Promise.all([
    findPlans(deps.db, viewer.id, activeOnly),
    readSettings(deps.db, viewer.id),
  ]);
  // Independent reads: one plan's subject and progress need not wait for another's.
  const plans = await Promise.all(
    rows.map(async (row) => {
      const resolved = await resolveSubjectById(deps, viewer, row.subject_kind, row.subject_id);
      return resolved ? presentPlan(deps, row, resolved, settings) : null;
    }),
  );
  return plans.filter((plan): plan is Plan => plan !== null);
}

export const listPlans = (deps: Deps, viewer: AuthUser) => readPlans(deps, viewer);

/** Creates or replaces the learner's plan of a subject; the target must be a node of it. */
export async function savePlan(deps: Deps, viewer: AuthUser, body: PlanBody): Promise<Plan> {
  const resolved = await resolveSubject(deps, viewer, body);
  if (body.target !== undefined && !resolved.graph.indexOf.has(body.target)) {
    throw invalidField('target', 'This node is not in the tree.');
  }
  if (body.start_date !== undefined && !isCalendarDate(body.start_date)) {
    throw invalidField('start_date', 'Use a date like 2026-01-31.');
  }
  const settings = await readSettings(deps.db, viewer.id);
  const row = await upsertPlan(
    deps.db,
    resolved.key,
    {
      target: body.target ?? null,
      start_date: body.start_date ?? localDay(deps.clock.now(), settings.timezone),
      active: body.active === false ? 0 : 1,
    },
    deps.clock.nowIso(),
  );
  return presentPlan(deps, row, resolved, settings);
}

/** Deletes the learner's own plan (404 for another's or none). */
export async function removePlan(deps: Deps, viewer: AuthUser, id: number): Promise<void> {
  if (!(await deleteOwnPlan(deps.db, viewer.id, id))) throw notFound();
}
