// The next interval of each grade, previewed with the scheduler the server uses (API.md "Recall":
// ts-fsrs 5.x, default parameters, fuzz and short-term steps on, the learner's request_retention).
// Only the review page imports it, so ts-fsrs stays in that lazy chunk.
import type { Card } from '@arbor/contract';
import { fsrs, generatorParameters, type CardInput, type FSRS } from 'ts-fsrs';

export type Grade = 1 | 2 | 3 | 4;

const STATE_TYPES = { new: 'New', learning: 'Learning', review: 'Review', relearning: 'Relearning' } as const;

const schedulers = new Map<number, FSRS>();

/** One scheduler per retention (the parameters never change within a session). */
export function schedulerFor(requestRetention: number): FSRS {
  let scheduler = schedulers.get(requestRetention);
  if (!scheduler) {
    scheduler = fsrs(
      generatorParameters({ enable_fuzz: true, enable_short_term: true, request_retention: requestRetention }),
    );
    schedulers.set(requestRetention, scheduler);
  }
  return scheduler;
}

/** The contract's card as ts-fsrs reads it. */
export function toFsrsCard(card: Card, now: Date): CardInput {
  const last = card.last_review ? new Date(card.last_review) : null;
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: last ? Math.max(0, Math.floor((now.getTime() - last.getTime()) / 86_400_000)) : 0,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_TYPES[card.state],
    last_review: card.last_review,
  };
}

/** For each grade, when the card would be due again if graded now (ms from now, and the date). */
export function previewGrades(
  card: Card,
  now: Date,
  requestRetention: number,
): Record<Grade, { ms: number; due: Date }> {
  const record = schedulerFor(requestRetention).repeat(toFsrsCard(card, now), now);
  const one = (grade: Grade) => {
    const due = record[grade].card.due;
    return { ms: due.getTime() - now.getTime(), due };
  };
  return { 1: one(1), 2: one(2), 3: one(3), 4: one(4) };
}
