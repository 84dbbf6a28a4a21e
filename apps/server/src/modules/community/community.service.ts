import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Paginated, Share, ShareTreeBody, ShareWithData } from '@arbor/contract';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { bumpGeneration, readGeneration } from '../../lib/cache/generations.ts';
import { isoIn, nowIso } from '../../lib/clock.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import { processImage } from '../../lib/images.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { loadUserSummaries } from '../../lib/user-summaries.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { FilterCache } from './community.filter-cache.ts';
import { hotScore, ratingAverage } from './community.hot.ts';
import { authorizeShareChange } from './community.policy.ts';
import { presentShare, presentShareWithData, type PresentContext } from './community.presenter.ts';
import * as repo from './community.repository.ts';
import { searchTerms, searchTextOf } from './community.search.ts';
import { forkTreeFromSnapshot, readTreeSnapshot } from './community.trees.ts';

type Ctx = Pick<FastifyInstance, 'db' | 'dialect' | 'config' | 'storage'>;
const counts = new FilterCache<number>();
/** Searches and tags keep the order of their first matches for the first pages (50 pages of 20). */
const orderedIds = new FilterCache<number[]>();
const ORDERED_IDS_KEPT = 1000;
/** Bumped in the database on every change of which shares exist or what they match, by any process. */
const SHARES_GENERATION = 'community-shares';
const VIEW_WINDOW_MS = 24 * 3600 * 1000;
const HOT_TAG_RECENT_MS = 30 * 24 * 3600 * 1000;

async function presentContext(
  ctx: Ctx,
  viewer: AuthUser | null,
  rows: Array<{ id: number; author_id: number }>,
): Promise<PresentContext> {
  const ids = rows.map((r) => r.id);
  const [authors, flags] = await Promise.all([
    loadUserSummaries(
      ctx.db,
      ctx.config.publicBaseUrl,
      rows.map((r) => r.author_id),
    ),
    viewer
      ? repo.viewerFlags(ctx.db, viewer.id, ids)
      : Promise.resolve({ liked: new Set<number>(), ratings: new Map<number, number>() }),
  ]);
  return { baseUrl: ctx.config.publicBaseUrl, viewer, authors, ...flags };
}

async function requireShare(ctx: Ctx, idOrUuid: string): Promise<repo.ShareRow> {
  const share = await repo.findShare(ctx.db, idOrUuid);
  if (!share) throw notFound('No such template.');
  return share;
}

/** One share as the viewer sees it, with its snapshot. */
export async function getShare(ctx: Ctx, viewer: AuthUser | null, idOrUuid: string): Promise<ShareWithData> {
  const share = await requireShare(ctx, idOrUuid);
  return presentShareWithData(share, await presentContext(ctx, viewer, [share]));
}

