// The cards a memory answer reads, prepared once and kept per process: the memory view asks again for
// every day the learner drags its date slider to, and reading and parsing 10,000 cards each time was
// most of every answer.
import type { Deps, LearningCaches } from '../../deps.ts';
import { RevisionCache } from '../../lib/cache/revision-cache.ts';
import type { SubjectKind } from '@arbor/contract';
import {
  findCardVersion,
  findCardVersionsOf,
  findMemoryCardChanges,
  findMemoryCards,
  findMemoryCardsOf,
  type MemoryCardRow,
} from './cards.repository.ts';
import type { SubjectKey } from './learning.repository.ts';

/** How many versions of a subject's card changes the triggers keep (migration 20261206_0701's CARD_CHANGES_KEPT). */
const CARD_CHANGES_KEPT = 1000;

/** How many cards an app keeps prepared for memory answers: ten learners' subjects of 10,000 cards. */
const CACHED_MEMORY_CARDS = 100_000;
/** How many learners' subjects it keeps: a group's dashboard reads up to 500 members' cards at once. */
const CACHED_MEMORY_SUBJECTS = 5_000;

/** One node's cards of a learner, as every memory answer reads them whatever its day. */
export interface NodeCards {
  cards: number;
  /** when each card that is not new is due (ms), ascending */
  dueTimes: number[];
  /** each reviewed card's last review (ms) and stability rounded as ts-fsrs's `get_retrievability` rounds it */
  lastReviews: number[];
  stabilities: number[];
  /** median stability of the reviewed cards (unrounded), null when none */
  stabilityMedian: number | null;
  /** the latest last review, as stored */
  lastReview: string | null;
}

/** A learner's cards of a subject by node. */
export type MemoryCardsByNode = ReadonlyMap<string, NodeCards>;

/** A subject's cards as kept: the rows by node (to patch) and what answers read (rebuilt per patched node). */
export interface KeptMemoryCards {
  rows: ReadonlyMap<string, ReadonlyMap<number, MemoryCardRow>>;
  byNode: MemoryCardsByNode;
  count: number;
}

declare module '../../deps.ts' {
  interface LearningCaches {
    /** a learner's cards of a subject, by `user:kind:subject`, stamped with the subject's card version */
    memoryCards: RevisionCache<KeptMemoryCards, string>;
  }
}

export const createMemoryCardsCache = (): LearningCaches['memoryCards'] =>
  new RevisionCache<KeptMemoryCards, string>(CACHED_MEMORY_CARDS, CACHED_MEMORY_SUBJECTS);

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One node's cards with what a read at any moment needs already parsed and sorted. */
function prepareNode(rows: Iterable<MemoryCardRow>): NodeCards {
  let cards = 0;
  const due: number[] = [];
  const reviewed: MemoryCardRow[] = [];
  for (const row of rows) {
    cards += 1;
    if (row.state === 'new') continue;
    due.push(Date.parse(row.due));
    if (row.last_review !== null) reviewed.push(row);
  }
  let lastReview: string | null = null;
  for (const card of reviewed) if (lastReview === null || card.last_review! > lastReview) lastReview = card.last_review;
  return {
    cards,
    dueTimes: due.sort((a, b) => a - b),
    lastReviews: reviewed.map((card) => Date.parse(card.last_review!)),
    stabilities: reviewed.map((card) => +Number(card.stability).toFixed(8)),
    stabilityMedian: median(reviewed.map((card) => Number(card.stability)).sort((a, b) => a - b)),
    lastReview,
  };
}

/** Groups card rows by node and prepares each node. */
export function keepMemoryCards(rows: readonly MemoryCardRow[]): KeptMemoryCards {
  const grouped = new Map<string, Map<number, MemoryCardRow>>();
  for (const row of rows) {
    let group = grouped.get(row.node_id);
    if (!group) grouped.set(row.node_id, (group = new Map()));
    group.set(row.id, row);
  }
  const byNode = new Map<string, NodeCards>();
  for (const [node, group] of grouped) byNode.set(node, prepareNode(group.values()));
  return { rows: grouped, byNode, count: rows.length };
}

