import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Paginated, Share, ShareTreeBody, ShareWithData, UserSummary } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import { imageUrlsOfDocument } from '../trees/index.ts';
import type { Dialect, Trx } from '../../db/connection.ts';
import type { Publish } from '../../lib/events/events.ts';
import type { CachedSharePage, CommunityCaches, Deps } from '../../deps.ts';
import { avatarUrlOf } from '../../lib/avatars/avatars.ts';
import { FilterCache } from '../../lib/cache/filter-cache.ts';
import { bumpGeneration, GenerationReader, readGeneration } from '../../lib/cache/generations.ts';
import { AppError, conflict, invalidField, notFound } from '../../lib/http-errors.ts';
import { processImage } from '../../lib/images.ts';
import { clientNetwork } from '../../lib/net/client-network.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { spliceStoredBytes, spliceStoredJson } from '../../lib/trusted-json.ts';
import { createSnapshotCache, readSnapshot, type KeptSnapshot } from './snapshot-bytes.ts';
import { reserveEvents } from '../../lib/throttle/throttle.ts';
import { loadUserSummaries } from '../../lib/user-summaries.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { hotScore, newTemplateHotScore, ratingAverage } from './shares.hot.ts';
import { authorizeRating, authorizeShareChange, canSeeSourceTree, shareAbilities } from './shares.policy.ts';
import { presentShare, presentShareWithData, type PresentContext } from './shares.presenter.ts';
import * as repo from './shares.repository.ts';
import * as revisionsRepo from './revisions.repository.ts';
import { recordShareRevision } from './revisions.service.ts';
import { searchTerms, searchTextOf } from './shares.search.ts';
import { hiddenScopeOf, isVisible } from './share-visibility.ts';
import { forkTreeFromSnapshot, lockSourceTree, readTreeSnapshot } from './trees-gateway.ts';

/** Searches and tags keep the order of their first matches for the first pages (50 pages of 20). */
const ORDERED_IDS_KEPT = 1000;
/** Bumped in the database on every change of which shares exist or what they match, by any process. */
const SHARES_GENERATION = 'community-shares';
const VIEW_WINDOW_MS = 24 * 3600 * 1000;
const HOT_TAG_RECENT_MS = 30 * 24 * 3600 * 1000;

/**
 * What a caller already read with the rows: their authors, whether any of them credits
 * contributors, the viewer's likes and ratings.
 */
interface KnownContext {
  authors?: Map<number, UserSummary>;
  anyContributors?: boolean;
  flags?: { liked: Set<number>; ratings: Map<number, number> };
}

async function presentContext(
  deps: Deps,
  viewer: AuthUser | null,
  rows: Array<{ id: number; author_id: number }>,
  known: KnownContext = {},
): Promise<PresentContext> {
  const ids = rows.map((r) => r.id);
  const [authors, contributorIds, flags] = await Promise.all([
    known.authors ??
      loadUserSummaries(
        deps.db,
        deps.config.publicBaseUrl,
        rows.map((r) => r.author_id),
      ),
    known.anyContributors === false ? new Map<number, number[]>() : revisionsRepo.contributorIds(deps.db, ids),
    known.flags ??
      (viewer
        ? repo.viewerFlags(deps.db, viewer.id, ids)
        : Promise.resolve({ liked: new Set<number>(), ratings: new Map<number, number>() })),
  ]);
  // Contributors cost a second query only when some template has any.
  const credited = await loadUserSummaries(deps.db, deps.config.publicBaseUrl, [...contributorIds.values()].flat());
  const contributors = new Map(
    [...contributorIds].map(([shareId, userIds]) => [shareId, userIds.flatMap((id) => credited.get(id) ?? [])]),
  );
  return { baseUrl: deps.config.publicBaseUrl, viewer, authors, contributors, ...flags };
}

/** A share `viewer` may see: one a moderator hid is there only for its author and admins (404 for others). */
async function requireShare(deps: Deps, viewer: AuthUser | null, idOrUuid: string): Promise<repo.ShareRow> {
  const share = await repo.findShare(deps.db, idOrUuid);
  if (!share || !isVisible(viewer, share)) throw notFound('No such template.');
  return share;
}

