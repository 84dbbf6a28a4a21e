// What a group's owner and mentors may read of their members' learning (API.md "Groups"): status and
// retention per node of an assigned subject, with the learner's time zone and last activity. Never
// notes, never cards' contents: the queries below do not select them.
import { LEARNING_STATUSES, type Subject, type SubjectKind } from '@arbor/contract';
import { pathOrder, pathTo, type WaitsForGraph } from '@arbor/tree-core';
import { computeDecayFactor, roundTo } from 'ts-fsrs';
import type { Deps } from '../../deps.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findForksOfOwners, getTreeForViewer } from '../trees/index.ts';
import { findCohortActivity, findCohortProgress, type CohortSubject } from './cohort.repository.ts';
import { readMemoryCardsOf, type MemoryCardsByNode, type NodeCards } from './memory-cards.ts';
import { schedulerFor } from './scheduler.ts';
import { readSettingsOf, type StoredSettings } from './settings.service.ts';
import { resolveSubject, resolveSubjectById, type ResolvedSubject } from './subjects.ts';

export type { CohortSubject } from './cohort.repository.ts';

/** A subject a group may assign, as its row id, identity and document's node ids. */
export interface AssignableSubject extends CohortSubject {
  subject: Subject;
}

/**
 * A subject `creator` may assign: any template they may read, or a tree they own that is not
 * private (its members must be able to read it). `target`, when given, must be one of its nodes.
 * 404 for what the creator may not read; 400 for a tree of theirs that is private or not theirs.
 */
export async function findAssignableSubject(
  deps: Deps,
  creator: AuthUser,
  ref: { tree?: string; share?: string },
  target: string | null,
): Promise<AssignableSubject> {
  const resolved = await resolveSubject(deps, creator, ref);
  if (resolved.key.kind === 'tree') {
    const tree = await getTreeForViewer(deps, creator, resolved.key.subjectId);
    if (tree.owner_id !== creator.id) throw invalidField('tree', 'Assign one of your own trees or a template.');
    if (tree.visibility === 'private')
      throw invalidField('tree', 'A private tree cannot be assigned: members could not open it.');
  }
  checkTargetOf(resolved, target);
  return { kind: resolved.key.kind, subjectId: resolved.key.subjectId, subject: resolved.subject };
}

function checkTargetOf(resolved: ResolvedSubject, target: string | null): void {
  if (target !== null && !resolved.graph.indexOf.has(target))
    throw invalidField('target', 'This node is not in the tree.');
}

/** The nodes of an assignment in path order: the target's path (what it waits for, then it), or every counted node. */
function assignedNodes(resolved: ResolvedSubject, target: string | null): string[] {
  const { graph, root } = resolved;
  if (target !== null && graph.indexOf.has(target)) return pathTo(graph, target, () => undefined);
  return pathOrder(
    graph as WaitsForGraph,
    graph.order.filter((id) => id !== root),
  );
}

/** A status as a cohort keeps it: its index in LEARNING_STATUSES (0 is `todo`). */
export type StatusCode = number;

/** One member's learning of an assigned subject, as owner and mentors see it. */
export interface CohortMember {
  /** the status of each assigned node, by the node's index in `CohortProgress.nodes` (a StatusCode) */
  statuses: Uint8Array;
  /** the retention of each assigned node, by index; NaN when the node has no reviewed card */
  retention: Float64Array;
  lastActivityAt: string | null;
  /** since when the longest-running `learning` node of the assignment has been learning, or null */
  learningSince: string | null;
  timezone: string;
}

export interface CohortProgress {
  subject: Subject;
  nodes: Array<{ id: string; title: string }>;
  members: Map<number, CohortMember>;
}

const STATUS_CODES = new Map<string, StatusCode>(LEARNING_STATUSES.map((status, code) => [status, code]));
const LEARNING = STATUS_CODES.get('learning')!;

/**
 * The assigned nodes (path order) and each member's status and retention on them at `now`, read in a
 * handful of set-based queries whatever the number of members (cards through the per-learner cache
 * of prepared cards, re-read only for members whose cards changed). The subject is read as `reader`
 * sees it: null when it is gone or `reader` may no longer read it. `target` no longer in the
 * document: every node.
 */