/** `kept` with the changed cards: `ids` changed, `cards` are those still in the subject as they are now. */
export function patchMemoryCards(
  kept: KeptMemoryCards,
  changes: { ids: readonly number[]; cards: readonly MemoryCardRow[] },
): KeptMemoryCards {
  const rows = new Map(kept.rows);
  const touched = new Set<string>();
  const writable = (node: string) => {
    let group = rows.get(node);
    if (!touched.has(node)) {
      group = new Map(group ?? []);
      rows.set(node, group);
      touched.add(node);
    }
    return group as Map<number, MemoryCardRow>;
  };
  const changed = new Set(changes.ids);
  // where each changed card was (a card moved to another node, or deleted, leaves its old node)
  for (const [node, group] of kept.rows) for (const id of changed) if (group.has(id)) writable(node).delete(id);
  for (const card of changes.cards) writable(card.node_id).set(card.id, card);
  const byNode = new Map(kept.byNode);
  let count = kept.count;
  for (const node of touched) {
    count += rows.get(node)!.size - (kept.rows.get(node)?.size ?? 0);
    if (rows.get(node)!.size === 0) {
      rows.delete(node);
      byNode.delete(node);
    } else byNode.set(node, prepareNode(rows.get(node)!.values()));
  }
  return { rows, byNode, count };
}

/**
 * A learner's cards of a subject, prepared for memory answers. The subject's card version (raised by
 * triggers on every write of those cards, by any process) is read first and the cards after it, so
 * cards kept under a version are never older than it: an unchanged version later means unchanged cards.
 * Kept cards a few versions behind are brought up to date with just the cards that changed since.
 */
export async function readMemoryCards(deps: Deps, key: SubjectKey): Promise<MemoryCardsByNode> {
  const cache = deps.caches.learning.memoryCards;
  const cacheKey = `${key.userId}:${key.kind}:${key.subjectId}`;
  const version = await findCardVersion(deps.db, key);
  // No version: no card of this subject was ever written (the migration counted the older ones).
  if (version === null) return keepMemoryCards(await findMemoryCards(deps.db, key)).byNode;
  const kept = cache.latest(cacheKey);
  if (kept?.stamp === version) return kept.value.byNode;
  const behind = kept ? Number(version) - Number(kept.stamp) : 0;
  const changes =
    kept && behind > 0 && behind <= CARD_CHANGES_KEPT
      ? await findMemoryCardChanges(deps.db, key, Number(kept.stamp), Number(version))
      : null;
  const next =
    kept && changes ? patchMemoryCards(kept.value, changes) : keepMemoryCards(await findMemoryCards(deps.db, key));
  cache.set(cacheKey, version, next, next.count);
  return next.byNode;
}

/**
 * `readMemoryCards` for many learners at once (a group's dashboard), each on the subject of `kind`
 * that `subjectOf` gives them: their versions in one statement, then the cards of those whose prepared
 * cards are not kept under their version in another. Learners without cards have no entry.
 */
export async function readMemoryCardsOf(
  deps: Deps,
  kind: SubjectKind,
  subjectOf: ReadonlyMap<number, number>,
): Promise<Map<number, MemoryCardsByNode>> {
  const cache = deps.caches.learning.memoryCards;
  const userIds = [...subjectOf.keys()];
  const subjectIds = [...new Set(subjectOf.values())];
  const prepared = new Map<number, MemoryCardsByNode>();
  if (userIds.length === 0) return prepared;
  const versions = new Map<number, string>();
  for (const row of await findCardVersionsOf(deps.db, { kind, subjectIds, userIds })) {
    if (subjectOf.get(row.user_id) === row.subject_id) versions.set(row.user_id, row.version);
  }
  const stale: number[] = [];
  for (const userId of userIds) {
    const version = versions.get(userId);
    const kept = version === undefined ? undefined : cache.get(`${userId}:${kind}:${subjectOf.get(userId)}`, version);
    if (kept) prepared.set(userId, kept.byNode);
    else stale.push(userId);
  }
  if (stale.length === 0) return prepared;
  const rowsOf = new Map<number, MemoryCardRow[]>();
  const staleSubjects = [...new Set(stale.map((userId) => subjectOf.get(userId)!))];
  for (const row of await findMemoryCardsOf(deps.db, { kind, subjectIds: staleSubjects, userIds: stale })) {
    // Someone else's fork may be in the subjects read: a row counts only on the learner's own subject.
    if (subjectOf.get(row.user_id) !== row.subject_id) continue;
    let rows = rowsOf.get(row.user_id);
    if (!rows) rowsOf.set(row.user_id, (rows = []));
    rows.push(row);
  }
  for (const userId of stale) {
    const rows = rowsOf.get(userId) ?? [];
    const kept = keepMemoryCards(rows);
    const version = versions.get(userId);
    if (version !== undefined) cache.set(`${userId}:${kind}:${subjectOf.get(userId)}`, version, kept, rows.length);
    if (rows.length > 0) prepared.set(userId, kept.byNode);
  }
  return prepared;
}

/** How many of `ascending` are at most `bound`. */
export function countAtMost(ascending: readonly number[], bound: number): number {
  let low = 0;
  let high = ascending.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ascending[middle]! <= bound) low = middle + 1;
    else high = middle;
  }
  return low;
}
