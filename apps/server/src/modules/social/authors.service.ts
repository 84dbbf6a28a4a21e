import type { Author, FeedEntry } from '@arbor/contract';
import type { Trx } from '../../db/connection.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Publish } from '../../lib/events/events.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { reserveEvents } from '../../lib/throttle/throttle.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { authorizeFollow } from './authors.policy.ts';
import { presentAuthor } from './authors.presenter.ts';
import * as repo from './authors.repository.ts';
import { authorShareStats, hiddenScopeOf, listRevisionsOfAuthors, presentSharesById } from '../shares/index.ts';

async function presentAuthors(deps: Deps, viewer: AuthUser | null, rows: repo.AuthorRow[]): Promise<Author[]> {
  const ids = rows.map((r) => r.id);
  const [stats, followed] = await Promise.all([
    authorShareStats(deps.db, ids, hiddenScopeOf(viewer)),
    viewer ? repo.followedAmong(deps.db, viewer.id, ids) : Promise.resolve(new Set<number>()),
  ]);
  return rows.map((r) => presentAuthor(r, deps.config.publicBaseUrl, stats.get(r.id), followed.has(r.id)));
}

async function requireAuthor(deps: Deps, username: string): Promise<repo.AuthorRow> {
  const author = await repo.findAuthorByName(deps.db, username);
  if (!author) throw notFound('No such author.');
  return author;
}

/** An author's public page: profile fields, counts, and whether the caller follows them. */
export async function getAuthor(deps: Deps, viewer: AuthUser | null, username: string): Promise<Author> {
  const [author] = await presentAuthors(deps, viewer, [await requireAuthor(deps, username)]);
  return author!;
}

/** Follows and unfollows one user may make (each re-follow used to tell the author again). */
export const FOLLOWS_PER_USER_MINUTE = 30;
export const FOLLOWS_PER_USER_DAY = 300;

/**
 * Follows or unfollows an author (at most FOLLOWS_PER_USER_MINUTE and FOLLOWS_PER_USER_DAY times, else 429). The follow row and both users' counters change in one
 * transaction, and only when the row did, so the counts stay exact under concurrent calls;
 * `user.followed` is announced after the commit of a new follow.
 */
export async function follow(
  deps: Deps,
  user: AuthUser,
  username: string,
  following: boolean,
): Promise<{ following: boolean; followers_count: number }> {
  const author = await requireAuthor(deps, username);
  authorizeFollow(user, author);
  await reserveEvents(
    deps,
    [
      [`follows:${user.id}`, { limit: FOLLOWS_PER_USER_MINUTE, seconds: 60 }],
      [`follows:${user.id}`, { limit: FOLLOWS_PER_USER_DAY, seconds: 24 * 3600 }],
    ],
    'Too many follows: at most 30 changes a minute and 300 a day.',
  );
  const now = deps.clock.nowIso();
  await followIn(deps, async (trx, publish) => {
    const changed = following
      ? await repo.insertFollow(trx, user.id, author.id, now)
      : await repo.deleteFollow(trx, user.id, author.id);
    if (!changed) return;
    const delta = following ? 1 : -1;
    const changes: Array<[number, 'followers_count' | 'following_count']> = [
      [author.id, 'followers_count'],
      [user.id, 'following_count'],
    ];
    changes.sort((a, b) => a[0] - b[0]);
    for (const [id, column] of changes) await repo.addToCounter(trx, id, column, delta);
    if (following) await publish('user.followed', { followerId: user.id, followeeId: author.id });
  });
  return { following, followers_count: await repo.followersCount(deps.db, author.id) };
}

/** Runs a follow's transaction; an account deleted meanwhile is an unknown author (404). */
async function followIn(deps: Deps, work: (trx: Trx, publish: Publish) => Promise<void>): Promise<void> {
  try {
    await deps.events.transaction(deps.db, work);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound('No such author.');
    throw error;
  }
}

/** The authors the caller follows, most recently followed first. */
export async function listFollowing(
  deps: Deps,
  user: AuthUser,
  window: PageWindow,
): Promise<{ count: number; results: Author[] }> {
  const { count, ids } = await repo.listFollowing(deps.db, user.id, { offset: window.offset, limit: window.pageSize });
  const rows = new Map((await repo.findAuthorsById(deps.db, ids)).map((r) => [r.id, r]));
  const ordered = ids.flatMap((id) => rows.get(id) ?? []);
  return { count, results: await presentAuthors(deps, user, ordered) };
}

/**
 * New templates and re-shares by the authors the caller follows, newest first: each revision of
 * their templates, revision 1 being the first sharing; hidden ones only to their author and admins.
 */
export async function feed(
  deps: Deps,
  user: AuthUser,
  window: PageWindow,
): Promise<{ count: number; results: FeedEntry[] }> {
  const { count, rows } = await listRevisionsOfAuthors(
    deps.db,
    await repo.followeeIds(deps.db, user.id),
    hiddenScopeOf(user),
    { offset: window.offset, limit: window.pageSize },
  );
  const shares = await presentSharesById(
    deps,
    user,
    rows.map((r) => r.share_id),
  );
  const results = rows.flatMap((row): FeedEntry[] => {
    const share = shares.get(row.share_id);
    if (!share) return [];
    return [
      {
        kind: row.revision === 1 ? 'shared' : 'revised',
        share,
        revision: row.revision,
        message: row.message || null,
        created_at: row.created_at,
      },
    ];
  });
  return { count, results };
}

/** A deleted account's follows go, and the counts of those it followed or was followed by with them. */
export async function withdrawFollows(trx: Trx, userId: number): Promise<void> {
  const { following, followers } = await repo.followsOf(trx, userId);
  const changes: Array<[number, 'followers_count' | 'following_count']> = [
    ...following.map((id): [number, 'followers_count'] => [id, 'followers_count']),
    ...followers.map((id): [number, 'following_count'] => [id, 'following_count']),
  ].filter(([id]) => id !== userId);
  changes.sort((a, b) => a[0] - b[0]);
  await repo.deleteFollowsOf(trx, userId);
  for (const [id, column] of changes) await repo.addToCounter(trx, id, column, -1);
}