/**
 * `GET /community/shares/{id}/`: one share as the viewer sees it, as the JSON of `ShareWithData`, its
 * snapshot spliced in as the bytes this process keeps for the share's revision (`snapshot-bytes.ts`).
 */
export async function getShareJson(deps: Deps, viewer: AuthUser | null, idOrUuid: string): Promise<Buffer> {
  // The share, its author, whether it credits anyone and the viewer's marks in one statement (issue 29);
  // read again when the share was revised between that read and its snapshot's.
  let share: repo.ShareDetailRow | undefined;
  let snapshot: KeptSnapshot | null = null;
  for (let attempt = 0; attempt < 3 && !snapshot; attempt++) {
    share = await repo.findShareDetail(deps.db, idOrUuid, viewer?.id ?? null);
    if (!share || !isVisible(viewer, share)) throw notFound('No such template.');
    snapshot = await readSnapshot(deps, share);
  }
  if (!share || !snapshot) throw conflict('The template is being revised: try again.');
  const baseUrl = deps.config.publicBaseUrl;
  const authors = new Map<number, UserSummary>();
  if (share.author_username !== null) {
    const avatar_url = avatarUrlOf(baseUrl, share.author_avatar_key);
    authors.set(share.author_id, { id: share.author_id, username: share.author_username, avatar_url });
  }
  const [context, images] = await Promise.all([
    presentContext(deps, viewer, [share], {
      authors,
      anyContributors: Boolean(share.has_contributors),
      flags: {
        liked: new Set(share.viewer_liked ? [share.id] : []),
        ratings: new Map(share.viewer_rating === null ? [] : [[share.id, share.viewer_rating]]),
      },
    }),
    snapshot.document && share.tree_id !== null ? imageUrlsOfDocument(deps, share.tree_id, snapshot.document) : {},
  ]);
  const fields: Omit<ShareWithData, 'data'> = { ...presentShare(share, context), images };
  return spliceStoredBytes(fields, 'data', snapshot.bytes);
}

/** One share as the viewer sees it, with its snapshot. */
export async function getShare(deps: Deps, viewer: AuthUser | null, idOrUuid: string): Promise<ShareWithData> {
  const share = await requireShare(deps, viewer, idOrUuid);
  const data = JSON.parse(share.data) as TreeDocument;
  const [context, images] = await Promise.all([
    presentContext(deps, viewer, [share]),
    imageUrlsOfDocument(deps, share.tree_id, data),
  ]);
  return presentShareWithData(share, context, data, images);
}

/**
 * A template's snapshot for another module (learning reads what it tracks), by uuid or row id.
 * Templates are public, so every viewer may read one; 404 when it is gone.
 */
export async function readSnapshotForViewer(
  deps: Deps,
  viewer: AuthUser | null,
  ref: string | { id: number },
): Promise<{ id: number; uuid: string; title: string; document: TreeDocument }> {
  const share = await requireShare(deps, viewer, typeof ref === 'string' ? ref : String(ref.id));
  return { id: share.id, uuid: share.uuid, title: share.title, document: JSON.parse(share.data) as TreeDocument };
}

type ListQuery = { search?: string; tags?: string; author?: string; ordering?: repo.ShareFilter['ordering'] };

/** The community list: search (substring, every term), tags (all must match), author, ordering. */
export async function listShares(
  deps: Deps,
  viewer: AuthUser | null,
  query: ListQuery,
  window: PageWindow,
): Promise<{ count: number; results: Share[] }> {
  const { count, rows } = await findSharePage(deps, viewer, query, window);
  const present = await presentContext(deps, viewer, rows);
  return { count, results: rows.map((r) => presentShare(r, present)) };
}

/** How long a list page is shared by every caller (API.md "Community": at most 1 s). */
const LIST_PAGE_MS = 1_000;

/**
 * `GET /community/trees-shared/` as JSON text. A page is read and presented once per shares
 * generation, hidden scope (anonymous, one user's own hidden templates, admins) and URL, and kept
 * for `LIST_PAGE_MS` as text: anonymous callers get its bytes as they are; a signed-in caller gets
 * each share's text with their own marks (source tree, liked, my_rating, abilities) spliced in,
 * read fresh. Any change of which shares exist or are hidden empties the cache of its process and
 * bumps the generation (`noteSharesChanged`), so no caller is served a page from before it.
 */
