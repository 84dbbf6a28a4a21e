// The next interval of each grade, previewed with the scheduler the server uses (API.md "Recall":
// ts-fsrs 5.x, fuzz and short-term steps on, the learner's retention, maximum interval, learning and
// relearning steps and personal parameters, made into ts-fsrs's parameters by the same function as
// the server's). Only the review page imports it, so ts-fsrs stays in that lazy chunk.
import type { Card } from '@arbor/contract';
import type { SchedulerSettings } from '@arbor/contract/fsrs-settings';
import { schedulerFor, toFsrsCard, type Grade } from '../../../offline/index.ts';

export { schedulerSettingsOf, type Grade } from '../../../offline/index.ts';

/** For each grade, when the card would be due again if graded now (ms from now, and the date). */
export function previewGrades(
  card: Card,
  now: Date,
  settings: SchedulerSettings,
): Record<Grade, { ms: number; due: Date }> {
  const record = schedulerFor(settings).repeat(toFsrsCard(card, now), now);
  const one = (grade: Grade) => {
    const due = record[grade].card.due;
    return { ms: due.getTime() - now.getTime(), due };
  };
  return { 1: one(1), 2: one(2), 3: one(3), 4: one(4) };
}
