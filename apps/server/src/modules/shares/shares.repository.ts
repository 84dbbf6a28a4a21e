import { MAX_ID } from '@arbor/contract';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import type { DB, Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { SharesTable } from '../../db/tables/community.ts';
import { reusableQuery } from '../../db/reusable-query.ts';
import { byteSize } from '../../lib/delta-chain.ts';
import type { HiddenScope } from './share-visibility.ts';
import { insertRevision } from './revisions.repository.ts';
import { shareVisibleTo } from './share-visibility.repository.ts';

type Executor = DB | Transaction<Database>;
/** The counters a share's interactions keep (never written when a share is inserted). */
type CounterColumn = 'likes_count' | 'rating_sum' | 'rating_count' | 'rating_avg' | 'views_count' | 'uses_count';
export type ShareRow = Omit<SharesTable, 'id' | CounterColumn | 'hot_score' | 'hidden' | 'revision'> & {
  id: number;
  /** number of the current revision */
  revision: number;
  /** 0/1: hidden by a moderator */
  hidden: number;
  /** the snapshot, from `share_snapshots` */
  data: string;
  likes_count: number;
  rating_sum: number;
  rating_count: number;
  rating_avg: number;
  views_count: number;
  uses_count: number;
  hot_score: number;
};
/** A share without its (possibly large) snapshot. */
export type ShareListRow = Omit<ShareRow, 'data' | 'search_text'>;

const LIST_COLUMNS = [
  'shares.id',
  'shares.uuid',
  'shares.tree_id',
  'shares.author_id',
  'shares.title',
  'shares.description',
  'shares.tags',
  'shares.node_count',
  'shares.cover_key',
  'shares.likes_count',
  'shares.rating_sum',
  'shares.rating_count',
  'shares.rating_avg',
  'shares.views_count',
  'shares.uses_count',
  'shares.hot_score',
  'shares.hidden',
  'shares.revision',
  'shares.created_at',
  'shares.updated_at',
] as const;

const ORDER_COLUMNS = {
  '-created_at': 'created_at',
  '-likes_count': 'likes_count',
  '-rating_avg': 'rating_avg',
  '-views_count': 'views_count',
  '-uses_count': 'uses_count',
  '-hot': 'hot_score',
} as const;

export interface ShareFilter {
  terms: string[];
  tags: string[];
  authorId?: number;
  ordering: keyof typeof ORDER_COLUMNS;
  /** which hidden shares the viewer may see (none when absent) */
  hidden?: HiddenScope;
}

const withSnapshot = (db: Executor) =>
  db
    .selectFrom('shares')
    .innerJoin('share_snapshots', 'share_snapshots.share_id', 'shares.id')
    .selectAll('shares')
    .select('share_snapshots.data');

/** Finds a share (with its snapshot) by numeric id or uuid. */
export async function findShare(db: Executor, idOrUuid: string): Promise<ShareRow | undefined> {
  const query = withSnapshot(db);
  if (/^\d+$/.test(idOrUuid) && Number(idOrUuid) > MAX_ID) return undefined;
  const row = /^\d+$/.test(idOrUuid)
    ? await query.where('shares.id', '=', Number(idOrUuid)).executeTakeFirst()
    : await query.where('shares.uuid', '=', idOrUuid).executeTakeFirst();
  return row as ShareRow | undefined;
}

/** The template a review, comment, suggestion or revision is about: just what the rules need (never the snapshot). */
export interface ShareRef {
  id: number;
  uuid: string;
  author_id: number;
  tree_id: number | null;
  hidden: number;
  revision: number;
}

export async function findShareRef(db: Executor, idOrUuid: string): Promise<ShareRef | undefined> {
  const query = db.selectFrom('shares').select(['id', 'uuid', 'author_id', 'tree_id', 'hidden', 'revision']);
  if (/^\d+$/.test(idOrUuid)) {
    if (Number(idOrUuid) > MAX_ID) return undefined;
    return query.where('id', '=', Number(idOrUuid)).executeTakeFirst();
  }
  return query.where('uuid', '=', idOrUuid).executeTakeFirst();
}

/** The templates among `ids` with what moderation shows of them (hidden ones too), in one query. */
export async function findShareSummaries(
  db: Executor,
  ids: number[],
): Promise<Array<{ id: number; uuid: string; title: string; description: string; author_id: number; hidden: number }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('shares')
    .select(['id', 'uuid', 'title', 'description', 'author_id', 'hidden'])
    .where('id', 'in', ids)
    .execute();
}

