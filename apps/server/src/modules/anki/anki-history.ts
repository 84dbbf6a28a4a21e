import { randomUUID } from 'node:crypto';
import { CARD_STATES } from '@arbor/contract';
import { createEmptyCard, type Card as FsrsCard, type FSRS, type Grade } from 'ts-fsrs';
import type { ImportedLog, Schedule } from '../learning/index.ts';
import { scheduleOf } from '../learning/index.ts';
import type { AnkiCard, AnkiReview } from './anki-collection.ts';

/**
 * An Anki card's schedule and history as Arbor keeps them (API.md "Anki import"). The history's real
 * ratings (Again … Easy of learning, review, relearning and filtered-deck reviews; not manual
 * reschedules) are replayed through the learner's scheduler without fuzz, which gives each review's
 * log and, when Anki kept no FSRS memory state, the card's state, stability, difficulty and due. When
 * Anki has a memory state (FSRS on), that stability and difficulty stand, and so do Anki's own due
 * date and state. A card without usable history keeps Anki's state and due; its stability is
 * its interval (days), Anki's SM-2 measure of the same thing.
 */

const DAY_MS = 86_400_000;
/** Anki's due of learning cards is epoch seconds; of review cards, days since the collection began. */
const EPOCH_SECONDS_FROM = 1_000_000_000;

/** A log as the importer writes it, without its card and learner (known once the card exists). */
export type HistoryLog = Omit<ImportedLog, 'card_id' | 'user_id'>;

export interface ImportedSchedule {
  schedule: Schedule;
  logs: HistoryLog[];
}

const isRating = (review: AnkiReview) => review.ease >= 1 && review.ease <= 4 && review.type <= 3;

/** When Anki has the card due. */
function ankiDue(card: AnkiCard, crt: number, now: Date): Date {
  if (card.type === 0) return now;
  if (card.due >= EPOCH_SECONDS_FROM) return new Date(card.due * 1000);
  return new Date(crt * 1000 + card.due * DAY_MS);
}

const stateOfType = (type: number) => CARD_STATES[Math.min(Math.max(type, 0), 3)]!;

/** Replays ratings through `scheduler` from a new card: the final card and one log per rating. */
export function replayHistory(scheduler: FSRS, reviews: readonly AnkiReview[]): { card: FsrsCard; logs: HistoryLog[] } {
  const rated = reviews.filter(isRating);
  let card = createEmptyCard(new Date(rated[0]?.id ?? 0));
  const logs: HistoryLog[] = [];
  for (const review of rated) {
    const at = new Date(review.id);
    const before = scheduleOf(card);
    const { card: next, log } = scheduler.next(card, at, review.ease as Grade);
    logs.push({
      // A fresh id: the same deck may be imported again, and review ids are unique per learner.
      review_id: randomUUID(),
      rating: log.rating,
      state: CARD_STATES[log.state]!,
      due: log.due.toISOString(),
      stability: log.stability,
      difficulty: log.difficulty,
      elapsed_days: log.elapsed_days,
      last_elapsed_days: log.last_elapsed_days,
      scheduled_days: log.scheduled_days,
      learning_steps: log.learning_steps,
      reviewed_at: at.toISOString(),
      duration_ms: review.time > 0 ? review.time : null,
      card_before: JSON.stringify(before),
      answer: '{}',
      kind: 'explicit',
      source_card_id: null,
      source_log_id: null,
    });
    card = next;
  }
  return { card, logs };
}

/** The schedule and logs of one imported card (`card` undefined: a card Anki did not generate, new). */
export function importSchedule(
  scheduler: FSRS,
  card: AnkiCard | undefined,
  reviews: readonly AnkiReview[],
  crt: number,
  now: Date,
): ImportedSchedule {
  if (!card || (card.type === 0 && !reviews.some(isRating)))
    return { schedule: scheduleOf(createEmptyCard(now)), logs: [] };
  const { card: replayed, logs } = replayHistory(scheduler, reviews);
  if (logs.length > 0 && !card.memory) return { schedule: scheduleOf(replayed), logs };
  const due = ankiDue(card, crt, now);
  const lastReview = logs.length ? logs[logs.length - 1]!.reviewed_at : null;
  const interval = Math.max(card.ivl, 0);
  return {
    schedule: {
      state: stateOfType(card.type),
      due: due.toISOString(),
      stability: card.memory?.stability ?? Math.max(interval, 0.1),
      difficulty: card.memory?.difficulty ?? (logs.length ? replayed.difficulty : 5),
      elapsed_days: 0,
      scheduled_days: interval,
      learning_steps: 0,
      reps: card.reps,
      lapses: card.lapses,
      last_review: lastReview ?? (interval > 0 ? new Date(due.getTime() - interval * DAY_MS).toISOString() : null),
    },
    logs,
  };
}