export async function listSharesJson(
  deps: Deps,
  viewer: AuthUser | null,
  query: ListQuery,
  window: PageWindow,
  url: string,
  envelope: (count: number, results: Share[]) => Paginated<Share>,
): Promise<string | Buffer> {
  const { pages, generation } = deps.caches.community;
  const key = JSON.stringify([await generation.read(deps.db), hiddenScopeOf(viewer) ?? null, url]);
  const now = deps.clock.now().getTime();
  // Kept as the read in flight: the callers that miss together (50 connections as the second
  // turns) share one read of the page instead of each making their own.
  const startPageRead = () => {
    const reading = readSharePage(deps, viewer, query, window, envelope);
    pages.set(key, reading, now);
    reading.catch(() => pages.delete(key, reading));
    return reading;
  };
  const page = await (pages.get(key, now) ?? startPageRead());
  if (!viewer) return page.body;
  const flags = await repo.viewerFlags(
    deps.db,
    viewer.id,
    page.marks.map((mark) => mark.id),
  );
  const results = page.openShares.map((open, i) => {
    const { id, authorId, treeId } = page.marks[i]!;
    const row = { author_id: authorId };
    const own: Pick<Share, 'tree' | 'liked' | 'my_rating' | 'abilities'> = {
      tree: canSeeSourceTree(viewer, row) ? treeId : null,
      liked: flags.liked.has(id),
      my_rating: flags.ratings.get(id) ?? null,
      abilities: shareAbilities(viewer, row),
    };
    return `${open},${JSON.stringify(own).slice(1)}`;
  });
  return spliceStoredJson(page.envelope, 'results', `[${results.join(',')}]`);
}

/** The caller's own marks on a share, which a shared page leaves out. */
const OWN_MARKS = ['tree', 'liked', 'my_rating', 'abilities'] as const;

/** A list page as every caller shares it, from the rows `viewer` may see. */
async function readSharePage(
  deps: Deps,
  viewer: AuthUser | null,
  query: ListQuery,
  window: PageWindow,
  envelope: (count: number, results: Share[]) => Paginated<Share>,
): Promise<CachedSharePage> {
  const { count, rows } = await findSharePage(deps, viewer, query, window);
  const context = await presentContext(deps, null, rows);
  const shares = rows.map((r) => presentShare(r, context));
  const { results: _anonymous, ...fields } = envelope(count, shares);
  const openShares = shares.map((share) => {
    const shared: Partial<Share> = { ...share };
    for (const mark of OWN_MARKS) delete shared[mark];
    return JSON.stringify(shared).slice(0, -1);
  });
  return {
    body: Buffer.from(JSON.stringify(envelope(count, shares))),
    envelope: fields,
    openShares,
    marks: rows.map((r) => ({ id: r.id, authorId: r.author_id, treeId: r.tree_id })),
  };
}