/** A template's snapshot (a TreeDocument as JSON). */
export async function findSnapshot(db: Executor, shareId: number): Promise<string | undefined> {
  const row = await db.selectFrom('share_snapshots').select('data').where('share_id', '=', shareId).executeTakeFirst();
  return row?.data;
}

/**
 * A share with what its page shows beside it: its author's name and avatar, whether anyone is
 * credited, the viewer's marks (not its search text: up to 20,000 characters nobody shows).
 */
export interface ShareDetailRow extends ShareListRow {
  /** null when the author's account is gone */
  author_username: string | null;
  author_avatar_key: string | null;
  has_contributors: boolean | number;
  /** the viewer's like (0/1 or a boolean), null without a viewer */
  viewer_liked: boolean | number | null;
  /** the viewer's rating, null without one */
  viewer_rating: number | null;
}

/** The statement of `findShareDetail` (the viewer's marks are null without a viewer). */
function shareDetailQuery(db: Executor, viewerId: number | null) {
  return db
    .selectFrom('shares')
    .select(LIST_COLUMNS)
    .leftJoin('users as author', 'author.id', 'shares.author_id')
    .leftJoin('profiles as author_profile', 'author_profile.user_id', 'shares.author_id')
    .select(['author.username as author_username', 'author_profile.avatar_key as author_avatar_key'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('share_contributors')
            .select('share_contributors.share_id')
            .whereRef('share_contributors.share_id', '=', 'shares.id'),
        )
        .as('has_contributors'),
    )
    .select((eb) => [
      viewerId === null
        ? sql<null>`null`.as('viewer_liked')
        : eb
            .exists(
              eb
                .selectFrom('share_likes')
                .select('share_likes.share_id')
                .whereRef('share_likes.share_id', '=', 'shares.id')
                .where('share_likes.user_id', '=', viewerId),
            )
            .as('viewer_liked'),
      viewerId === null
        ? sql<null>`null`.as('viewer_rating')
        : eb
            .selectFrom('share_ratings')
            .select('share_ratings.score')
            .whereRef('share_ratings.share_id', '=', 'shares.id')
            .where('share_ratings.user_id', '=', viewerId)
            .as('viewer_rating'),
    ]);
}

/** The detail's four shapes (by id or uuid, anonymous or signed in), each built and compiled once per database. */
const shareDetailBy = {
  id: reusableQuery(1, (db, id: number) => shareDetailQuery(db, null).where('shares.id', '=', id)),
  uuid: reusableQuery(1, (db, uuid: string) => shareDetailQuery(db, null).where('shares.uuid', '=', uuid)),
  idForViewer: reusableQuery(2, (db, id: number, viewerId: number) =>
    shareDetailQuery(db, viewerId).where('shares.id', '=', id),
  ),
  uuidForViewer: reusableQuery(2, (db, uuid: string, viewerId: number) =>
    shareDetailQuery(db, viewerId).where('shares.uuid', '=', uuid),
  ),
};

/**
 * `findShare` with the author's summary, whether the share credits contributors and the viewer's
 * like and rating, in one statement: the template page's usual case costs one round trip (issue 29).
 */
export async function findShareDetail(
  db: Executor,
  idOrUuid: string,
  viewerId: number | null,
): Promise<ShareDetailRow | undefined> {
  const numeric = /^\d+$/.test(idOrUuid);
  if (numeric && Number(idOrUuid) > MAX_ID) return undefined;
  const rows = numeric
    ? viewerId === null
      ? await shareDetailBy.id(db, Number(idOrUuid))
      : await shareDetailBy.idForViewer(db, Number(idOrUuid), viewerId)
    : viewerId === null
      ? await shareDetailBy.uuid(db, idOrUuid)
      : await shareDetailBy.uuidForViewer(db, idOrUuid, viewerId);
  return rows[0] as ShareDetailRow | undefined;
}

