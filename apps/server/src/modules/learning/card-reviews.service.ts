// Card reviews (recall): grading a card with FSRS, undoing the last grade, the review queue and
// the recall statistics. Not the written reviews of shared trees (community's reviews).
import type { Executor } from '../../db/connection.ts';
import {
  CARD_STATES,
  type Card,
  type ReviewBody,
  type ReviewQueue,
  type ReviewResult,
  type ReviewStats,
} from '@arbor/contract';
import { fsrs, generatorParameters, type State, type Card as FsrsCard, type Grade } from 'ts-fsrs';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import { conflict, invalidField, notFound } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  countByState,
  countDueBetween,
  countRecalls,
  deleteLog,
  findDue,
  findLastLog,
  findLogByReviewId,
  findNew,
  findOwnCard,
  findOwnCardForUpdate,
  insertLog,
  setLogAnswer,
  uncountCardReview,
  writeSchedule,
  type CardRow,
  type Schedule,
} from './cards.repository.ts';
import { presentCard, presentLog } from './cards.presenter.ts';
import { presentCards, subjectsOfCards } from './cards.service.ts';
import { countActivity, touchSubject } from './learning.repository.ts';
import { addDays, localDay, startOfLocalDay } from './local-days.ts';
import { afterExplicitReview } from './optimizer.service.ts';
import { readSettings } from './settings.service.ts';
import { todayCounts } from './today-counts.ts';

/** How far ahead of the server's clock a client's `reviewed_at` may be (clock skew). */
const FUTURE_SLACK_MS = 60_000;
const DAY_MS = 86_400_000;
const FORECAST_DAYS = 7;

/** The FSRS scheduler of API.md "Recall": ts-fsrs defaults, fuzz and short-term steps on, the learner's retention. */
export const schedulerFor = (requestRetention: number) =>
  fsrs(generatorParameters({ enable_fuzz: true, enable_short_term: true, request_retention: requestRetention }));

/** A card row's schedule as ts-fsrs reads it. */
export function fsrsCardOf(row: Schedule): FsrsCard {
  return {
    due: new Date(row.due),
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: CARD_STATES.indexOf(row.state) as State,
    ...(row.last_review ? { last_review: new Date(row.last_review) } : {}),
  };
}

/** ts-fsrs's card as the scheduling columns of a row. */
export function scheduleOf(card: FsrsCard): Schedule {
  return {
    state: CARD_STATES[card.state]!,
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

const scheduleOfRow = (row: CardRow): Schedule => ({
  state: row.state,
  due: row.due,
  stability: Number(row.stability),
  difficulty: Number(row.difficulty),
  elapsed_days: row.elapsed_days,
  scheduled_days: row.scheduled_days,
  learning_steps: row.learning_steps,
  reps: row.reps,
  lapses: row.lapses,
  last_review: row.last_review,
});

/** The answer stored with an earlier review of the same `review_id`, or a conflict when it was another card's. */
function replay(stored: { id: number; card_id: number; answer: string }, cardId: number): ReviewResult {
  if (stored.card_id !== cardId) throw conflict('This review_id was already used for another card.');
  return JSON.parse(stored.answer) as ReviewResult;
}

/**
 * Reviews one of the caller's cards: the outcome is ts-fsrs's `next(card, reviewed_at, rating)` with
 * the learner's retention. The card row is locked for the transaction, so reviews of one card run one
 * after the other; the same `review_id` again answers the stored result and schedules nothing (a
 * concurrent duplicate loses on the unique constraint and answers the winner's result).
 */
export async function reviewCard(
  deps: Deps,
  viewer: AuthUser,
  cardId: number,
  body: ReviewBody,
): Promise<ReviewResult> {
  // The subject is read before the transaction: SQLite has one connection, which the transaction holds.
  const owned = await findOwnCard(deps.db, viewer.id, cardId);
  if (!owned) throw notFound();
  const subject = (await subjectsOfCards(deps, viewer, [owned])).get(`${owned.subject_kind}:${owned.subject_id}`)!;
  try {
    const reviewed = await deps.db.transaction().execute(async (trx) => {
      const row = await findOwnCardForUpdate(trx, deps.dialect, viewer.id, cardId);
      if (!row) throw notFound();
      const earlier = await findLogByReviewId(trx, viewer.id, body.review_id);
      if (earlier) return replay(earlier, cardId);

      const now = deps.clock.now();
      const reviewedAt = body.reviewed_at !== undefined ? new Date(body.reviewed_at) : now;
      if (reviewedAt.getTime() > now.getTime() + FUTURE_SLACK_MS) {
        throw invalidField('reviewed_at', 'reviewed_at may not be more than 60 seconds ahead of the server.');
      }
      if (row.last_review !== null && reviewedAt.getTime() < Date.parse(row.last_review)) {
        throw invalidField('reviewed_at', "reviewed_at may not be before the card's last review.");
      }
      const settings = await readSettings(trx, viewer.id);
      const before = scheduleOfRow(row);
      const outcome = schedulerFor(settings.request_retention).next(
        fsrsCardOf(before),
        reviewedAt,
        body.rating as Grade,
      );
      const schedule = scheduleOf(outcome.card);
      const nowIso = now.toISOString();
      await writeSchedule(trx, row.id, schedule, nowIso);
      const log = {
        card_id: row.id,
        user_id: viewer.id,
        review_id: body.review_id,
        rating: body.rating,
        state: CARD_STATES[outcome.log.state]!,
        due: outcome.log.due.toISOString(),
        stability: outcome.log.stability,
        difficulty: outcome.log.difficulty,
        elapsed_days: outcome.log.elapsed_days,
        last_elapsed_days: outcome.log.last_elapsed_days,
        scheduled_days: outcome.log.scheduled_days,
        learning_steps: outcome.log.learning_steps,
        reviewed_at: outcome.log.review.toISOString(),
        duration_ms: body.duration_ms ?? null,
        card_before: JSON.stringify(before),
        answer: '{}',
      };
      const logId = await insertLog(trx, log);
      const answer: ReviewResult = {
        card: presentCard({ ...row, ...schedule, updated_at: nowIso }, subject),
        log: presentLog(logId, log),
      };
      await setLogAnswer(trx, logId, JSON.stringify(answer));
      const day = localDay(reviewedAt, settings.timezone);
      await countActivity(trx, viewer.id, day, 'reviews', 1);
      await touchSubject(trx, { userId: viewer.id, kind: row.subject_kind, subjectId: row.subject_id }, nowIso);
      return answer;
    });
    await afterExplicitReview(deps, viewer.id);
    return reviewed;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const stored = await findLogByReviewId(deps.db, viewer.id, body.review_id);
    if (!stored) throw error;
    return replay(stored, cardId);
  }
}

/** Takes back the last review of one of the caller's cards: its schedule as before, the log and the day's count gone. */
export async function undoCardReview(deps: Deps, viewer: AuthUser, cardId: number): Promise<Card> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const card = await findOwnCardForUpdate(trx, deps.dialect, viewer.id, cardId);
    if (!card) throw notFound();
    const last = await findLastLog(trx, card.id);
    if (!last) throw conflict('This card has no review to undo.');
    const before = JSON.parse(last.card_before) as Schedule;
    const now = deps.clock.nowIso();
    await writeSchedule(trx, card.id, before, now);
    await deleteLog(trx, last.id);
    const settings = await readSettings(trx, viewer.id);
    await uncountCardReview(trx, viewer.id, localDay(new Date(last.reviewed_at), settings.timezone));
    return { ...card, ...before, updated_at: now };
  });
  return (await presentCards(deps, viewer, [row]))[0]!;
}