/** The community list: search (substring, every term), tags (all must match), author, ordering. */
export async function listShares(
  ctx: Ctx,
  viewer: AuthUser | null,
  query: { search?: string; tags?: string; author?: string; ordering?: repo.ShareFilter['ordering'] },
  window: PageWindow,
): Promise<{ count: number; results: Share[] }> {
  let authorId: number | undefined;
  if (query.author) {
    authorId = await repo.findUserIdByName(ctx.db, query.author);
    if (authorId === undefined) return { count: 0, results: [] };
  }
  const tags = (query.tags ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .slice(0, 10);
  const filter = { terms: searchTerms(query.search), tags, authorId, ordering: query.ordering ?? '-created_at' };
  // The dialect is part of the key: tests run one process against several databases. The shared
  // generation is too: a share added through another app process must be counted here at once.
  const generation = await readGeneration(ctx.db, SHARES_GENERATION);
  const countKey = JSON.stringify([
    ctx.dialect,
    ctx.config.databaseUrl,
    generation,
    filter.terms,
    filter.tags,
    filter.authorId,
  ]);
  const end = window.offset + window.pageSize;
  let count: number;
  let rows: repo.ShareListRow[];
  if ((filter.terms.length > 0 || filter.tags.length > 0) && end <= ORDERED_IDS_KEPT) {
    // Matches are sorted once per filter and ordering; each page then reads its rows by id.
    const idsKey = JSON.stringify([countKey, filter.ordering]);
    let ids = orderedIds.get(idsKey);
    if (!ids) orderedIds.set(idsKey, (ids = await repo.listShareIds(ctx.db, ctx.dialect, filter, ORDERED_IDS_KEPT)));
    count =
      counts.get(countKey) ??
      (ids.length < ORDERED_IDS_KEPT ? ids.length : await repo.countShares(ctx.db, ctx.dialect, filter));
    rows = await repo.findListRows(ctx.db, ids.slice(window.offset, end));
  } else {
    ({ count, rows } = await repo.listShares(
      ctx.db,
      ctx.dialect,
      filter,
      { offset: window.offset, limit: window.pageSize },
      counts.get(countKey),
    ));
  }
  counts.set(countKey, count);
  const present = await presentContext(ctx, viewer, rows);
  return { count, results: rows.map((r) => presentShare(r, present)) };
}

async function storeCover(ctx: Ctx, dataUrl: string | undefined): Promise<string | null> {
  if (!dataUrl) return null;
  const match = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) throw invalidField('cover', 'The cover must be a PNG, JPEG or WebP data URL.');
  const image = await processImage(
    Buffer.from(match[2]!, 'base64'),
    { maxBytes: 1.5 * 1024 * 1024, maxSide: 4096 },
    { fit: 960 },
  );
  const key = `covers/${randomBytes(12).toString('hex')}.webp`;
  await ctx.storage.put(key, image.body, image.contentType);
  return key;
}

/**
 * Shares a tree (its working copy, or one of its versions) as a community template. One share per
 * tree: sharing again replaces the snapshot and keeps likes, ratings and counters.
 */
export async function shareTree(
  ctx: Ctx,
  user: AuthUser,
  body: ShareTreeBody,
): Promise<{ created: boolean; share: ShareWithData }> {
  const snapshot = await readTreeSnapshot(ctx.db, user.id, body.tree, body.version);
  const title = body.title ?? snapshot.title;
  const description = body.description ?? snapshot.description;
  const tags = body.tags ?? snapshot.tags.slice(0, 10);
  const coverKey = await storeCover(ctx, body.cover);
  const now = nowIso();
  const existing = await repo.findShareByTree(ctx.db, body.tree);
  const shareId = await ctx.db.transaction().execute(async (trx) => {
    const fields = {
      title,
      description,
      tags: JSON.stringify(tags),
      search_text: searchTextOf(title, description, tags),
      data: JSON.stringify(snapshot.data),
      node_count: snapshot.nodeCount,
      updated_at: now,
    };
    if (existing) {
      await repo.updateShareFields(trx, existing.id, { ...fields, ...(coverKey ? { cover_key: coverKey } : {}) });
      await repo.replaceShareTags(trx, existing.id, tags, existing.created_at);
      return existing.id;
    }
    const id = await repo.insertShare(trx, {
      ...fields,
      uuid: randomUUID(),
      tree_id: body.tree,
      author_id: user.id,
      cover_key: coverKey,
      hot_score: hotScore({
        likes_count: 0,
        uses_count: 0,
        rating_count: 0,
        rating_avg: 0,
        views_count: 0,
        created_at: now,
      }),
      created_at: now,
    });
    await repo.replaceShareTags(trx, id, tags, now);
    return id;
  });
  await noteSharesChanged(ctx.db);
  if (existing?.cover_key && coverKey) await ctx.storage.delete(existing.cover_key);
  return { created: !existing, share: await getShare(ctx, user, String(shareId)) };
}