/** The rows of a list page that `viewer` may see (hidden templates only for their author and admins). */
async function findSharePage(
  deps: Deps,
  viewer: AuthUser | null,
  query: ListQuery,
  window: PageWindow,
): Promise<{ count: number; rows: repo.ShareListRow[] }> {
  let authorId: number | undefined;
  if (query.author) {
    authorId = await repo.findUserIdByName(deps.db, query.author);
    if (authorId === undefined) return { count: 0, rows: [] };
  }
  const tags = (query.tags ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .slice(0, 10);
  const filter = {
    terms: searchTerms(query.search),
    tags,
    authorId,
    ordering: query.ordering ?? '-created_at',
    hidden: hiddenScopeOf(viewer),
  };
  // The shared generation is part of the key: a share added through another app process must be
  // counted here at once.
  const { counts, orderedIds } = deps.caches.community;
  const generation = await readGeneration(deps.db, SHARES_GENERATION);
  const countKey = JSON.stringify([generation, filter.terms, filter.tags, filter.authorId, filter.hidden ?? null]);
  const end = window.offset + window.pageSize;
  let count: number;
  let rows: repo.ShareListRow[];
  if ((filter.terms.length > 0 || filter.tags.length > 0) && end <= ORDERED_IDS_KEPT) {
    // Matches are sorted once per filter and ordering; each page then reads its rows by id.
    const idsKey = JSON.stringify([countKey, filter.ordering]);
    let ids = orderedIds.get(idsKey);
    if (!ids) orderedIds.set(idsKey, (ids = await repo.listShareIds(deps.db, deps.dialect, filter, ORDERED_IDS_KEPT)));
    count =
      counts.get(countKey) ??
      (ids.length < ORDERED_IDS_KEPT ? ids.length : await repo.countShares(deps.db, deps.dialect, filter));
    rows = await repo.findListRows(deps.db, ids.slice(window.offset, end), filter.hidden);
  } else {
    ({ count, rows } = await repo.listShares(
      deps.db,
      deps.dialect,
      filter,
      { offset: window.offset, limit: window.pageSize },
      counts.get(countKey),
    ));
  }
  counts.set(countKey, count);
  return { count, rows };
}

/**
 * The given shares as the viewer sees them, for lists of other parts of the community (feed,
 * collections): shares gone, and hidden ones the viewer may not see, are left out.
 */
export async function presentSharesById(
  deps: Deps,
  viewer: AuthUser | null,
  ids: number[],
): Promise<Map<number, Share>> {
  const rows = await repo.findListRows(deps.db, [...new Set(ids)], hiddenScopeOf(viewer));
  const present = await presentContext(deps, viewer, rows);
  return new Map(rows.map((r) => [r.id, presentShare(r, present)]));
}

/**
 * Covers are drawn by the web app at 1200×630 (the Open Graph size) and kept at that size; anything
 * larger is scaled down to fit 1200 px.
 */
async function storeCover(deps: Deps, dataUrl: string | undefined): Promise<string | null> {
  if (!dataUrl) return null;
  const match = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) throw invalidField('cover', 'The cover must be a PNG, JPEG or WebP data URL.');
  const image = await processImage(
    Buffer.from(match[2]!, 'base64'),
    { maxBytes: 1.5 * 1024 * 1024, maxSide: 4096 },
    { fit: 1200 },
  );
  const key = `covers/${randomBytes(12).toString('hex')}.webp`;
  await deps.storage.put(key, image.body, image.contentType);
  return key;
}

/**
 * Shares a tree (its working copy, or one of its versions) as a community template. One share per
 * tree: sharing again replaces the snapshot as the template's next revision (with `message` as its
 * changelog line) and keeps likes, ratings and counters. A re-share whose document equals the
 * current snapshot records no revision (`unchanged`); its title, description, tags and cover are
 * still updated. The existing
 * share is looked up under the source tree's lock, so concurrent shares of one tree give one 201
 * and 200s, never a unique violation.
 */
export async function shareTree(
  deps: Deps,
  user: AuthUser,
  body: ShareTreeBody,
): Promise<{ created: boolean; unchanged: boolean; share: ShareWithData }> {
  const snapshot = await readTreeSnapshot(deps, user.id, body.tree, body.version);
  const title = body.title ?? snapshot.title;
  const description = body.description ?? snapshot.description;
  const tags = body.tags ?? snapshot.tags.slice(0, 10);
  const coverKey = await storeCover(deps, body.cover);
  const message = body.message ?? '';
  const now = deps.clock.nowIso();
  const { shareId, existing, unchanged } = await deps.events.transaction(deps.db, async (trx, publish) => {
    await lockSourceTree(trx, body.tree);
    const existing = await repo.findShareByTree(trx, body.tree);
    const fields = {
      title,
      description,
      tags: JSON.stringify(tags),
      search_text: searchTextOf(title, description, tags, snapshot.data),
      data: JSON.stringify(snapshot.data),
      node_count: snapshot.nodeCount,
      updated_at: now,
    };
    if (existing) {
      const updated = { ...fields, ...(coverKey ? { cover_key: coverKey } : {}) };
      const same = sameDocument(existing.data, snapshot.data);
      if (same) await repo.updateShareFields(trx, existing.id, updated);
      else await reviseShareIn(trx, publish, existing, snapshot.data, { message, now, fields: updated });
      await repo.replaceShareTags(trx, existing.id, tags, existing.created_at);
      return { shareId: existing.id, existing, unchanged: same };
    }
    const id = await repo.insertShare(
      trx,
      {
        ...fields,
        uuid: randomUUID(),
        tree_id: body.tree,
        author_id: user.id,
        cover_key: coverKey,
        hot_score: newTemplateHotScore(now),
        created_at: now,
      },
      message,
    );
    await repo.replaceShareTags(trx, id, tags, now);
    await withholdIfTreeWithheld(trx, publish, id, body.tree, user.id);
    return { shareId: id, existing: undefined, unchanged: false };
  });
  await noteSharesChanged(deps);
  if (existing?.cover_key && coverKey) await deps.storage.delete(existing.cover_key);
  return { created: !existing, unchanged, share: await getShare(deps, user, String(shareId)) };
}

