import { MAX_ID } from '@arbor/contract';
import { sql } from 'kysely';
import type { Dialect, Executor, Trx } from '../../db/connection.ts';
import type { HiddenScope } from './share-visibility.ts';

// The template ratings (`share_ratings`): a score of a user, and with a text a written review. The
// shares module owns the table (its rate call, counters and lists read the scores); the reviews
// module's rules reach the rows only through these functions on the shares surface.

/** A review: a `share_ratings` row with a text. */
export interface ReviewRow {
  id: number;
  share_id: number;
  user_id: number;
  score: number;
  body: string;
  helpful_count: number;
  reply_body: string | null;
  reply_created_at: string | null;
  reply_updated_at: string | null;
  /** 0/1: hidden by a moderator (its rating is then out of the share's counters) */
  hidden: number;
  created_at: string;
  updated_at: string;
}

/** A rating row, with or without a text. */
export type RatingRow = Omit<ReviewRow, 'body'> & { body: string | null };

const RATING_COLUMNS = [
  'share_ratings.id',
  'share_ratings.share_id',
  'share_ratings.user_id',
  'share_ratings.score',
  'share_ratings.body',
  'share_ratings.helpful_count',
  'share_ratings.reply_body',
  'share_ratings.reply_created_at',
  'share_ratings.reply_updated_at',
  'share_ratings.hidden',
  'share_ratings.created_at',
  'share_ratings.updated_at',
] as const;

/** Order of each list ordering: column and direction, with `id` breaking ties the same way. */
const ORDERINGS = {
  '-helpful_count': ['helpful_count', 'desc'],
  '-created_at': ['created_at', 'desc'],
  '-rating': ['score', 'desc'],
  rating: ['score', 'asc'],
} as const;
export type ReviewOrdering = keyof typeof ORDERINGS;

export interface ReviewFilter {
  shareId: number;
  rating?: number;
  /** only this user's review */
  authorId?: number;
  ordering: ReviewOrdering;
}

/**
 * The reviews a viewer may see: rating rows with a text, without those a moderator hid except for
 * their author (`scope`: their id) and admins (`'all'`). Every read of listed reviews starts here.
 */
function listedReviews(db: Executor, scope?: HiddenScope) {
  return db
    .selectFrom('share_ratings')
    .where('share_ratings.body', 'is not', null)
    .$if(scope !== 'all', (q) =>
      q.where((eb) =>
        typeof scope === 'number'
          ? eb.or([eb('share_ratings.hidden', '=', 0), eb('share_ratings.user_id', '=', scope)])
          : eb('share_ratings.hidden', '=', 0),
      ),
    );
}

function filtered(db: Executor, filter: ReviewFilter, scope?: HiddenScope) {
  return listedReviews(db, scope)
    .where('share_ratings.share_id', '=', filter.shareId)
    .$if(filter.rating !== undefined, (q) => q.where('share_ratings.score', '=', filter.rating!))
    .$if(filter.authorId !== undefined, (q) => q.where('share_ratings.user_id', '=', filter.authorId!));
}

