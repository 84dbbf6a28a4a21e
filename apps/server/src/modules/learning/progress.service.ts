import type {
  LearningPath,
  LearningStatusValue,
  Progress,
  ProgressBulkBody,
  ProgressUpdateBody,
} from '@arbor/contract';
import { lockedNodes, pathTo, transitivePrerequisites, type TreeDocument } from '@arbor/tree-core';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { addAutoCards } from './auto-cards.service.ts';
import { invalidField } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { localDay } from './local-days.ts';
import {
  countActivity,
  findProgress,
  findTimezone,
  touchSubject,
  writeStatuses,
  type ProgressRow,
  type StatusChange,
} from './learning.repository.ts';
import { resolveSubject, type ResolvedSubject, type SubjectRefInput } from './subjects.ts';

/** Minutes a node without an estimate counts for, in paths and plans (API.md). */
export const DEFAULT_ESTIMATE_MINUTES = 60;

const estimateOf = (node: TreeDocument['nodes'][number]): number | null =>
  (node as { estimate_minutes?: number | null }).estimate_minutes ?? null;

/**
 * Whether a node is something to study: a node estimated at 0 minutes (a heading, a milestone)
 * is not a step of a path nor an item of a plan, though what it waits for still is.
 */
export const isStudyItem = (node: TreeDocument['nodes'][number]): boolean => estimateOf(node) !== 0;

/** Progress of a subject's document for its rows: rows of removed nodes are neither listed nor counted. */
export function presentProgress(resolved: ResolvedSubject, rows: ProgressRow[]): Progress {
  const { document, graph, root } = resolved;
  // The graph's index holds every node of the document: no per-request set of 5,000 ids.
  const present = graph.indexOf;
  const nodes: Progress['nodes'] = {};
  const statusOf = new Map<string, LearningStatusValue>();
  const summary = { counted: Math.max(0, document.nodes.length - 1), done: 0, learning: 0, skipped: 0, percent: 0 };
  for (const row of rows) {
    if (!present.has(row.node_id) || row.status === 'todo') continue;
    nodes[row.node_id] = { status: row.status, mastery: row.mastery, updated_at: row.updated_at };
    statusOf.set(row.node_id, row.status);
    if (row.node_id !== root) summary[row.status] += 1;
  }
  summary.percent =
    summary.counted === 0 ? 100 : Math.floor((100 * (summary.done + summary.skipped)) / summary.counted);
  const locked = lockedNodes(graph, (id) => statusOf.get(id));
  return { subject: resolved.subject, nodes, locked, summary };
}

/** The caller's progress on a subject they may read. */
export async function getProgress(deps: Deps, viewer: AuthUser, ref: SubjectRefInput): Promise<Progress> {
  const resolved = await resolveSubject(deps, viewer, ref);
  return presentProgress(resolved, await findProgress(deps.db, resolved.key));
}

function requireNode(resolved: ResolvedSubject, nodeId: string, field: string): TreeDocument['nodes'][number] {
  const index = resolved.graph.indexOf.get(nodeId);
  if (index === undefined) throw invalidField(field, 'This node is not in the tree.');
  return resolved.document.nodes[index]!;
}

/**
 * Writes statuses in the caller's transaction: counts the changes as today's activity, moves the
 * subject up, and gives nodes that became `done` their automatic card (learner's `auto_cards`), at
 * most `AUTO_CARDS_PER_TRANSACTION` of them. Any write path that marks nodes done (progress calls,
 * quiz results) goes through here. Answers the nodes still owed a card, for `queueAutoCards` once
 * the transaction committed.
 */
export async function writeStatusesIn(
  trx: Executor,
  deps: Deps,
  resolved: ResolvedSubject,
  changes: readonly StatusChange[],
): Promise<string[]> {
  const { key } = resolved;
  const moment = deps.clock.now();
  const now = moment.toISOString();
  const written = await writeStatuses(trx, key, changes, now);
  if (written.length === 0) return [];
  const becameDone = new Set(written.filter(([, status]) => status === 'done').map(([nodeId]) => nodeId));
  const day = localDay(moment, await findTimezone(trx, key.userId));
  await countActivity(trx, key.userId, day, 'progress', written.length);
  await touchSubject(trx, key, now);
  // In the order the caller gave them (the target first, then what it waits for, nearest first).
  const done = changes.filter(([nodeId, status]) => status === 'done' && becameDone.delete(nodeId));
  return addAutoCards(
    trx,
    resolved,
    done.map(([nodeId]) => nodeId),
    moment,
  );
}