/** Whether a template's stored snapshot (JSON text) is the same document as `document`. */
function sameDocument(stored: string, document: TreeDocument): boolean {
  return isDeepStrictEqual(JSON.parse(stored), JSON.parse(JSON.stringify(document)));
}

/**
 * Records `document` as the next revision of `share` inside `trx`, which holds the lock of the
 * share's source tree (`share` read under it): the revision with its changelog line `message`, the
 * new snapshot, and `share.revised`. Other columns change only as `fields` says. Returns the new
 * revision's number. Callers note the change (`noteSharesChanged`) after the commit.
 */
export async function reviseShareIn(
  trx: Trx,
  publish: Publish,
  share: repo.ShareRow,
  document: TreeDocument,
  options: { message: string; now: string; fields?: Parameters<typeof repo.updateShareFields>[2] },
): Promise<number> {
  const { message, now } = options;
  const revision = share.revision + 1;
  await recordShareRevision(trx, {
    shareId: share.id,
    revision,
    document,
    previous: JSON.parse(share.data) as TreeDocument,
    message,
    createdAt: now,
  });
  await repo.updateShareFields(trx, share.id, {
    data: JSON.stringify(document),
    node_count: document.nodes.length,
    updated_at: now,
    ...options.fields,
    revision,
  });
  await publish('share.revised', {
    shareId: share.id,
    shareUuid: share.uuid,
    authorId: share.author_id,
    revision,
    message,
  });
  return revision;
}

/** Edits title, description or tags (author or admin). */
export async function updateShare(
  deps: Deps,
  user: AuthUser,
  idOrUuid: string,
  body: { title?: string; description?: string; tags?: string[] },
): Promise<ShareWithData> {
  const share = await requireShare(deps, user, idOrUuid);
  authorizeShareChange(user, share);
  const title = body.title ?? share.title;
  const description = body.description ?? share.description;
  const tags = body.tags ?? (JSON.parse(share.tags) as string[]);
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateShareFields(trx, share.id, {
      title,
      description,
      tags: JSON.stringify(tags),
      search_text: searchTextOf(title, description, tags, JSON.parse(share.data)),
      updated_at: deps.clock.nowIso(),
    });
    if (body.tags) await repo.replaceShareTags(trx, share.id, tags, share.created_at);
  });
  await noteSharesChanged(deps);
  return getShare(deps, user, String(share.id));
}

/**
 * A new template of a tree whose hidden template was withdrawn starts hidden, and `share.withheld`
 * puts it before the admins (moderation opens a report): withdrawing and sharing again does not undo a hide.
 */
async function withholdIfTreeWithheld(trx: Trx, publish: Publish, shareId: number, treeId: number, authorId: number) {
  if (!(await repo.isTreeWithheld(trx, treeId))) return;
  await repo.setShareHidden(trx, shareId, true);
  await publish('share.withheld', { shareId, authorId });
}

/**
 * Hides (or shows again) a template (a moderator's decision): nothing is announced, since every read
 * applies the visibility rule as it goes (share-visibility.ts).
 */
