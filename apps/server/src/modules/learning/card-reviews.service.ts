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
  type StrengthenedNode,
} from '@arbor/contract';
import { State, type Card as FsrsCard, type Grade } from 'ts-fsrs';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import { conflict, invalidField, notFound } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  countByState,
  countDue,
  countDueBetween,
  countNew,
  countRecalls,
  deleteLog,
  deleteLogsAfter,
  findCreditableCards,
  findDue,
  findImplicitLogsOf,
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
  type CardScope,
  type Schedule,
} from './cards.repository.ts';
import { presentCard, presentLog } from './cards.presenter.ts';
import { contextOfCards, presentCards, subjectsOfCards } from './cards.service.ts';
import { countActivity, touchSubject } from './learning.repository.ts';
import { addDays, localDay, startOfLocalDay } from './local-days.ts';
import { balancedInterval } from './load-balance.ts';
import { CREDIT_HORIZON_MS, creditedCard, prerequisiteWeights } from './implicit-credit.ts';
import { schedulerFor } from './scheduler.ts';
import { readSettings, type StoredSettings } from './settings.service.ts';
import { resolveSubjectById, type ResolvedSubject } from './subjects.ts';
import { afterExplicitReview } from './optimizer.service.ts';
import { todayCounts } from './today-counts.ts';

/** How far ahead of the server's clock a client's `reviewed_at` may be (clock skew). */
const FUTURE_SLACK_MS = 60_000;
const DAY_MS = 86_400_000;
const FORECAST_DAYS = 7;

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
  // Answers stored before "Memory on the tree" have neither the log's kind nor the credit.
  const answer = JSON.parse(stored.answer) as ReviewResult;
  return {
    ...answer,
    log: { ...answer.log, kind: answer.log.kind ?? 'explicit' },
    strengthened: answer.strengthened ?? [],
  };
}

/**
 * Moves a review outcome's due to the least loaded day of ts-fsrs's fuzz range for its interval (API.md
 * "Load balancing and easy days"); every other field stays ts-fsrs's.
 */
async function balanceDue(
  trx: Executor,
  userId: number,
  settings: StoredSettings,
  before: Schedule,
  at: Date,
  rating: Grade,
  schedule: Schedule,
): Promise<void> {
  const plain = schedulerFor(settings, { fuzz: false }).next(fsrsCardOf(before), at, rating).card;
  const interval = await balancedInterval(trx, userId, settings, at, plain.scheduled_days, plain.elapsed_days);
  if (interval === null) return;
  schedule.scheduled_days = interval;
  schedule.due = new Date(at.getTime() + interval * DAY_MS).toISOString();
}

/** What a review log row holds beyond ts-fsrs's log. */
type LogRow = Parameters<typeof insertLog>[1];

/**
 * Implicit credit of one explicit review (API.md "Memory on the tree"): each of the learner's review
 * cards on a node the reviewed card's node waits for (two steps at most), due at most 2 days after
 * the review and last reviewed before it, gets an implicit review and log. Answers the nodes refreshed.
 */
async function giveImplicitCredit(
  trx: Executor,
  deps: Deps,
  settings: StoredSettings,
  resolved: ResolvedSubject,
  source: { card: CardRow; logId: number; at: Date; now: string },
): Promise<StrengthenedNode[]> {
  const weights = prerequisiteWeights(resolved.graph, source.card.node_id);
  if (weights.size === 0) return [];
  const until = new Date(source.at.getTime() + CREDIT_HORIZON_MS).toISOString();
  const cards = await findCreditableCards(trx, deps.dialect, resolved.key, [...weights.keys()], until);
  const scheduler = schedulerFor(settings, { fuzz: false });
  const credited = new Set<string>();
  for (const card of cards) {
    if (card.last_review !== null && Date.parse(card.last_review) > source.at.getTime()) continue;
    const before = scheduleOfRow(card);
    const after = scheduleOf(creditedCard(scheduler, fsrsCardOf(before), source.at, weights.get(card.node_id)!));
    await writeSchedule(trx, card.id, after, source.now);
    await insertLog(trx, {
      card_id: card.id,
      user_id: card.user_id,
      review_id: `implicit:${source.logId}:${card.id}`,
      rating: 3,
      state: before.state,
      due: before.last_review ?? before.due,
      stability: after.stability,
      difficulty: after.difficulty,
      elapsed_days: after.elapsed_days,
      last_elapsed_days: before.elapsed_days,
      scheduled_days: after.scheduled_days,
      learning_steps: after.learning_steps,
      reviewed_at: source.at.toISOString(),
      duration_ms: null,
      card_before: JSON.stringify(before),
      answer: '{}',
      kind: 'implicit',
      source_card_id: source.card.id,
      source_log_id: source.logId,
    });
    credited.add(card.node_id);
  }
  const titles = new Map(resolved.document.nodes.map((node) => [node.id, node.title]));
  // Nearest first, then in document order.
  return [...weights.keys()]
    .filter((node) => credited.has(node))
    .sort(
      (a, b) => weights.get(b)! - weights.get(a)! || resolved.graph.indexOf.get(a)! - resolved.graph.indexOf.get(b)!,
    )
    .map((node) => ({ node_id: node, title: titles.get(node) ?? '' }));
}

