// What the tutor may know of a learner (API.md "Tutor"): their progress, their note on the node and
// the cards they keep forgetting on it and its prerequisites. Read with the caller's own subject key
// only, so nothing of another learner of the same tree or template can ever enter a prompt.
import type { Progress } from '@arbor/contract';
import { transitivePrerequisites } from '@arbor/tree-core';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findCardsOnNodes, type GroundingCardRow } from './cards.repository.ts';
import { findNote, findProgress } from './learning.repository.ts';
import { retrievabilityOf } from './memory.service.ts';
import { presentProgress } from './progress.service.ts';
import { schedulerFor } from './scheduler.ts';
import { readSettings } from './settings.service.ts';
import type { ResolvedSubject } from './subjects.ts';

export interface WeakCard {
  node_id: string;
  front: string;
  back: string;
  lapses: number;
  /** the chance of recalling it now; null for a card never reviewed */
  retrievability: number | null;
}

export interface LearnerGrounding {
  /** the caller's progress on the subject: statuses, locked nodes, summary */
  progress: Progress;
  /** the caller's own note on the node (null without a node or a note) */
  note: string | null;
  /** the caller's weakest cards on the node and everything it waits for (the whole subject without a node) */
  weakestCards: WeakCard[];
}

const WEAKEST_CARDS = 5;

/** Most lapses first, then the lowest retrievability; cards never reviewed (unknown) after the others. */
function weaker(a: WeakCard, b: WeakCard): number {
  if (a.lapses !== b.lapses) return b.lapses - a.lapses;
  if (a.retrievability === b.retrievability) return 0;
  if (a.retrievability === null) return 1;
  if (b.retrievability === null) return -1;
  return a.retrievability - b.retrievability;
}

/**
 * The caller's grounding for the tutor on `nodeId` of a subject they may read (`resolveSubject`), or
 * on the whole subject (null): three reads of the caller's own rows.
 */
export async function learnerGrounding(
  deps: Deps,
  viewer: AuthUser,
  resolved: ResolvedSubject,
  nodeId: string | null,
): Promise<LearnerGrounding> {
  const nodes = nodeId === null ? null : [nodeId, ...transitivePrerequisites(resolved.graph, nodeId)];
  const [progressRows, note, cards, settings] = await Promise.all([
    findProgress(deps.db, resolved.key),
    nodeId === null ? undefined : findNote(deps.db, resolved.key, nodeId),
    findCardsOnNodes(deps.db, resolved.key, nodes),
    readSettings(deps.db, viewer.id),
  ]);
  const scheduler = schedulerFor(settings);
  const now = deps.clock.nowMs();
  const weakest = cards
    .filter((card: GroundingCardRow) => resolved.graph.indexOf.has(card.node_id))
    .map((card) => ({
      node_id: card.node_id,
      front: card.front,
      back: card.back,
      lapses: card.lapses,
      retrievability: retrievabilityOf(scheduler, card, now),
    }))
    .sort(weaker)
    .slice(0, WEAKEST_CARDS);
  return { progress: presentProgress(resolved, progressRows), note: note?.content ?? null, weakestCards: weakest };
}