/** Edits title, description or tags (author or admin). */
export async function updateShare(
  ctx: Ctx,
  user: AuthUser,
  idOrUuid: string,
  body: { title?: string; description?: string; tags?: string[] },
): Promise<ShareWithData> {
  const share = await requireShare(ctx, idOrUuid);
  authorizeShareChange(user, share);
  const title = body.title ?? share.title;
  const description = body.description ?? share.description;
  const tags = body.tags ?? (JSON.parse(share.tags) as string[]);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateShareFields(trx, share.id, {
      title,
      description,
      tags: JSON.stringify(tags),
      search_text: searchTextOf(title, description, tags),
      updated_at: nowIso(),
    });
    if (body.tags) await repo.replaceShareTags(trx, share.id, tags, share.created_at);
  });
  await noteSharesChanged(ctx.db);
  return getShare(ctx, user, String(share.id));
}

/** Removes a share (author or admin); the source tree is untouched. */
export async function deleteShare(ctx: Ctx, user: AuthUser, idOrUuid: string): Promise<void> {
  const share = await requireShare(ctx, idOrUuid);
  authorizeShareChange(user, share);
  await ctx.db.transaction().execute((trx) => repo.deleteShare(trx, share.id));
  await noteSharesChanged(ctx.db);
  if (share.cover_key) await ctx.storage.delete(share.cover_key);
}

type Counters = NonNullable<Awaited<ReturnType<typeof repo.lockCounters>>>;
type CounterChange = Partial<
  Pick<Counters, 'likes_count' | 'rating_sum' | 'rating_count' | 'rating_avg' | 'views_count' | 'uses_count'>
>;

/**
 * Runs `change` in a transaction with the share's row locked, then writes the counters it returns
 * together with the new hot score, so every counter stays exact under concurrent requests.
 */
async function changeCounters<T>(
  ctx: Ctx,
  shareId: number,
  change: (trx: Transaction<Database>, counters: Counters) => Promise<{ counters: CounterChange | null; result: T }>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockCounters(trx, ctx.dialect, shareId);
    if (!current) throw notFound('No such template.');
    const { counters, result } = await change(trx, current);
    if (counters)
      await repo.setCounters(trx, shareId, { ...counters, hot_score: hotScore({ ...current, ...counters }) });
    return result;
  });
}

/** Likes (`liked: true`), unlikes (`false`) or toggles (absent). Counters stay exact under concurrency. */
export async function likeShare(ctx: Ctx, user: AuthUser, idOrUuid: string, liked: boolean | undefined) {
  const share = await requireShare(ctx, idOrUuid);
  return changeCounters(ctx, share.id, async (trx, current) => {
    const want = liked ?? !(await repo.hasLiked(trx, share.id, user.id));
    const changed = want
      ? await repo.insertLike(trx, share.id, user.id, nowIso())
      : await repo.deleteLike(trx, share.id, user.id);
    const likes = changed ? Math.max(0, current.likes_count + (want ? 1 : -1)) : current.likes_count;
    return { counters: changed ? { likes_count: likes } : null, result: { liked: want, likes_count: likes } };
  });
}

/** Rates 1–5; a second rating by the same user replaces the first. */
export async function rateShare(ctx: Ctx, user: AuthUser, idOrUuid: string, score: number) {
  const share = await requireShare(ctx, idOrUuid);
  return changeCounters(ctx, share.id, async (trx, current) => {
    const previous = await repo.findRating(trx, share.id, user.id);
    await repo.upsertRating(trx, share.id, user.id, score, nowIso());
    const ratingSum = current.rating_sum + score - (previous ?? 0);
    const ratingCount = current.rating_count + (previous === undefined ? 1 : 0);
    const ratingAvg = ratingAverage(ratingSum, ratingCount);
    return {
      counters: { rating_sum: ratingSum, rating_count: ratingCount, rating_avg: ratingAvg },
      result: { my_rating: score, rating_avg: ratingAvg, rating_count: ratingCount },
    };
  });
}

/** Who is viewing: the user, or a hash of an anonymous client (IP and user agent, salted with the server secret). */
export function viewerKey(secret: string, user: AuthUser | null, ip: string, userAgent: string | undefined): string {
  if (user) return `u:${user.id}`;
  return `a:${createHash('sha256')
    .update(`${secret}|${ip}|${userAgent ?? ''}`)
    .digest('hex')
    .slice(0, 40)}`;
}