/**
 * Reviews one of the caller's cards: the outcome is ts-fsrs's `next(card, reviewed_at, rating)` with
 * the learner's scheduler. The card row is locked for the transaction, so reviews of one card run one
 * after the other; the same `review_id` again answers the stored result and schedules nothing (a
 * concurrent duplicate loses on the unique constraint and answers the winner's result). Good and Easy
 * also give implicit credit to the prerequisites' cards when the learner has it on.
 */
export async function reviewCard(
  deps: Deps,
  viewer: AuthUser,
  cardId: number,
  body: ReviewBody,
): Promise<ReviewResult> {
  // The subject and settings are read before the transaction: SQLite has one connection, which the transaction holds.
  const owned = await findOwnCard(deps.db, viewer.id, cardId);
  if (!owned) throw notFound();
  const settings = await readSettings(deps.db, viewer.id);
  const credits = settings.implicit_credit && body.rating >= 3;
  const resolved = credits ? await resolveSubjectById(deps, viewer, owned.subject_kind, owned.subject_id) : null;
  const subject = (await subjectsOfCards(deps, viewer, [owned], resolved ?? undefined)).get(
    `${owned.subject_kind}:${owned.subject_id}`,
  )!;
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
      const before = scheduleOfRow(row);
      const outcome = schedulerFor(settings).next(fsrsCardOf(before), reviewedAt, body.rating as Grade);
      const schedule = scheduleOf(outcome.card);
      if (settings.load_balance && outcome.card.state === State.Review) {
        await balanceDue(trx, viewer.id, settings, before, reviewedAt, body.rating as Grade, schedule);
      }
      const nowIso = now.toISOString();
      await writeSchedule(trx, row.id, schedule, nowIso);
      const log: LogRow = {
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
        kind: 'explicit',
        source_card_id: null,
        source_log_id: null,
      };
      const logId = await insertLog(trx, log);
      const strengthened = resolved
        ? await giveImplicitCredit(trx, deps, settings, resolved, {
            card: row,
            logId,
            at: reviewedAt,
            now: nowIso,
          })
        : [];
      const answer: ReviewResult = {
        card: presentCard(
          { ...row, ...schedule, updated_at: nowIso },
          subject,
          await contextOfCards(deps, trx, viewer.id, [row]),
        ),
        log: presentLog(logId, log),
        strengthened,
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

/**
 * Takes back the last review of one of the caller's cards: its schedule as before, the log and the
 * day's count gone, and the implicit credit it gave with it (on each card still as that credit left it).
 */
export async function undoCardReview(deps: Deps, viewer: AuthUser, cardId: number): Promise<Card> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const card = await findOwnCardForUpdate(trx, deps.dialect, viewer.id, cardId);
    if (!card) throw notFound();
    const last = await findLastLog(trx, card.id, 'explicit');
    if (!last) throw conflict('This card has no review to undo.');
    const before = JSON.parse(last.card_before) as Schedule;
    const now = deps.clock.nowIso();
    await writeSchedule(trx, card.id, before, now);
    for (const credit of await findImplicitLogsOf(trx, last.id)) {
      const latest = await findLastLog(trx, credit.card_id);
      if (latest?.id !== credit.id) continue;
      await writeSchedule(trx, credit.card_id, JSON.parse(credit.card_before) as Schedule, now);
      await deleteLog(trx, credit.id);
    }
    await deleteLogsAfter(trx, card.id, last.id);
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
 * of the queue or new-card index; none reads all of a learner's cards. With a `scope`, only that
 * subject's cards, and its counts. With `withinDays` > 0 the due cards run to the end of the local day
 * that many days after today (what an offline client keeps).
 */
export async function getCardReviewQueue(
  deps: Deps,
  viewer: AuthUser,
  limit: number,
  scope?: CardScope,
  withinDays = 0,
): Promise<ReviewQueue> {
  const db = deps.db;
  const settings = await readSettings(db, viewer.id);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const until =
    withinDays > 0
      ? new Date(
          startOfLocalDay(addDays(localDay(now, settings.timezone), withinDays + 1), settings.timezone).getTime() - 1,
        ).toISOString()
      : nowIso;
  const [learning, relearning, review, today] = await Promise.all([
    findDue(db, viewer.id, 'learning', until, limit, scope),
    findDue(db, viewer.id, 'relearning', until, limit, scope),
    findDue(db, viewer.id, 'review', until, limit, scope),
    todayCounts(db, viewer.id, settings, now),
  ]);
  // One subject's share: its due cards, and its new ones within what is left of today's new_per_day.
  const counts = scope
    ? {
        learning: await countDue(db, viewer.id, ['learning', 'relearning'], nowIso, scope),
        review: await countDue(db, viewer.id, ['review'], nowIso, scope),
        new: await countNew(db, viewer.id, today.newLeft, scope),
      }
    : today;
  const due = [...mergeByDue(learning, relearning), ...review].slice(0, limit);
  const fresh = await findNew(db, viewer.id, Math.min(today.newLeft, limit - due.length), scope);
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