export async function setShareHiddenIn(trx: Trx, shareId: number, hidden: boolean): Promise<void> {
  const share = await repo.findShare(trx, String(shareId));
  if (!share) throw notFound('The reported item is gone.');
  if (share.hidden === (hidden ? 1 : 0)) return;
  await repo.setShareHidden(trx, shareId, hidden);
  // An admin showing it again decides for its tree too: a later share of it starts public.
  if (!hidden && share.tree_id !== null) await repo.releaseTree(trx, share.tree_id);
}

/**
 * Withdraws a template inside `trx` (a moderator's delete), announcing `share.deleted`; returns its cover's key, to remove after the commit.
 */
export async function removeShareIn(trx: Trx, publish: Publish, shareId: number): Promise<string | null> {
  const share = await repo.findShare(trx, String(shareId));
  if (!share) throw notFound('The reported item is gone.');
  await repo.deleteShare(trx, share.id);
  const event = { shareId: share.id, shareUuid: share.uuid, authorId: share.author_id };
  await publish('share.deleted', event);
  return share.cover_key;
}

/**
 * Removes a share (author or admin); the source tree is untouched, but when a moderator had hidden
 * the share, the tree's next share starts hidden too.
 */
export async function deleteShare(deps: Deps, user: AuthUser, idOrUuid: string): Promise<void> {
  const share = await requireShare(deps, user, idOrUuid);
  authorizeShareChange(user, share);
  await deps.events.transaction(deps.db, async (trx, publish) => {
    if (share.hidden === 1 && share.tree_id !== null) await repo.withholdTree(trx, share.tree_id, deps.clock.nowIso());
    await repo.deleteShare(trx, share.id);
    const event = { shareId: share.id, shareUuid: share.uuid, authorId: share.author_id };
    await publish('share.deleted', event);
  });
  await noteSharesChanged(deps);
  if (share.cover_key) await deps.storage.delete(share.cover_key);
}

export type Counters = NonNullable<Awaited<ReturnType<typeof repo.lockCounters>>>;
export type CounterChange = Partial<
  Pick<Counters, 'likes_count' | 'rating_sum' | 'rating_count' | 'rating_avg' | 'views_count' | 'uses_count'>
>;

type CounterWork<T> = (trx: Trx, counters: Counters) => Promise<{ counters: CounterChange | null; result: T }>;

/**
 * Runs `change` inside `trx` with the share's row locked, then writes the counters it returns
 * together with the new hot score, so every counter stays exact under concurrent requests.
 */
export async function changeCountersIn<T>(
  trx: Trx,
  dialect: Dialect,
  shareId: number,
  change: CounterWork<T>,
): Promise<T> {
  const current = await repo.lockCounters(trx, dialect, shareId);
  if (!current) throw notFound('No such template.');
  const { counters, result } = await change(trx, current);
  if (counters) await repo.setCounters(trx, shareId, { ...counters, hot_score: hotScore({ ...current, ...counters }) });
  return result;
}

/** `changeCountersIn` in a transaction of its own. */
async function changeCounters<T>(deps: Deps, shareId: number, change: CounterWork<T>): Promise<T> {
  return deps.db.transaction().execute((trx) => changeCountersIn(trx, deps.dialect, shareId, change));
}

/** Likes (`liked: true`), unlikes (`false`) or toggles (absent). Counters stay exact under concurrency. */
export async function likeShare(deps: Deps, user: AuthUser, idOrUuid: string, liked: boolean | undefined) {
  const share = await requireShare(deps, user, idOrUuid);
  return changeCounters(deps, share.id, async (trx, current) => {
    const want = liked ?? !(await repo.hasLiked(trx, share.id, user.id));
    const changed = want
      ? await repo.insertLike(trx, share.id, user.id, deps.clock.nowIso())
      : await repo.deleteLike(trx, share.id, user.id);
    const likes = changed ? Math.max(0, current.likes_count + (want ? 1 : -1)) : current.likes_count;
    return { counters: changed ? { likes_count: likes } : null, result: { liked: want, likes_count: likes } };
  });
}

