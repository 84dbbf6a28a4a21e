import type { RatingHistogram, Review, ReviewPostBody, ReviewUpdateBody } from '@arbor/contract';
import type { Trx } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { reserveEvents } from '../../lib/throttle/throttle.ts';
import { loadUserSummaries } from '../../lib/user-summaries.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  changeCountersIn,
  countRatingsByStars,
  deleteReviewRow,
  findRatingRow,
  findReview,
  findShareRef,
  findUserIdByName,
  hiddenScopeOf,
  listReviewRows,
  lockRatingRow,
  lockReview,
  requireVisibleShare,
  ratingAverage,
  setHelpfulCount,
  setRatingRowHidden,
  setReply,
  updateReviewRow,
  upsertReview,
  type CounterChange,
  type Counters,
  type ReviewOrdering,
  type ReviewRow,
} from '../shares/index.ts';
import {
  authorizeHelpfulVote,
  authorizeReply,
  authorizeReviewDelete,
  authorizeReviewEdit,
  authorizeReviewWrite,
} from './reviews.policy.ts';
import { presentReview } from './reviews.presenter.ts';
import * as repo from './reviews.repository.ts';

/** API.md: 10 reviews an hour per user (every POST counts, a replacement too; edits do not). */
export const REVIEWS_PER_USER_HOUR = 10;

/**
 * The share's rating counters once a user's rating goes from `before` to `after` (undefined: no
 * rating), exactly as `/rate/` keeps them: each user counts once.
 */
export function ratingCounters(
  current: Counters,
  before: number | undefined,
  after: number | undefined,
): CounterChange {
  const sum = current.rating_sum - (before ?? 0) + (after ?? 0);
  const count = Math.max(0, current.rating_count - (before === undefined ? 0 : 1) + (after === undefined ? 0 : 1));
  return { rating_sum: sum, rating_count: count, rating_avg: ratingAverage(sum, count) };
}

async function requireReview(deps: Deps, id: number, viewer?: AuthUser | null): Promise<ReviewRow> {
  // Changes find only reviews nobody hid; reads (`viewer` given) also the viewer's hidden ones.
  const review = await findReview(deps.db, id, viewer === undefined ? undefined : hiddenScopeOf(viewer));
  if (!review) throw notFound('No such review.');
  return review;
}

/** Reviews of one template (by `shareAuthorId`) as `viewer` sees them. */
async function present(
  deps: Deps,
  viewer: AuthUser | null,
  shareAuthorId: number | undefined,
  rows: ReviewRow[],
): Promise<Review[]> {
  const [authors, helpful] = await Promise.all([
    loadUserSummaries(
      deps.db,
      deps.config.publicBaseUrl,
      rows.map((r) => r.user_id),
    ),
    viewer
      ? repo.helpfulVotesOf(
          deps.db,
          viewer.id,
          rows.map((r) => r.id),
        )
      : Promise.resolve(new Set<number>()),
  ]);
  const context = { baseUrl: deps.config.publicBaseUrl, authors, helpful, viewer, shareAuthorId };
  return rows.map((row) => presentReview(row, context));
}

/** One review as `viewer` sees it. */
export async function getReview(deps: Deps, viewer: AuthUser | null, id: number): Promise<Review> {
  const row = await requireReview(deps, id, viewer);
  const [review] = await present(deps, viewer, (await findShareRef(deps.db, String(row.share_id)))?.author_id, [row]);
  return review!;
}

/** A template's reviews (ratings without a text are not listed), most helpful first unless asked otherwise. */
export async function listReviews(
  deps: Deps,
  viewer: AuthUser | null,
  idOrUuid: string,
  query: { ordering?: ReviewOrdering; rating?: number; author?: string },
  window: PageWindow,
): Promise<{ count: number; results: Review[] }> {
  const share = await requireVisibleShare(deps.db, viewer, idOrUuid);
  let authorId: number | undefined;
  if (query.author) {
    authorId = await findUserIdByName(deps.db, query.author);
    if (authorId === undefined) return { count: 0, results: [] };
  }
  const { count, rows } = await listReviewRows(
    deps.db,
    { shareId: share.id, rating: query.rating, authorId, ordering: query.ordering ?? '-helpful_count' },
    { offset: window.offset, limit: window.pageSize },
    hiddenScopeOf(viewer),
  );
  return { count, results: await present(deps, viewer, share.author_id, rows) };
}

