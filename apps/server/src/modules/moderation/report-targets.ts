// What a report is about, read through the owners' surfaces: templates (shares), reviews (rating
// rows, also shares'), comments (discussion) and users (accounts). Moderation reads no other
// module's table itself.
import { MAX_ID } from '@arbor/contract';
import type { Executor } from '../../db/connection.ts';
import { findUserStates } from '../accounts/index.ts';
import { findCommentsByIds } from '../discussion/index.ts';
import { findReview, findReviewsByIds, findShareRef, findShareSummaries } from '../shares/index.ts';
import type { TargetKind } from './moderation.repository.ts';

/** A reported item: who owns it, whether a moderator hid it (0/1), and for reviews and comments their share. */
export interface TargetRow {
  ownerId: number | null;
  hidden: number;
  shareId: number | null;
  parentId: number | null;
}

/** The target of a report as it is now, or undefined when it is gone (a review is a rating row with a text). */
export async function findTarget(db: Executor, kind: TargetKind, id: number): Promise<TargetRow | undefined> {
  if (id > MAX_ID) return undefined;
  switch (kind) {
    case 'share': {
      const row = await findShareRef(db, String(id));
      return row && { ownerId: row.author_id, hidden: row.hidden, shareId: row.id, parentId: null };
    }
    case 'review': {
      const row = await findReview(db, id, 'all');
      return row && { ownerId: row.user_id, hidden: row.hidden, shareId: row.share_id, parentId: null };
    }
    case 'comment': {
      const [row] = await findCommentsByIds(db, [id]);
      return row && { ownerId: row.author_id, hidden: row.hidden, shareId: row.share_id, parentId: row.parent_id };
    }
    case 'user': {
      const [row] = await findUserStates(db, [id]);
      return row && { ownerId: row.id, hidden: row.is_active ? 0 : 1, shareId: null, parentId: null };
    }
  }
}

/** A reported item as the moderation queue shows it (the author as an id). */
export interface SubjectRow {
  title: string;
  text: string;
  rating: number | null;
  authorId: number | null;
  share: { id: number; uuid: string; title: string } | null;
  hidden: boolean;
}

/** The reported items that still exist, keyed `kind:id`: four queries for any number of reports. */
export async function findSubjects(
  db: Executor,
  targets: Array<{ kind: TargetKind; id: number }>,
): Promise<Map<string, SubjectRow>> {
  const ids = (kind: TargetKind) => [...new Set(targets.filter((t) => t.kind === kind).map((t) => t.id))];
  const [reviews, comments, users] = await Promise.all([
    findReviewsByIds(db, ids('review')),
    findCommentsByIds(db, ids('comment')),
    findUserStates(db, ids('user')),
  ]);
  const shareIds = [
    ...new Set([...ids('share'), ...reviews.map((r) => r.share_id), ...comments.map((c) => c.share_id)]),
  ];
  const shares = await findShareSummaries(db, shareIds);
  const shareById = new Map(shares.map((s) => [s.id, s]));
  const shareOf = (id: number) => {
    const share = shareById.get(id);
    return share ? { id: share.id, uuid: share.uuid, title: share.title } : null;
  };
  const subjects = new Map<string, SubjectRow>();
  for (const s of shares) {
    subjects.set(`share:${s.id}`, {
      title: s.title,
      text: s.description,
      rating: null,
      authorId: s.author_id,
      share: shareOf(s.id),
      hidden: s.hidden === 1,
    });
  }
  for (const r of reviews) {
    const share = shareOf(r.share_id);
    subjects.set(`review:${r.id}`, {
      title: share?.title ?? '',
      text: r.body ?? '',
      rating: r.score,
      authorId: r.user_id,
      share,
      hidden: r.hidden === 1,
    });
  }
  for (const c of comments) {
    const share = shareOf(c.share_id);
    subjects.set(`comment:${c.id}`, {
      title: share?.title ?? '',
      text: c.body,
      rating: null,
      authorId: c.author_id,
      share,
      hidden: c.hidden === 1,
    });
  }
  for (const u of users) {
    subjects.set(`user:${u.id}`, {
      title: u.username,
      text: '',
      rating: null,
      authorId: u.id,
      share: null,
      hidden: !u.is_active,
    });
  }
  return subjects;
}