/** Rates 1–5; a second rating by the same user replaces the first. Not the template's author. */
export async function rateShare(deps: Deps, user: AuthUser, idOrUuid: string, score: number) {
  const share = await requireShare(deps, user, idOrUuid);
  authorizeRating(user, share);
  return changeCounters(deps, share.id, async (trx, current) => {
    const previous = await repo.findRating(trx, share.id, user.id);
    await repo.upsertRating(trx, share.id, user.id, score, deps.clock.nowIso());
    // A review a moderator hid is out of the counters: its new score joins them when it is unhidden.
    if (await repo.isRatingHidden(trx, share.id, user.id)) {
      return {
        counters: null,
        result: { my_rating: score, rating_avg: Number(current.rating_avg), rating_count: current.rating_count },
      };
    }
    const ratingSum = current.rating_sum + score - (previous ?? 0);
    const ratingCount = current.rating_count + (previous === undefined ? 1 : 0);
    const ratingAvg = ratingAverage(ratingSum, ratingCount);
    return {
      counters: { rating_sum: ratingSum, rating_count: ratingCount, rating_avg: ratingAvg },
      result: { my_rating: score, rating_avg: ratingAvg, rating_count: ratingCount },
    };
  });
}

/**
 * Anonymous views counted per client network (see `clientNetwork`) per hour, across all templates.
 * A person browsing opens far fewer templates than this in an hour; a script touring the catalogue
 * from one address adds at most this many views an hour (and at most one per template per day).
 * Views past the cap are answered as usual but not counted. Signed-in viewers are not capped: an
 * account already costs a captcha and counts once per template per day.
 */
export const ANONYMOUS_VIEWS_PER_NETWORK_HOUR = 30;

/** Who is viewing: the user, or an anonymous client known only by a salted hash of its network. */
export interface Viewer {
  key: string;
  anonymous: boolean;
}

/**
 * The viewer of a request. An anonymous one is keyed by its IP address alone (its IPv6 /64): the
 * user agent is the client's to choose, so keying by it let one client count as many viewers.
 */
export function viewerOf(secret: string, user: AuthUser | null, ip: string): Viewer {
  if (user) return { key: `u:${user.id}`, anonymous: false };
  const hash = createHash('sha256')
    .update(`${secret}|${clientNetwork(ip)}`)
    .digest('hex')
    .slice(0, 40);
  return { key: `a:${hash}`, anonymous: true };
}

/**
 * Takes one of an anonymous network's counted views for this hour; null when the cap is reached.
 * Taken outside the counting transaction, so concurrent views from one network see each other.
 */
async function reserveAnonymousView(deps: Deps, viewer: Viewer): Promise<(() => Promise<void>) | null> {
  try {
    return await reserveEvents(deps, [
      [`anon-views:${viewer.key}`, { limit: ANONYMOUS_VIEWS_PER_NETWORK_HOUR, seconds: 3600 }],
    ]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'throttled') return null;
    throw error;
  }
}

/**
 * Counts a view, at most one per viewer per 24 hours, and anonymous ones within the hourly cap. The
 * author looking at their own template is not a view: it is not engagement (the hot score's prior).
 */
export async function viewShare(deps: Deps, user: AuthUser | null, idOrUuid: string, viewer: Viewer) {
  const share = await requireShare(deps, user, idOrUuid);
  if (user?.id === share.author_id) return { views_count: share.views_count };
  const seenRecently = (last: string | undefined) => last !== undefined && last > deps.clock.isoIn(-VIEW_WINDOW_MS);
  let release: (() => Promise<void>) | null = null;
  if (viewer.anonymous) {
    // A repeat view takes nothing from the cap; a view past the cap is not counted.
    if (seenRecently(await repo.findView(deps.db, share.id, viewer.key))) return { views_count: share.views_count };
    release = await reserveAnonymousView(deps, viewer);
    if (!release) return { views_count: share.views_count };
  }
  let counted = false;
  try {
    const result = await changeCounters(deps, share.id, async (trx, current) => {
      if (seenRecently(await repo.findView(trx, share.id, viewer.key)))
        return { counters: null, result: { counted: false, views_count: current.views_count } };
      await repo.upsertView(trx, share.id, viewer.key, deps.clock.nowIso());
      const views = current.views_count + 1;
      return { counters: { views_count: views }, result: { counted: true, views_count: views } };
    });
    counted = result.counted;
    return { views_count: result.views_count };
  } finally {
    // Another request of this viewer counted the view first, or the count failed: the reserved
    // view is given back.
    if (!counted && release) await release();
  }
}