const snapshotOf = reusableQuery(1, (db, shareId: number) =>
  db
    .selectFrom('share_snapshots')
    .innerJoin('shares', 'shares.id', 'share_snapshots.share_id')
    .select(['share_snapshots.data', 'shares.revision'])
    .where('share_snapshots.share_id', '=', shareId),
);

/** A share's snapshot and the revision it is. */
export async function findSnapshotWithRevision(
  db: Executor,
  shareId: number,
): Promise<{ data: string; revision: number } | undefined> {
  return (await snapshotOf(db, shareId))[0] as { data: string; revision: number } | undefined;
}

export async function findShareByTree(db: Executor, treeId: number): Promise<ShareRow | undefined> {
  return (await withSnapshot(db).where('shares.tree_id', '=', treeId).executeTakeFirst()) as ShareRow | undefined;
}

/** The shares a filter keeps, before ordering and paging. */
function filteredShares(db: DB, dialect: Dialect, filter: ShareFilter) {
  let base = db.selectFrom('shares');
  // A tag or an author leaves a few thousand rows at most: terms are then checked row by row.
  const narrowed = filter.tags.length > 0 || filter.authorId !== undefined;
  for (const term of filter.terms) base = base.where(termCondition(dialect, term, { narrowed }));
  for (const tag of filter.tags) {
    base = base.where('shares.id', 'in', (eb) =>
      eb.selectFrom('share_tags').select('share_tags.share_id').where('share_tags.tag', '=', tag),
    );
  }
  if (filter.authorId !== undefined) base = base.where('shares.author_id', '=', filter.authorId);
  return base.where((eb) => shareVisibleTo(eb, filter.hidden));
}

