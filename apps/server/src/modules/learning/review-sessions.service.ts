// The review sessions of `GET /api/learn/review/` (issue 33 "Per-subject study"): today's queue of every
// subject or of one, and the custom sessions "review ahead" and "review the at-risk ones".
import type { Card, ReviewQueue, ReviewQueueQuery } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { getCardReviewQueue } from './card-reviews.service.ts';
import { findDueBetween, findOwnCards, findReviewedCards, type CardScope } from './cards.repository.ts';
import { presentCards } from './cards.service.ts';
import { isLearnedSubject } from './learning.repository.ts';
import { retrievabilityOf } from './memory.service.ts';
import { schedulerFor } from './scheduler.ts';
import { readSettings } from './settings.service.ts';
import { resolveSubject } from './subjects.ts';

const DAY_MS = 86_400_000;
const DEFAULT_SESSION_LIMIT = 50;

/** The subject a session is limited to: one the caller may read and learns (404 otherwise). */
async function learnedScope(deps: Deps, viewer: AuthUser, query: ReviewQueueQuery): Promise<CardScope | undefined> {
  if (query.tree === undefined && query.share === undefined) return undefined;
  const { key } = await resolveSubject(deps, viewer, query);
  if (!(await isLearnedSubject(deps.db, key))) throw notFound();
  return { kind: key.kind, subjectId: key.subjectId };
}

/** A custom session's counts: its own cards by state (relearning with learning). */
function countsOf(cards: readonly Card[]): ReviewQueue['counts'] {
  const counts = { new: 0, learning: 0, review: 0 };
  for (const card of cards) counts[card.state === 'relearning' ? 'learning' : card.state] += 1;
  return counts;
}

/** Cards not yet due that come due within `days`, soonest first. */
async function reviewAhead(
  deps: Deps,
  viewer: AuthUser,
  days: number,
  limit: number,
  scope?: CardScope,
): Promise<ReviewQueue> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + days * DAY_MS).toISOString();
  const rows = await findDueBetween(deps.db, viewer.id, now.toISOString(), until, limit, scope);
  const cards = await presentCards(deps, viewer, rows);
  return { cards, counts: countsOf(cards) };
}

/**
 * Reviewed cards whose retrievability now (the memory view's, under the learner's parameters) is below
 * their `request_retention`, weakest first (then by due and id). Reads the ids and schedules of the
 * learner's reviewed cards (no fronts nor backs), then the whole rows of the `limit` weakest.
 */
async function reviewAtRisk(deps: Deps, viewer: AuthUser, limit: number, scope?: CardScope): Promise<ReviewQueue> {
  const settings = await readSettings(deps.db, viewer.id);
  const scheduler = schedulerFor(settings);
  const now = deps.clock.now().getTime();
  const weakest = (await findReviewedCards(deps.db, viewer.id, scope))
    .map((row) => ({ row, retrievability: retrievabilityOf(scheduler, row, now) }))
    .filter((card): card is { row: typeof card.row; retrievability: number } => card.retrievability !== null)
    .filter((card) => card.retrievability < settings.request_retention)
    .sort(
      (a, b) =>
        a.retrievability - b.retrievability ||
        (a.row.due < b.row.due ? -1 : a.row.due > b.row.due ? 1 : a.row.id - b.row.id),
    )
    .slice(0, limit);
  const rows = new Map(
    (
      await findOwnCards(
        deps.db,
        viewer.id,
        weakest.map((card) => card.row.id),
      )
    ).map((row) => [row.id, row]),
  );
  const cards = await presentCards(
    deps,
    viewer,
    weakest.flatMap((card) => rows.get(card.row.id) ?? []),
  );
  return { cards, counts: countsOf(cards) };
}

/** `GET /api/learn/review/`: the session the query names. */
export async function getReviewSession(deps: Deps, viewer: AuthUser, query: ReviewQueueQuery): Promise<ReviewQueue> {
  const limit = query.limit ?? DEFAULT_SESSION_LIMIT;
  const scope = await learnedScope(deps, viewer, query);
  switch (query.mode ?? 'due') {
    case 'due':
      return getCardReviewQueue(deps, viewer, limit, scope, query.within_days ?? 0);
    case 'ahead':
      return reviewAhead(deps, viewer, query.days ?? 1, limit, scope);
    case 'at_risk':
      return reviewAtRisk(deps, viewer, limit, scope);
  }
}