/** One page of a template's reviews and how many there are. */
export async function listReviewRows(
  db: Executor,
  filter: ReviewFilter,
  page: { offset: number; limit: number },
  scope?: HiddenScope,
): Promise<{ count: number; rows: ReviewRow[] }> {
  const [column, direction] = ORDERINGS[filter.ordering];
  const [counted, rows] = await Promise.all([
    filtered(db, filter, scope)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
    filtered(db, filter, scope)
      .select(RATING_COLUMNS)
      .orderBy(`share_ratings.${column}`, direction)
      .orderBy('share_ratings.id', direction)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { count: Number(counted.count), rows: rows as ReviewRow[] };
}

/**
 * A template's ratings counted per star, as its counters count them: written or star-only, none a
 * moderator hid. `written`: how many of them carry a text.
 */
export async function countRatingsByStars(
  db: Executor,
  shareId: number,
): Promise<Array<{ score: number; count: number; written: number }>> {
  const rows = await db
    .selectFrom('share_ratings')
    .where('share_id', '=', shareId)
    .where('hidden', '=', 0)
    .groupBy('score')
    .select((eb) => [
      'score',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.count<number | string>('body').as('written'),
    ])
    .execute();
  return rows.map((r) => ({ score: r.score, count: Number(r.count), written: Number(r.written) }));
}

/** A listed review by id (hidden ones only within `scope`). */
export async function findReview(db: Executor, id: number, scope?: HiddenScope): Promise<ReviewRow | undefined> {
  if (id > MAX_ID) return undefined;
  return (await listedReviews(db, scope)
    .select(RATING_COLUMNS)
    .where('share_ratings.id', '=', id)
    .executeTakeFirst()) as ReviewRow | undefined;
}

/**
 * A listed review for a change, its row locked on PostgreSQL so that concurrent votes and edits of
 * one review are applied one after another (SQLite transactions are serial).
 */
export async function lockReview(trx: Trx, dialect: Dialect, id: number): Promise<ReviewRow | undefined> {
  return (await listedReviews(trx)
    .select(RATING_COLUMNS)
    .where('share_ratings.id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()) as ReviewRow | undefined;
}

/** A user's rating row of a template, with or without a text. */
export async function findRatingRow(db: Executor, shareId: number, userId: number): Promise<RatingRow | undefined> {
  return db
    .selectFrom('share_ratings')
    .select(RATING_COLUMNS)
    .where('share_id', '=', shareId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Writes a user's review of a template: a new rating row, or their existing one given a text. */
export async function upsertReview(
  trx: Executor,
  values: { shareId: number; userId: number; score: number; body: string; createdAt: string; now: string },
): Promise<number> {
  const { shareId, userId, score, body, createdAt, now } = values;
  const row = await trx
    .insertInto('share_ratings')
    .values({ share_id: shareId, user_id: userId, score, body, created_at: createdAt, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['share_id', 'user_id']).doUpdateSet({ score, body, created_at: createdAt, updated_at: now }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReviewRow(
  trx: Executor,
  id: number,
  values: Partial<Pick<RatingRow, 'score' | 'body' | 'reply_body' | 'reply_created_at' | 'reply_updated_at'>> & {
    updated_at?: string;
  },
): Promise<void> {
  await trx.updateTable('share_ratings').set(values).where('id', '=', id).execute();
}

export async function setHelpfulCount(trx: Executor, id: number, helpfulCount: number): Promise<void> {
  await trx.updateTable('share_ratings').set({ helpful_count: helpfulCount }).where('id', '=', id).execute();
}

/** Removes a review and with it the rating (its helpful votes go by cascade). */
export async function deleteReviewRow(trx: Executor, id: number): Promise<void> {
  await trx.deleteFrom('share_ratings').where('id', '=', id).execute();
}

/** Any rating row by id, locked on PostgreSQL (account deletion withdraws votes even from unlisted rows). */
export async function lockRatingRow(trx: Trx, dialect: Dialect, id: number): Promise<RatingRow | undefined> {
  return trx
    .selectFrom('share_ratings')
    .select(RATING_COLUMNS)
    .where('share_ratings.id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Sets the template author's reply (its first date kept), or removes it with `body` null. */
export async function setReply(trx: Executor, id: number, body: string | null, now: string): Promise<void> {
  await trx
    .updateTable('share_ratings')
    .set(
      body === null
        ? { reply_body: null, reply_created_at: null, reply_updated_at: null }
        : {
            reply_body: body,
            reply_created_at: sql<string>`coalesce(reply_created_at, ${now})`,
            reply_updated_at: now,
          },
    )
    .where('id', '=', id)
    .execute();
}

/** Sets a rating row's moderation flag. */
export async function setRatingRowHidden(trx: Executor, id: number, hidden: boolean): Promise<void> {
  await trx
    .updateTable('share_ratings')
    .set({ hidden: hidden ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** The written reviews among `ids` (hidden ones too), in one query: what moderation shows of them. */
export async function findReviewsByIds(db: Executor, ids: number[]): Promise<ReviewRow[]> {
  if (ids.length === 0) return [];
  return (await listedReviews(db, 'all')
    .select(RATING_COLUMNS)
    .where('share_ratings.id', 'in', ids)
    .execute()) as ReviewRow[];
}