/** How many shares a filter keeps. */
export async function countShares(db: DB, dialect: Dialect, filter: ShareFilter): Promise<number> {
  const row = await filteredShares(db, dialect, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of a filtered, ordered list, with the number of matches (`knownCount` when given). */
export async function listShares(
  db: DB,
  dialect: Dialect,
  filter: ShareFilter,
  page: { offset: number; limit: number },
  knownCount?: number,
): Promise<{ count: number; rows: ShareListRow[] }> {
  const column = ORDER_COLUMNS[filter.ordering];
  // The page's ids come from the ordering index alone; only those rows are then read whole, so a
  // deep page does not fetch every row it skips.
  const pageIds = filteredShares(db, dialect, filter)
    .select('shares.id')
    .orderBy(`shares.${column}`, 'desc')
    .orderBy('shares.id', 'desc')
    .offset(page.offset)
    .limit(page.limit);
  const [count, rows] = await Promise.all([
    knownCount ?? countShares(db, dialect, filter),
    db
      .selectFrom('shares')
      .select(LIST_COLUMNS)
      .where('shares.id', 'in', pageIds)
      .orderBy(`shares.${column}`, 'desc')
      .orderBy('shares.id', 'desc')
      .execute(),
  ]);
  return { count, rows: rows as ShareListRow[] };
}

/** The ids of the first `limit` shares a filter keeps, in list order. */
export async function listShareIds(db: DB, dialect: Dialect, filter: ShareFilter, limit: number): Promise<number[]> {
  const column = ORDER_COLUMNS[filter.ordering];
  const rows = await filteredShares(db, dialect, filter)
    .select('shares.id')
    .orderBy(`shares.${column}`, 'desc')
    .orderBy('shares.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** List rows of the given shares that `scope` may see, in the order of `ids` (deleted ones are skipped). */
export async function findListRows(db: DB, ids: number[], scope: HiddenScope): Promise<ShareListRow[]> {
  if (ids.length === 0) return [];
  const rows = (await db
    .selectFrom('shares')
    .select(LIST_COLUMNS)
    .where('shares.id', 'in', ids)
    .where((eb) => shareVisibleTo(eb, scope))
    .execute()) as ShareListRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Inserts a share, its snapshot and that snapshot as its revision 1 (every node added), with the
 * changelog line `message` (call inside a transaction).
 */
export async function insertShare(
  trx: Executor,
  values: Omit<ShareRow, 'id' | CounterColumn | 'hidden' | 'revision'>,
  message = '',
): Promise<number> {
  const { data, ...share } = values;
  const row = await trx.insertInto('shares').values(share).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('share_snapshots').values({ share_id: row.id, data }).execute();
  await insertRevision(trx, {
    share_id: row.id,
    revision: 1,
    message,
    node_count: share.node_count,
    added: share.node_count,
    removed: 0,
    changed: 0,
    moved: 0,
    created_at: share.created_at,
    storage: 'snapshot',
    snapshot_id: null,
    payload: data,
    payload_bytes: byteSize(data),
  });
  return row.id;
}

export async function updateShareFields(
  trx: Executor,
  id: number,
  values: Partial<
    Pick<
      ShareRow,
      | 'title'
      | 'description'
      | 'tags'
      | 'search_text'
      | 'data'
      | 'node_count'
      | 'cover_key'
      | 'updated_at'
      | 'tree_id'
      | 'hot_score'
      | 'revision'
    >
  >,
): Promise<void> {
  const { data, ...fields } = values;
  if (Object.keys(fields).length) await trx.updateTable('shares').set(fields).where('id', '=', id).execute();
  if (data !== undefined) await trx.updateTable('share_snapshots').set({ data }).where('share_id', '=', id).execute();
}

export async function deleteShare(trx: Executor, id: number): Promise<void> {
  await trx.deleteFrom('shares').where('id', '=', id).execute();
}

/** Replaces a share's tags (lower-cased for matching, first spelling kept for display). */
export async function replaceShareTags(
  trx: Executor,
  shareId: number,
  tags: string[],
  createdAt: string,
): Promise<void> {
  await trx.deleteFrom('share_tags').where('share_id', '=', shareId).execute();
  const unique = new Map<string, string>();
  for (const display of tags) if (!unique.has(display.toLowerCase())) unique.set(display.toLowerCase(), display);
  if (unique.size === 0) return;
  await trx
    .insertInto('share_tags')
    .values([...unique].map(([tag, display]) => ({ share_id: shareId, tag, display, created_at: createdAt })))
    .execute();
}

/**
 * Reads a share's counters for an update, locking its row on PostgreSQL so concurrent likes,
 * ratings and views of one share are applied one after another (SQLite transactions are serial).
 */
export async function lockCounters(trx: Transaction<Database>, dialect: Dialect, id: number) {
  return trx
    .selectFrom('shares')
    .select([
      'id',
      'likes_count',
      'rating_sum',
      'rating_count',
      'rating_avg',
      'views_count',
      'uses_count',
      'created_at',
    ])
    .where('id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function setCounters(
  trx: Executor,
  id: number,
  counters: Partial<
    Pick<
      ShareRow,
      'likes_count' | 'rating_sum' | 'rating_count' | 'rating_avg' | 'views_count' | 'uses_count' | 'hot_score'
    >
  >,
): Promise<void> {
  await trx.updateTable('shares').set(counters).where('id', '=', id).execute();
}

/** Records a like; false when the user already liked it. */
export async function insertLike(trx: Executor, shareId: number, userId: number, now: string): Promise<boolean> {
  const rows = await trx
    .insertInto('share_likes')
    .values({ share_id: shareId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['share_id', 'user_id']).doNothing())
    .returning('share_id')
    .execute();
  return rows.length > 0;
}

/** The shares a user liked. */
export async function likedShareIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('share_likes').select('share_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.share_id);
}

/** The shares a user rated. */
export async function ratedShareIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('share_ratings').select('share_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.share_id);
}

/** A user's own shares, with their cover files. */
export async function sharesOfAuthor(
  db: Executor,
  userId: number,
): Promise<Array<{ id: number; uuid: string; cover_key: string | null }>> {
  return db.selectFrom('shares').select(['id', 'uuid', 'cover_key']).where('author_id', '=', userId).execute();
}

/** Whether the community holds any share at all. */
export async function hasAnyShare(db: Executor): Promise<boolean> {
  return Boolean(await db.selectFrom('shares').select('id').limit(1).executeTakeFirst());
}

/** Inserts an account nobody can log in as (no password, email or phone), returning its id. */
export async function insertLoginlessUser(db: Executor, username: string, now: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username,
      username_lower: username.toLowerCase(),
      email: null,
      phone: null,
      password_hash: null,
      role: 'user',
      is_active: 1,
      date_joined: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removes a like; false when there was none. */
export async function deleteLike(trx: Executor, shareId: number, userId: number): Promise<boolean> {
  const rows = await trx
    .deleteFrom('share_likes')
    .where('share_id', '=', shareId)
    .where('user_id', '=', userId)
    .returning('share_id')
    .execute();
  return rows.length > 0;
}

export async function hasLiked(db: Executor, shareId: number, userId: number): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('share_likes')
      .select('share_id')
      .where('share_id', '=', shareId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
}

export async function findRating(db: Executor, shareId: number, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('share_ratings')
    .select('score')
    .where('share_id', '=', shareId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.score;
}

/** Removes a rating; returns the score it had (undefined when there was none, or it was hidden and so not counted). */
export async function deleteRating(trx: Executor, shareId: number, userId: number): Promise<number | undefined> {
  const row = await trx
    .deleteFrom('share_ratings')
    .where('share_id', '=', shareId)
    .where('user_id', '=', userId)
    .returning(['score', 'hidden'])
    .executeTakeFirst();
  return row?.hidden === 0 ? row.score : undefined;
}

/** Whether the user's rating row of a share was hidden by a moderator (its score is then not counted). */
export async function isRatingHidden(db: Executor, shareId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('share_ratings')
    .select('hidden')
    .where('share_id', '=', shareId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.hidden === 1;
}

/** Sets a share's moderation flag. */
export async function setShareHidden(trx: Executor, id: number, hidden: boolean): Promise<void> {
  await trx
    .updateTable('shares')
    .set({ hidden: hidden ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Remembers that a tree's hidden template was withdrawn (its next one starts hidden). */
export async function withholdTree(db: Executor, treeId: number, now: string): Promise<void> {
  await db
    .insertInto('withheld_trees')
    .values({ tree_id: treeId, created_at: now })
    .onConflict((oc) => oc.column('tree_id').doNothing())
    .execute();
}

/** Whether a tree's templates start hidden until an admin shows one. */
export async function isTreeWithheld(db: Executor, treeId: number): Promise<boolean> {
  return Boolean(
    await db.selectFrom('withheld_trees').select('tree_id').where('tree_id', '=', treeId).executeTakeFirst(),
  );
}

/** An admin showed the tree's template again: its templates are public again. */
export async function releaseTree(db: Executor, treeId: number): Promise<void> {
  await db.deleteFrom('withheld_trees').where('tree_id', '=', treeId).execute();
}

export async function upsertRating(
  trx: Executor,
  shareId: number,
  userId: number,
  score: number,
  now: string,
): Promise<void> {
  await trx
    .insertInto('share_ratings')
    .values({ share_id: shareId, user_id: userId, score, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['share_id', 'user_id']).doUpdateSet({ score, updated_at: now }))
    .execute();
}

export async function findView(db: Executor, shareId: number, viewerKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('share_views')
    .select('viewed_at')
    .where('share_id', '=', shareId)
    .where('viewer_key', '=', viewerKey)
    .executeTakeFirst();
  return row?.viewed_at;
}

export async function upsertView(trx: Executor, shareId: number, viewerKey: string, now: string): Promise<void> {
  await trx
    .insertInto('share_views')
    .values({ share_id: shareId, viewer_key: viewerKey, viewed_at: now })
    .onConflict((oc) => oc.columns(['share_id', 'viewer_key']).doUpdateSet({ viewed_at: now }))
    .execute();
}

/** Which of these shares the user liked, and how they rated them. */
export async function viewerFlags(
  db: DB,
  userId: number,
  shareIds: number[],
): Promise<{ liked: Set<number>; ratings: Map<number, number> }> {
  if (shareIds.length === 0) return { liked: new Set(), ratings: new Map() };
  // One statement (a round trip fewer on PostgreSQL): ratings with their score, likes with none.
  const rows = await db
    .selectFrom('share_ratings')
    .select((eb) => ['share_id', eb.ref('score').$castTo<number | null>().as('score')])
    .where('user_id', '=', userId)
    .where('share_id', 'in', shareIds)
    .unionAll(
      db
        .selectFrom('share_likes')
        .select(['share_id', sql<number | null>`null`.as('score')])
        .where('user_id', '=', userId)
        .where('share_id', 'in', shareIds),
    )
    .execute();
  const liked = new Set<number>();
  const ratings = new Map<number, number>();
  for (const row of rows) {
    if (row.score === null) liked.add(row.share_id);
    else ratings.set(row.share_id, row.score);
  }
  return { liked, ratings };
}

/** Most used tags of shares nobody hid; a tag on a share from the last 30 days counts three times. */
export async function hotTags(
  db: DB,
  limit: number,
  recentSince: string,
): Promise<Array<{ tag: string; display: string; count: number; weight: number }>> {
  const rows = await db
    .selectFrom('share_tags')
    .select((eb) => [
      'tag',
      eb.fn.min('display').as('display'),
      eb.fn.countAll<number>().as('count'),
      sql<number>`sum(case when created_at >= ${recentSince} then 3 else 1 end)`.as('weight'),
    ])
    .where('share_id', 'not in', (eb) => eb.selectFrom('shares').select('shares.id').where('shares.hidden', '=', 1))
    .groupBy('tag')
    .orderBy('weight', 'desc')
    .orderBy('tag')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    tag: r.tag,
    display: String(r.display),
    count: Number(r.count),
    weight: Number(r.weight),
  }));
}

/** A user's id from a numeric id or a username (any case). */
export async function findUserIdByName(db: DB, idOrName: string): Promise<number | undefined> {
  if (/^\d+$/.test(idOrName)) return Number(idOrName) <= MAX_ID ? Number(idOrName) : undefined;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_lower', '=', idOrName.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A condition on `shares` matching one search term as a substring, so Chinese and Japanese words
 * without spaces are found. SQLite uses the FTS5 trigram index for terms of 3+ characters (trigrams
 * need three) and LIKE for shorter ones or `narrowed` rows; PostgreSQL's pg_trgm index serves LIKE
 * directly (its planner makes the same choice by itself).
 */
export function termCondition(
  dialect: Dialect,
  term: string,
  options: { narrowed?: boolean } = {},
): Expression<SqlBool> {
  // A quoted phrase against the trigram index is a case-insensitive substring match, like LIKE
  // '%term%', but answered from the index (about six times faster than LIKE on FTS5 here). When
  // another filter already narrows the rows to a few thousand (a tag), checking each of them with
  // LIKE is cheaper than collecting every index match (8× at 100,000 templates, bench/README.md).
  if (dialect === 'sqlite' && !options.narrowed && [...term].length >= 3) {
    return sql<SqlBool>`shares.id IN (SELECT rowid FROM shares_fts WHERE shares_fts MATCH ${`"${term.replace(/"/g, '""')}"`})`;
  }
  const pattern = likePattern(term);
  return sql<SqlBool>`shares.search_text LIKE ${pattern} ESCAPE '\\'`;
}

/** How many templates each author shared that `scope` may see, and the likes those received. */
export async function authorShareStats(
  db: DB,
  authorIds: number[],
  scope: HiddenScope,
): Promise<Map<number, { shares_count: number; likes_received: number }>> {
  if (authorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shares')
    .select((eb) => [
      'author_id',
      eb.fn.countAll<number>().as('shares_count'),
      sql<number>`coalesce(sum(likes_count), 0)`.as('likes_received'),
    ])
    .where('author_id', 'in', authorIds)
    .where((eb) => shareVisibleTo(eb, scope))
    .groupBy('author_id')
    .execute();
  return new Map(
    rows.map((r) => [r.author_id, { shares_count: Number(r.shares_count), likes_received: Number(r.likes_received) }]),
  );
}
