// Implicit credit (API.md "Memory on the tree", after Math Academy's fractional implicit repetition):
// a Good or Easy review of a card on node N also refreshes the learner's due-soon review cards on the
// nodes N waits for, by half (directly) or a quarter (through one more node) of what a Good review
// would have given them.
import type { WaitsForGraph } from '@arbor/tree-core';
import { Rating, type Card as FsrsCard } from 'ts-fsrs';
import type { FSRS } from 'ts-fsrs';

/** Weight of the credit by distance along the waits-for graph: 1 → 0.5, 2 → 0.25, further → none. */
const WEIGHTS = [0.5, 0.25] as const;
/** A card gets credit when its due date is at most this long after the review. */
export const CREDIT_HORIZON_MS = 2 * 86_400_000;

/** The nodes `nodeId` waits for within two steps, each with its weight (its nearest distance), nearest first. */
export function prerequisiteWeights(graph: WaitsForGraph, nodeId: string): Map<string, number> {
  const weights = new Map<string, number>();
  let frontier = [nodeId];
  for (const weight of WEIGHTS) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const waited of graph.waitsFor.get(node) ?? []) {
        if (waited === nodeId || weights.has(waited)) continue;
        weights.set(waited, weight);
        next.push(waited);
      }
    }
    frontier = next;
  }
  return weights;
}

/**
 * A review card's schedule after an implicit review at `at` with weight `weight`: stability
 * `S + w × (S_good − S)` (S_good: ts-fsrs's stability for Good at that moment), due from the new
 * stability with the learner's retention and no fuzz; reps, lapses, difficulty and state stay.
 * `scheduler` must be the learner's scheduler without fuzz.
 */
export function creditedCard(scheduler: FSRS, card: FsrsCard, at: Date, weight: number): FsrsCard {
  const good = scheduler.next(card, at, Rating.Good).card;
  const stability = card.stability + weight * (good.stability - card.stability);
  const elapsedDays = good.elapsed_days;
  const interval = scheduler.next_interval(stability, elapsedDays);
  return {
    ...card,
    stability,
    due: new Date(at.getTime() + interval * 86_400_000),
    elapsed_days: elapsedDays,
    scheduled_days: interval,
    last_review: at,
  };
}