export async function readCohortProgress(
  deps: Deps,
  reader: AuthUser,
  ref: CohortSubject,
  target: string | null,
  userIds: readonly number[],
  withRetention = true,
): Promise<CohortProgress | null> {
  const resolved = await resolveSubjectById(deps, reader, ref.kind as SubjectKind, ref.subjectId);
  if (!resolved) return null;
  const ids = assignedNodes(resolved, target);
  const nodes = ids.map((id) => ({ id, title: resolved.document.nodes[resolved.graph.indexOf.get(id)!]!.title }));
  const indexOf = new Map(ids.map((id, index) => [id, index]));
  const settings = await readSettingsOf(deps.db, userIds);
  const members = new Map<number, CohortMember>();
  for (const id of userIds) {
    members.set(id, {
      statuses: new Uint8Array(ids.length),
      retention: new Float64Array(ids.length).fill(NaN),
      lastActivityAt: null,
      learningSince: null,
      timezone: settings.get(id)!.timezone,
    });
  }
  // Where each member learns it: the subject itself, and for a template also their fork of it (whose
  // progress `use_tree` carries over). A fork's rows come after the template's, so they win.
  const sources: Array<{ kind: SubjectKind; ids: Map<number, number> }> = [
    { kind: ref.kind, ids: new Map(userIds.map((id) => [id, ref.subjectId])) },
  ];
  if (ref.kind === 'share')
    sources.push({ kind: 'tree', ids: await findForksOfOwners(deps.db, ref.subjectId, userIds) });
  const cardsOfSources: Array<ReadonlyMap<number, MemoryCardsByNode>> = [];
  for (const source of sources) {
    const owners = [...source.ids.keys()];
    if (owners.length === 0) continue;
    const subjects = { kind: source.kind, subjectIds: [...new Set(source.ids.values())] };
    // A row counts only on the member's own source (someone else may learn a member's fork too).
    const mine = (row: { user_id: number; subject_id: number }) => source.ids.get(row.user_id) === row.subject_id;
    const [progress, cards, activity] = await Promise.all([
      findCohortProgress(deps.db, subjects, owners),
      withRetention ? readMemoryCardsOf(deps, source.kind, source.ids) : Promise.resolve(null),
      findCohortActivity(deps.db, subjects, owners),
    ]);
    for (const row of progress) {
      const index = indexOf.get(row.node_id);
      const member = members.get(row.user_id);
      if (index === undefined || !member || !mine(row)) continue;
      const code = STATUS_CODES.get(row.status)!;
      member.statuses[index] = code;
      const since = row.learning_since;
      if (code === LEARNING && since !== null && (member.learningSince === null || since < member.learningSince))
        member.learningSince = since;
    }
    for (const row of activity) {
      const member = members.get(row.user_id);
      if (!member || !mine(row)) continue;
      if (member.lastActivityAt === null || row.last_activity_at > member.lastActivityAt) {
        member.lastActivityAt = row.last_activity_at;
      }
    }
    if (cards) cardsOfSources.push(cards);
  }
  applyRetention(members, cardsOfSources, indexOf, settings, deps.clock.nowMs());
  return { subject: resolved.subject, nodes, members };
}

/**
 * Retention of a node: the mean retrievability of its reviewed cards (API.md "Memory on the tree"),
 * on the member's own FSRS parameters, over the cards of every source (a template and the member's
 * fork of it).
 */
function applyRetention(
  members: Map<number, CohortMember>,
  sources: ReadonlyArray<ReadonlyMap<number, MemoryCardsByNode>>,
  indexOf: ReadonlyMap<string, number>,
  settings: ReadonlyMap<number, StoredSettings>,
  nowMs: number,
): void {
  // Learners on the same parameters share a forgetting curve (most keep the defaults).
  const curves = new Map<string, { decay: number; factor: number }>();
  const tallies = new Map<number, { sum: Float64Array; n: Uint32Array }>();
  for (const cards of sources) {
    for (const [userId, byNode] of cards) {
      const own = settings.get(userId);
      if (!own || !members.has(userId)) continue;
      const key = own.parameters?.join(',') ?? 'default';
      let curve = curves.get(key);
      if (!curve) curves.set(key, (curve = computeDecayFactor(schedulerFor(own, { fuzz: false }).parameters.w)));
      let tally = tallies.get(userId);
      if (!tally)
        tallies.set(userId, (tally = { sum: new Float64Array(indexOf.size), n: new Uint32Array(indexOf.size) }));
      for (const [nodeId, node] of byNode) {
        const index = indexOf.get(nodeId);
        if (index === undefined || node.lastReviews.length === 0) continue;
        tally.sum[index]! += sumOfRetrievability(node, curve, nowMs);
        tally.n[index]! += node.lastReviews.length;
      }
    }
  }
  for (const [userId, { sum, n }] of tallies) {
    const retention = members.get(userId)!.retention;
    for (let index = 0; index < n.length; index++) if (n[index]! > 0) retention[index] = sum[index]! / n[index]!;
  }
}

/** The sum over a node's reviewed cards of ts-fsrs's `get_retrievability` at `nowMs` (whole days elapsed). */
function sumOfRetrievability(node: NodeCards, curve: { decay: number; factor: number }, nowMs: number): number {
  let sum = 0;
  for (let index = 0; index < node.lastReviews.length; index++) {
    const elapsed = Math.max(Math.floor((nowMs - node.lastReviews[index]!) / DAY_MS), 0);
    sum += roundTo(Math.pow(1 + (curve.factor * elapsed) / node.stabilities[index]!, curve.decay), 8);
  }
  return sum;
}

const DAY_MS = 86_400_000;

/** 400 unless `target` is a node of the subject as `reader` reads it (404 when they cannot read it). */
export async function checkTarget(deps: Deps, reader: AuthUser, ref: CohortSubject, target: string): Promise<void> {
  const resolved = await resolveSubjectById(deps, reader, ref.kind, ref.subjectId);
  if (!resolved) throw notFound();
  checkTargetOf(resolved, target);
}
