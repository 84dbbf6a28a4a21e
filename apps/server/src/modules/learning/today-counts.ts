import type { LearnerSettings } from '@arbor/contract';
import type { Executor } from '../../db/connection.ts';
import { countDue, countNew, countCardReviewsSince, findNewSubjects } from './cards.repository.ts';
import { localDay, startOfLocalDay } from './local-days.ts';

/**
 * The one definition of a learner's day of cards, which every counter on `/learn` shows (issue 28:
 * "no cards due", "7 cards to review today" and "due today 0" at once):
 * - **due**: cards that are not new and are due at or before now (learning and relearning, review);
 * - **new**: new cards the daily `new_per_day` still admits, oldest first, as the queue takes them;
 * - **done**: reviews since the start of the learner's day in their time zone.
 * What is left to review today is due + new: the review queue's counts add up to it, the stats'
 * `due_today` is it, and each subject's `due_cards` is its share of it. Cards that become due later
 * today are not in it until they are due (the stats' forecast counts them on today).
 */
export interface TodayCounts {
  learning: number;
  review: number;
  new: number;
  done: number;
  /** how many new cards today's limit still admits (whether or not the learner has them) */
  newLeft: number;
  /** the start of the learner's day, as an ISO instant */
  dayStart: string;
}

export async function todayCounts(
  db: Executor,
  userId: number,
  settings: Pick<LearnerSettings, 'timezone' | 'new_per_day'>,
  now: Date,
): Promise<TodayCounts> {
  const nowIso = now.toISOString();
  const dayStart = startOfLocalDay(localDay(now, settings.timezone), settings.timezone).toISOString();
  const [today, learning, review] = await Promise.all([
    countCardReviewsSince(db, userId, dayStart),
    countDue(db, userId, ['learning', 'relearning'], nowIso),
    countDue(db, userId, ['review'], nowIso),
  ]);
  const newLeft = Math.max(0, settings.new_per_day - today.introduced);
  return { learning, review, new: await countNew(db, userId, newLeft), done: today.reviews, newLeft, dayStart };
}

/** Of the new cards today's limit admits (`newLeft`, oldest first), how many belong to each subject (`kind:id`). */
export async function admittedNewBySubject(
  db: Executor,
  userId: number,
  newLeft: number,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { subject_kind, subject_id } of await findNewSubjects(db, userId, newLeft)) {
    const key = `${subject_kind}:${subject_id}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