/** How a template's ratings spread over the stars (RatingHistogram), star-only ratings included. */
export async function ratingHistogram(deps: Deps, viewer: AuthUser | null, idOrUuid: string): Promise<RatingHistogram> {
  const share = await requireVisibleShare(deps.db, viewer, idOrUuid);
  const rows = await countRatingsByStars(deps.db, share.id);
  const buckets = [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: rows.find((r) => r.score === stars)?.count ?? 0,
  }));
  return {
    buckets,
    rating_count: rows.reduce((sum, r) => sum + r.count, 0),
    written_count: rows.reduce((sum, r) => sum + r.written, 0),
  };
}

/**
 * Writes the caller's review of a template: their rating with a text. A rating given earlier
 * through `/rate/` becomes the review (`created`); a review written earlier is replaced (its
 * votes and reply stay). The share's rating counters change in the same transaction, and a new
 * review is announced (`review.posted`) after the commit.
 */
export async function postReview(
  deps: Deps,
  user: AuthUser,
  idOrUuid: string,
  body: ReviewPostBody,
): Promise<{ created: boolean; review: Review }> {
  const share = await requireVisibleShare(deps.db, user, idOrUuid);
  authorizeReviewWrite(user, share);
  const release = await reserveEvents(
    deps,
    [[`reviews:${user.id}`, { limit: REVIEWS_PER_USER_HOUR, seconds: 3600 }]],
    'Too many reviews: at most 10 an hour.',
  );
  try {
    const written = await deps.events.transaction(deps.db, (trx, publish) =>
      changeCountersIn(trx, deps.dialect, share.id, async (trx, current) => {
        const previous = await findRatingRow(trx, share.id, user.id);
        if (previous?.hidden === 1) throw conflict('A moderator hid your review of this template.');
        const now = deps.clock.nowIso();
        const created = previous?.body == null;
        const id = await upsertReview(trx, {
          shareId: share.id,
          userId: user.id,
          score: body.rating,
          body: body.body,
          createdAt: created ? now : previous.created_at,
          now,
        });
        if (created) {
          await publish('review.posted', {
            reviewId: id,
            shareId: share.id,
            shareUuid: share.uuid,
            shareAuthorId: share.author_id,
            reviewerId: user.id,
          });
        }
        return { counters: ratingCounters(current, previous?.score, body.rating), result: { id, created } };
      }),
    );
    return { created: written.created, review: await getReview(deps, user, written.id) };
  } catch (error) {
    // Nothing was written: the attempt does not count against the limit.
    await release();
    throw error;
  }
}

/** Changes the rating or the text of one's own review (the share's counters follow the rating). */
export async function updateReview(deps: Deps, user: AuthUser, id: number, body: ReviewUpdateBody): Promise<Review> {
  const review = await requireReview(deps, id);
  authorizeReviewEdit(user, review);
  if (body.rating !== undefined || body.body !== undefined) {
    await deps.db.transaction().execute((trx) =>
      changeCountersIn(trx, deps.dialect, review.share_id, async (trx, current) => {
        const locked = await lockReview(trx, deps.dialect, id);
        if (!locked) throw notFound('No such review.');
        await updateReviewRow(trx, id, {
          ...(body.rating !== undefined ? { score: body.rating } : {}),
          ...(body.body !== undefined ? { body: body.body } : {}),
          updated_at: deps.clock.nowIso(),
        });
        const rerated = body.rating !== undefined && body.rating !== locked.score;
        return { counters: rerated ? ratingCounters(current, locked.score, body.rating) : null, result: null };
      }),
    );
  }
  return getReview(deps, user, id);
}