/**
 * "Use this template": a new private tree of the caller with the snapshot as version 1 and its own
 * copies of the images the snapshot shows (`share.used`).
 */
export async function useShare(deps: Deps, user: AuthUser, idOrUuid: string, title: string | undefined) {
  const share = await requireShare(deps, user, idOrUuid);
  const tree = await forkTreeFromSnapshot(deps, user.id, {
    title: title ?? share.title,
    description: share.description,
    tags: JSON.parse(share.tags) as string[],
    data: JSON.parse(share.data) as unknown,
    upstream: { shareId: share.id, shareUuid: share.uuid, title: share.title, revision: share.revision },
    imagesFrom: share.tree_id,
  });
  await deps.events.transaction(deps.db, async (trx, publish) => {
    await changeCountersIn(trx, deps.dialect, share.id, async (_trx, current) => ({
      counters: { uses_count: current.uses_count + 1 },
      result: null,
    }));
    await publish('share.used', { shareId: share.id, treeId: tree.id, userId: user.id });
  });
  return { tree };
}

/** A fresh set of the community list's caches, built once per app in `app.ts`. */
export const createCommunityCaches = (): CommunityCaches => ({
  counts: new FilterCache<number>(),
  orderedIds: new FilterCache<number[]>(),
  pages: new FilterCache<Promise<CachedSharePage>>(LIST_PAGE_MS, 1_000),
  generation: new GenerationReader(SHARES_GENERATION),
  snapshots: createSnapshotCache(),
});

/** Forget this app's cached list counts, orders and pages. */
export const forgetListCounts = (deps: Pick<Deps, 'caches'>) => {
  deps.caches.community.counts.clear();
  deps.caches.community.orderedIds.clear();
  deps.caches.community.pages.clear();
};

/** After shares were added, removed or changed (here or outside this service, e.g. by the seed): every process recounts. */
export async function noteSharesChanged(deps: Deps): Promise<void> {
  forgetListCounts(deps);
  await bumpGeneration(deps.db, SHARES_GENERATION);
}

/** Most used tags, recent shares weighing more. */
export async function listHotTags(deps: Deps, limit: number) {
  const rows = await repo.hotTags(deps.db, limit, deps.clock.isoIn(-HOT_TAG_RECENT_MS));
  return rows.map((r) => ({ tag: r.display, count: r.count }));
}

/** The caller's own shares, newest first. */
export async function myShares(
  deps: Deps,
  user: AuthUser,
  window: PageWindow,
): Promise<Pick<Paginated<Share>, 'count' | 'results'>> {
  return listShares(deps, user, { author: String(user.id) }, window);
}

/**
 * Takes a user out of the community inside the transaction that deletes their account: their likes
 * and ratings are withdrawn through the counters (so other templates' figures stay exact), their own
 * shares are removed. Views stay counted: they record that a visit happened. Returns the removal of
 * the shares' cover files, for after the commit.
 */
export async function withdrawUser(
  deps: Deps,
  trx: Trx,
  userId: number,
  publish: Publish,
): Promise<() => Promise<void>> {
  for (const shareId of await repo.likedShareIds(trx, userId)) {
    await changeCountersIn(trx, deps.dialect, shareId, async (trx, current) => {
      const removed = await repo.deleteLike(trx, shareId, userId);
      return { counters: removed ? { likes_count: Math.max(0, current.likes_count - 1) } : null, result: null };
    });
  }
  for (const shareId of await repo.ratedShareIds(trx, userId)) {
    await changeCountersIn(trx, deps.dialect, shareId, async (trx, current) => {
      const score = await repo.deleteRating(trx, shareId, userId);
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
  const own = await repo.sharesOfAuthor(trx, userId);
  for (const share of own) {
    await repo.deleteShare(trx, share.id);
    // As any withdrawn template does, so that other modules (learners' rows) follow.
    await publish('share.deleted', { shareId: share.id, shareUuid: share.uuid, authorId: userId });
  }
  return async () => {
    await noteSharesChanged(deps);
    for (const share of own) if (share.cover_key) await deps.storage.delete(share.cover_key).catch(() => undefined);
  };
}