/** Hands the cards a write left owed to the `learning.auto_cards` job (after its commit). */
export function queueAutoCards(deps: Deps, viewer: AuthUser, resolved: ResolvedSubject, owed: string[]): void {
  if (owed.length === 0) return;
  const { userId, kind, subjectId } = resolved.key;
  // `enqueue` never rejects (a failure to queue is logged), so the request does not wait for the queue.
  void deps.jobs.enqueue('learning.auto_cards', { userId, role: viewer.role, kind, subjectId, nodeIds: owed });
}

/** Writes statuses in one transaction (`writeStatusesIn`), then queues the cards it left owed. */
async function writeStatusesAndCards(deps: Deps, viewer: AuthUser, resolved: ResolvedSubject, changes: StatusChange[]) {
  const owed = await deps.db.transaction().execute((trx) => writeStatusesIn(trx, deps, resolved, changes));
  queueAutoCards(deps, viewer, resolved, owed);
}

/** Sets one node's status; with `with_prerequisites` (done only) everything it waits for is done too. */
export async function updateProgress(deps: Deps, viewer: AuthUser, body: ProgressUpdateBody): Promise<Progress> {
  const resolved = await resolveSubject(deps, viewer, body);
  requireNode(resolved, body.node_id, 'node_id');
  if (body.with_prerequisites && body.status !== 'done') {
    throw invalidField('with_prerequisites', 'Prerequisites can only be marked done together with the node.');
  }
  const changes: StatusChange[] = [[body.node_id, body.status]];
  if (body.with_prerequisites) {
    for (const id of transitivePrerequisites(resolved.graph, body.node_id)) changes.push([id, 'done']);
  }
  await writeStatusesAndCards(deps, viewer, resolved, changes);
  return presentProgress(resolved, await findProgress(deps.db, resolved.key));
}

/** Sets many statuses at once: every node must be in the tree, or nothing is written. */
export async function updateProgressInBulk(deps: Deps, viewer: AuthUser, body: ProgressBulkBody): Promise<Progress> {
  const resolved = await resolveSubject(deps, viewer, body);
  body.items.forEach((item, index) => requireNode(resolved, item.node_id, `items[${index}].node_id`));
  await writeStatusesAndCards(
    deps,
    viewer,
    resolved,
    body.items.map((item) => [item.node_id, item.status]),
  );
  return presentProgress(resolved, await findProgress(deps.db, resolved.key));
}

/** The path to `target`: what it still waits for, in order, then the target, with the total time. */
export async function getPath(
  deps: Deps,
  viewer: AuthUser,
  query: SubjectRefInput & { target: string },
): Promise<LearningPath> {
  const resolved = await resolveSubject(deps, viewer, query);
  requireNode(resolved, query.target, 'target');
  const rows = await findProgress(deps.db, resolved.key);
  const statusOf = new Map(rows.map((row) => [row.node_id, row.status]));
  const ids = pathTo(resolved.graph, query.target, (id) => statusOf.get(id));
  const nodeOf = (id: string) => resolved.document.nodes[resolved.graph.indexOf.get(id)!]!;
  const steps = ids.flatMap((id) => {
    const node = nodeOf(id);
    if (!isStudyItem(node)) return [];
    return {
      node_id: id,
      title: node.title,
      status: statusOf.get(id) ?? ('todo' as const),
      estimate_minutes: estimateOf(node),
    };
  });
  const total = steps.reduce((sum, step) => sum + (step.estimate_minutes ?? DEFAULT_ESTIMATE_MINUTES), 0);
  return { target: query.target, steps, total_minutes: total };
}