/** Counts a view, at most one per viewer per 24 hours. */
export async function viewShare(ctx: Ctx, idOrUuid: string, key: string) {
  const share = await requireShare(ctx, idOrUuid);
  return changeCounters(ctx, share.id, async (trx, current) => {
    const last = await repo.findView(trx, share.id, key);
    if (last && last > isoIn(-VIEW_WINDOW_MS)) return { counters: null, result: { views_count: current.views_count } };
    await repo.upsertView(trx, share.id, key, nowIso());
    return { counters: { views_count: current.views_count + 1 }, result: { views_count: current.views_count + 1 } };
  });
}

/** "Use this template": a new private tree of the caller with the snapshot as version 1. */
export async function useShare(ctx: Ctx, user: AuthUser, idOrUuid: string, title: string | undefined) {
  const share = await requireShare(ctx, idOrUuid);
  const tree = await forkTreeFromSnapshot(ctx, user.id, {
    title: title ?? share.title,
    description: share.description,
    tags: JSON.parse(share.tags) as string[],
    data: JSON.parse(share.data) as unknown,
  });
  await changeCounters(ctx, share.id, async (_trx, current) => ({
    counters: { uses_count: current.uses_count + 1 },
    result: null,
  }));
  return { tree };
}

/** Forget this process's cached list counts and orders. */
export const forgetListCounts = () => {
  counts.clear();
  orderedIds.clear();
};

/** After shares were added, removed or changed (here or outside this service, e.g. by the seed): every process recounts. */
export async function noteSharesChanged(db: DB): Promise<void> {
  forgetListCounts();
  await bumpGeneration(db, SHARES_GENERATION);
}

/** Most used tags, recent shares weighing more. */
export async function listHotTags(ctx: Ctx, limit: number) {
  const rows = await repo.hotTags(ctx.db, limit, isoIn(-HOT_TAG_RECENT_MS));
  return rows.map((r) => ({ tag: r.display, count: r.count }));
}

/** The caller's own shares, newest first. */
export async function myShares(
  ctx: Ctx,
  user: AuthUser,
  window: PageWindow,
): Promise<Pick<Paginated<Share>, 'count' | 'results'>> {
  return listShares(ctx, user, { author: String(user.id) }, window);
}

/**
 * Takes a user out of the community before their account is deleted: their likes and ratings are
 * withdrawn through the counters (so other templates' figures stay exact), their own shares and
 * cover files are removed. Views stay counted: they record that a visit happened.
 */
export async function removeUserFromCommunity(ctx: Ctx, userId: number): Promise<void> {
  const liked = await ctx.db.selectFrom('share_likes').select('share_id').where('user_id', '=', userId).execute();
  for (const { share_id } of liked) {
    await changeCounters(ctx, share_id, async (trx, current) => {
      const removed = await repo.deleteLike(trx, share_id, userId);
      return { counters: removed ? { likes_count: Math.max(0, current.likes_count - 1) } : null, result: null };
    });
  }
  const rated = await ctx.db.selectFrom('share_ratings').select('share_id').where('user_id', '=', userId).execute();
  for (const { share_id } of rated) {
    await changeCounters(ctx, share_id, async (trx, current) => {
      const score = await repo.deleteRating(trx, share_id, userId);
      if (score === undefined) return { counters: null, result: null };
      const ratingSum = current.rating_sum - score;
      const ratingCount = Math.max(0, current.rating_count - 1);
      return {
        counters: {
          rating_sum: ratingSum,
          rating_count: ratingCount,
          rating_avg: ratingAverage(ratingSum, ratingCount),
        },
        result: null,
      };
    });
  }
  const own = await ctx.db.selectFrom('shares').select(['id', 'cover_key']).where('author_id', '=', userId).execute();
  await ctx.db.transaction().execute(async (trx) => {
    for (const share of own) await repo.deleteShare(trx, share.id);
  });
  await noteSharesChanged(ctx.db);
  for (const share of own) if (share.cover_key) await ctx.storage.delete(share.cover_key).catch(() => undefined);
}