/** Merges two lists already sorted by due (then id). */
function mergeByDue(a: CardRow[], b: CardRow[]): CardRow[] {
  return [...a, ...b].sort((x, y) => (x.due < y.due ? -1 : x.due > y.due ? 1 : x.id - y.id));
}

/**
 * The caller's review queue: due learning and relearning cards, then due review cards (each by due),
 * then new cards (oldest first) up to what is left of today's `new_per_day`. Every query is a range
 * of the queue or new-card index; none reads all of a learner's cards.
 */
export async function getCardReviewQueue(deps: Deps, viewer: AuthUser, limit: number): Promise<ReviewQueue> {
  const db = deps.db;
  const settings = await readSettings(db, viewer.id);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const [learning, relearning, review, counts] = await Promise.all([
    findDue(db, viewer.id, 'learning', nowIso, limit),
    findDue(db, viewer.id, 'relearning', nowIso, limit),
    findDue(db, viewer.id, 'review', nowIso, limit),
    todayCounts(db, viewer.id, settings, now),
  ]);
  const due = [...mergeByDue(learning, relearning), ...review].slice(0, limit);
  const fresh = await findNew(db, viewer.id, Math.min(counts.newLeft, limit - due.length));
  return {
    cards: await presentCards(deps, viewer, [...due, ...fresh]),
    counts: { new: counts.new, learning: counts.learning, review: counts.review },
  };
}

/**
 * The caller's review statistics in their time zone (API.md "Recall"). `due_today` is what is left to
 * review today as `todayCounts` defines it (the queue's counts add up to it); the forecast counts the
 * reviews coming due on each day, today's including those due later today.
 */
export async function getCardReviewStats(deps: Deps, viewer: AuthUser): Promise<ReviewStats> {
  const db = deps.db;
  const settings = await readSettings(db, viewer.id);
  const now = deps.clock.now();
  const today = localDay(now, settings.timezone);
  const [counts, recalls, forecast, cards] = await Promise.all([
    todayCounts(db, viewer.id, settings, now),
    countRecalls(db, viewer.id, new Date(now.getTime() - 30 * DAY_MS).toISOString()),
    dueForecast(db, viewer.id, settings.timezone, today),
    countByState(db, viewer.id),
  ]);
  return {
    reviews_today: counts.done,
    due_today: counts.learning + counts.review + counts.new,
    retention_30d: recalls.total === 0 ? null : recalls.recalled / recalls.total,
    forecast,
    cards,
  };
}

/**
 * Non-new cards due on each of the 7 local days from `today` (overdue cards count on today): one
 * range count of the queue index per day, whose end is the start of the next local day.
 */
export async function dueForecast(
  db: Executor,
  userId: number,
  timezone: string,
  today: string,
): Promise<{ date: string; due: number }[]> {
  const days = Array.from({ length: FORECAST_DAYS }, (_, index) => addDays(today, index));
  const ends = days.map((day) => startOfLocalDay(addDays(day, 1), timezone).toISOString());
  const counts = await countDueBetween(db, userId, ends);
  return days.map((date, index) => ({ date, due: counts[index] ?? 0 }));
}
