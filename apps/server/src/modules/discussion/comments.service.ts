import type { Comment, CommentCreateBody, CommentListQuery, CommentNodeCounts } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import type { Dialect, Trx } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { reserveEvents } from '../../lib/throttle/throttle.ts';
import { loadUserSummaries } from '../../lib/user-summaries.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { authorizeCommentDelete, authorizeCommentEdit } from './comments.policy.ts';
import { presentComment } from './comments.presenter.ts';
import * as repo from './comments.repository.ts';
import { findShareRef, findSnapshot, hiddenScopeOf, requireVisibleShare, type ShareRef } from '../shares/index.ts';

/** API.md: 10 comments a minute per user. */
export const COMMENTS_PER_MINUTE = 10;

async function requireComment(deps: Deps, id: number): Promise<repo.CommentRow> {
  const comment = await repo.findComment(deps.db, id);
  // A deleted comment kept for its replies belongs to nobody: there is nothing left to edit or delete.
  if (!comment || comment.deleted === 1) throw notFound('No such comment.');
  return comment;
}

/** Comments on `share` as `viewer` sees them. */
async function present(
  deps: Deps,
  viewer: AuthUser | null,
  share: ShareRef,
  rows: repo.CommentRow[],
): Promise<Comment[]> {
  const authors = await loadUserSummaries(
    deps.db,
    deps.config.publicBaseUrl,
    rows.flatMap((r) => (r.author_id === null ? [] : [r.author_id])),
  );
  return rows.map((r) => presentComment(r, { authors, viewer, share }));
}

/** A template's threads (newest first, optionally on one node), or with `parent` that thread's replies (oldest first). */
export async function listComments(
  deps: Deps,
  viewer: AuthUser | null,
  shareRef: string,
  query: Pick<CommentListQuery, 'node_id' | 'parent'>,
  window: PageWindow,
): Promise<{ count: number; results: Comment[] }> {
  const share = await requireVisibleShare(deps.db, viewer, shareRef);
  const page = { offset: window.offset, limit: window.pageSize };
  const scope = hiddenScopeOf(viewer);
  let listed: { count: number; rows: repo.CommentRow[] };
  if (query.parent !== undefined) {
    const head = await repo.findComment(deps.db, query.parent, scope);
    if (!head || head.share_id !== share.id || head.parent_id !== null) throw notFound('No such comment.');
    listed = await repo.listReplies(deps.db, head.id, page, scope);
  } else {
    listed = await repo.listThreads(deps.db, share.id, query.node_id, page, scope);
  }
  return { count: listed.count, results: await present(deps, viewer, share, listed.rows) };
}

/** How many comments each node of a template has (nodes without any are absent). */
export async function commentCountsByNode(
  deps: Deps,
  viewer: AuthUser | null,
  shareRef: string,
): Promise<CommentNodeCounts> {
  const share = await requireVisibleShare(deps.db, viewer, shareRef);
  const rows = await repo.countByNode(deps.db, share.id);
  return Object.fromEntries(rows.map((r) => [r.node_id, r.count]));
}

async function requireNode(deps: Deps, shareId: number, nodeId: string): Promise<void> {
  const data = await findSnapshot(deps.db, shareId);
  const nodes = data ? ((JSON.parse(data) as TreeDocument).nodes ?? []) : [];
  if (!nodes.some((node) => node.id === nodeId)) throw invalidField('node_id', 'This template has no such node.');
}

const NOT_A_THREAD = 'The parent must be a comment on this template.';

/**
 * The thread a new comment joins: none for a top-level comment, else the top-level comment of
 * `parent`'s thread (a reply to a reply joins the same thread). Checks the node it is about.
 */
async function threadOf(
  deps: Deps,
  share: ShareRef,
  body: CommentCreateBody,
): Promise<{ head: repo.CommentRow | null; nodeId: string | null }> {
  if (body.parent === undefined) {
    if (body.node_id !== undefined) await requireNode(deps, share.id, body.node_id);
    return { head: null, nodeId: body.node_id ?? null };
  }
  const parent = await repo.findComment(deps.db, body.parent);
  if (!parent || parent.share_id !== share.id) throw invalidField('parent', NOT_A_THREAD);
  const head = parent.parent_id === null ? parent : await repo.findComment(deps.db, parent.parent_id);
  if (!head) throw invalidField('parent', NOT_A_THREAD);
  if (body.node_id !== undefined && body.node_id !== head.node_id)
    throw invalidField('node_id', 'A reply is about the node of its thread.');
  return { head, nodeId: head.node_id };
}