/** Removes a review (its author or an admin); the rating goes with it, and the share's counters follow. */
export async function deleteReview(deps: Deps, user: AuthUser, id: number): Promise<void> {
  const review = await requireReview(deps, id);
  authorizeReviewDelete(user, review);
  await deps.db.transaction().execute((trx) =>
    changeCountersIn(trx, deps.dialect, review.share_id, async (trx, current) => {
      const locked = await lockReview(trx, deps.dialect, id);
      if (!locked) throw notFound('No such review.');
      await deleteReviewRow(trx, id);
      return { counters: ratingCounters(current, locked.score, undefined), result: null };
    }),
  );
}

/** Marks (`true`) or unmarks (`false`) someone else's review as helpful; the count stays exact under concurrency. */
export async function markHelpful(deps: Deps, user: AuthUser, id: number, helpful: boolean) {
  const review = await requireReview(deps, id);
  authorizeHelpfulVote(user, review);
  return deps.db.transaction().execute(async (trx) => {
    const locked = await lockReview(trx, deps.dialect, id);
    if (!locked) throw notFound('No such review.');
    const changed = helpful
      ? await repo.insertHelpfulVote(trx, id, user.id, deps.clock.nowIso())
      : await repo.deleteHelpfulVote(trx, id, user.id);
    const count = changed ? Math.max(0, locked.helpful_count + (helpful ? 1 : -1)) : locked.helpful_count;
    if (changed) await setHelpfulCount(trx, id, count);
    return { helpful, helpful_count: count };
  });
}

/**
 * The template author's reply to a review; an empty (or blank) text removes it. A first reply is
 * announced (`review.replied`) after the commit; an edit or a removal is not.
 */
export async function replyToReview(deps: Deps, user: AuthUser, id: number, text: string): Promise<Review> {
  const review = await requireReview(deps, id);
  authorizeReply(user, (await findShareRef(deps.db, String(review.share_id)))?.author_id);
  const reply = text.trim() === '' ? null : text;
  await deps.events.transaction(deps.db, async (trx, publish) => {
    await setReply(trx, id, reply, deps.clock.nowIso());
    if (reply !== null && review.reply_body === null) {
      await publish('review.replied', {
        reviewId: id,
        shareId: review.share_id,
        reviewerId: review.user_id,
        replierId: user.id,
      });
    }
  });
  return getReview(deps, user, id);
}

/**
 * A deleted account's helpful votes are taken back from the reviews they were given to, inside the
 * deleting transaction (the rows would otherwise go by cascade and leave the counts too high).
 */
export async function withdrawHelpfulVotes(deps: Deps, trx: Trx, userId: number): Promise<void> {
  for (const reviewId of await repo.reviewsVotedBy(trx, userId)) {
    const locked = await lockRatingRow(trx, deps.dialect, reviewId);
    if (locked && (await repo.deleteHelpfulVote(trx, reviewId, userId)))
      await setHelpfulCount(trx, reviewId, Math.max(0, locked.helpful_count - 1));
  }
}

/** Hides (or shows again) a review: its rating leaves the share's counters, and comes back exactly. */
export async function setReviewHiddenIn(
  deps: Deps,
  trx: Trx,
  id: number,
  shareId: number,
  hidden: boolean,
): Promise<void> {
  await changeCountersIn(trx, deps.dialect, shareId, async (trx, current) => {
    const locked = await lockRatingRow(trx, deps.dialect, id);
    if (!locked || locked.body === null) throw notFound('The reported item is gone.');
    if (locked.hidden === (hidden ? 1 : 0)) return { counters: null, result: null };
    await setRatingRowHidden(trx, id, hidden);
    const counters = hidden
      ? ratingCounters(current, locked.score, undefined)
      : ratingCounters(current, undefined, locked.score);
    return { counters, result: null };
  });
}

/** Deletes a review inside `trx` (a moderator's delete) as its own delete does (its rating goes; counted only when it was not hidden). */
export async function deleteReviewIn(deps: Deps, trx: Trx, id: number, shareId: number): Promise<void> {
  await changeCountersIn(trx, deps.dialect, shareId, async (trx, current) => {
    const locked = await lockRatingRow(trx, deps.dialect, id);
    if (!locked) throw notFound('The reported item is gone.');
    await deleteReviewRow(trx, id);
    return { counters: locked.hidden === 1 ? null : ratingCounters(current, locked.score, undefined), result: null };
  });
}