/** Posts a comment or a reply (`comment.posted` once committed); 10 a minute per user. */
export async function postComment(
  deps: Deps,
  user: AuthUser,
  shareRef: string,
  body: CommentCreateBody,
): Promise<Comment> {
  const share = await requireVisibleShare(deps.db, user, shareRef);
  const { head, nodeId } = await threadOf(deps, share, body);
  // Counted only once the request is otherwise valid, and given back when the write fails.
  const release = await reserveEvents(deps, [[`comments:${user.id}`, { limit: COMMENTS_PER_MINUTE, seconds: 60 }]]);
  let id: number;
  try {
    id = await deps.events.transaction(deps.db, async (trx, publish) => {
      // The thread is locked first, so its count stays exact and it cannot vanish under the reply.
      if (head && !(await repo.lockComment(trx, deps.dialect, head.id))) throw invalidField('parent', NOT_A_THREAD);
      const commentId = await repo.insertComment(trx, {
        share_id: share.id,
        node_id: nodeId,
        parent_id: head?.id ?? null,
        author_id: user.id,
        body: body.body,
        created_at: deps.clock.nowIso(),
      });
      if (head) await repo.addToRepliesCount(trx, head.id, 1);
      await publish('comment.posted', {
        commentId,
        shareId: share.id,
        shareAuthorId: share.author_id,
        authorId: user.id,
        nodeId,
        parentId: head?.id ?? null,
        parentAuthorId: head?.author_id ?? null,
      });
      return commentId;
    });
  } catch (error) {
    await release();
    throw error;
  }
  const [comment] = await present(deps, user, share, [(await repo.findComment(deps.db, id))!]);
  return comment!;
}

/** Edits the caller's own comment; `edited_at` says when. */
export async function editComment(deps: Deps, user: AuthUser, id: number, body: string): Promise<Comment> {
  const comment = await requireComment(deps, id);
  authorizeCommentEdit(user, comment);
  const share = await findShareRef(deps.db, String(comment.share_id));
  if (!share) throw notFound('No such comment.');
  await repo.updateBody(deps.db, comment.id, body, deps.clock.nowIso());
  const [edited] = await present(deps, user, share, [await requireComment(deps, id)]);
  return edited!;
}

/**
 * Takes a comment out inside `trx`. A top-level comment with replies stays, deleted (empty, without
 * author), for its thread; anything else is removed. A reply is locked, then its thread, which loses
 * its count (no writer locks a thread's replies after the thread, so this order cannot deadlock); a
 * deleted thread left without replies goes too.
 */
export async function takeOut(trx: Trx, dialect: Dialect, id: number): Promise<void> {
  const seen = await repo.lockComment(trx, dialect, id);
  if (!seen) return;
  if (seen.parent_id === null) {
    if (seen.replies_count > 0) await repo.markDeleted(trx, seen.id);
    else await repo.removeComment(trx, seen.id);
    return;
  }
  const head = await repo.lockComment(trx, dialect, seen.parent_id);
  await repo.removeComment(trx, seen.id);
  if (!head) return;
  // A hidden reply was already taken out of its thread's count when it was hidden.
  const left = seen.hidden === 1 ? head.replies_count : await repo.addToRepliesCount(trx, head.id, -1);
  if (left <= 0 && head.deleted === 1) await repo.removeComment(trx, head.id);
}

/** Deletes a comment: its author, the template's author or an admin. */
export async function deleteComment(deps: Deps, user: AuthUser, id: number): Promise<void> {
  const comment = await requireComment(deps, id);
  const share = await findShareRef(deps.db, String(comment.share_id));
  if (!share) throw notFound('No such comment.');
  authorizeCommentDelete(user, comment, share);
  await deps.db.transaction().execute((trx) => takeOut(trx, deps.dialect, comment.id));
}

/**
 * A deleted account's comments, inside the deleting transaction: its replies are removed and its
 * threads kept readable (a top-level comment with replies stays as deleted, without author).
 */
export async function withdrawComments(deps: Deps, trx: Trx, userId: number): Promise<void> {
  for (const comment of await repo.commentsOfAuthor(trx, userId)) await takeOut(trx, deps.dialect, comment.id);
}

/** Hides (or shows again) a comment; a reply leaves its thread's count, and comes back. */
export async function setCommentHiddenIn(deps: Deps, trx: Trx, id: number, hidden: boolean): Promise<void> {
  const locked = await repo.lockComment(trx, deps.dialect, id);
  if (!locked || locked.deleted === 1) throw notFound('The reported item is gone.');
  if (locked.hidden === (hidden ? 1 : 0)) return;
  if (locked.parent_id !== null && (await repo.lockComment(trx, deps.dialect, locked.parent_id)))
    await repo.addToRepliesCount(trx, locked.parent_id, hidden ? -1 : 1);
  await repo.setHidden(trx, id, hidden);
}
