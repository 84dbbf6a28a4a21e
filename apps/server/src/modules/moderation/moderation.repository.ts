import { MAX_ID } from '@arbor/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/connection.ts';
import type { ModerationLogTable, ModerationReportsTable } from '../../db/tables/moderation.ts';

export type ReportRow = Selectable<ModerationReportsTable>;
export type LogRow = Selectable<ModerationLogTable>;
export type TargetKind = ReportRow['target_kind'];

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
      const row = await db.selectFrom('shares').select(['author_id', 'hidden']).where('id', '=', id).executeTakeFirst();
      return row && { ownerId: row.author_id, hidden: row.hidden, shareId: id, parentId: null };
    }
    case 'review': {
      const row = await db
        .selectFrom('share_ratings')
        .select(['user_id', 'hidden', 'share_id'])
        .where('id', '=', id)
        .where('body', 'is not', null)
        .executeTakeFirst();
      return row && { ownerId: row.user_id, hidden: row.hidden, shareId: row.share_id, parentId: null };
    }
    case 'comment': {
      const row = await db
        .selectFrom('share_comments')
        .select(['author_id', 'hidden', 'share_id', 'parent_id', 'deleted'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || row.deleted === 1) return undefined;
      return { ownerId: row.author_id, hidden: row.hidden, shareId: row.share_id, parentId: row.parent_id };
    }
    case 'user': {
      const row = await db.selectFrom('users').select(['id', 'is_active']).where('id', '=', id).executeTakeFirst();
      return row && { ownerId: row.id, hidden: row.is_active ? 0 : 1, shareId: null, parentId: null };
    }
  }
}

/** A share's author and flag, for the visibility of the reviews and comments on it. */
export async function findShareState(db: Executor, id: number) {
  return db.selectFrom('shares').select(['author_id', 'hidden']).where('id', '=', id).executeTakeFirst();
}

export async function insertReport(
  db: Executor,
  values: Pick<ReportRow, 'reporter_id' | 'target_kind' | 'target_id' | 'reason' | 'details' | 'created_at'>,
): Promise<ReportRow> {
  return db
    .insertInto('moderation_reports')
    .values({ ...values, status: 'open', action: null, resolved_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findReport(db: Executor, id: number): Promise<ReportRow | undefined> {
  if (id > MAX_ID) return undefined;
  return db.selectFrom('moderation_reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One page of reports (of one status when given), newest first, and how many there are. */
export async function listReports(
  db: Executor,
  status: ReportRow['status'] | undefined,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: ReportRow[] }> {
  const base = db.selectFrom('moderation_reports').$if(status !== undefined, (q) => q.where('status', '=', status!));
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { count: Number(counted.count), rows };
}

export async function markResolved(db: Executor, id: number, action: string, now: string): Promise<void> {
  await db
    .updateTable('moderation_reports')
    .set({ status: 'resolved', action, resolved_at: now })
    .where('id', '=', id)
    .execute();
}

export async function insertLog(
  db: Executor,
  values: Pick<LogRow, 'admin_id' | 'action' | 'target_kind' | 'target_id' | 'report_id' | 'note' | 'created_at'>,
): Promise<void> {
  await db.insertInto('moderation_log').values(values).execute();
}

/** The latest `limit` entries of the moderation log, newest first. */
export async function listLog(db: Executor, limit: number): Promise<LogRow[]> {
  return db.selectFrom('moderation_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
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
    ids('review').length
      ? db
          .selectFrom('share_ratings')
          .select(['id', 'share_id', 'user_id', 'score', 'body', 'hidden'])
          .where('id', 'in', ids('review'))
          .where('body', 'is not', null)
          .execute()
      : [],
    ids('comment').length
      ? db
          .selectFrom('share_comments')
          .select(['id', 'share_id', 'author_id', 'body', 'hidden'])
          .where('id', 'in', ids('comment'))
          .where('deleted', '=', 0)
          .execute()
      : [],
    ids('user').length
      ? db.selectFrom('users').select(['id', 'username', 'is_active']).where('id', 'in', ids('user')).execute()
      : [],
  ]);
  const shareIds = [
    ...new Set([...ids('share'), ...reviews.map((r) => r.share_id), ...comments.map((c) => c.share_id)]),
  ];
  const shares = shareIds.length
    ? await db
        .selectFrom('shares')
        .select(['id', 'uuid', 'title', 'description', 'author_id', 'hidden'])
        .where('id', 'in', shareIds)
        .execute()
    : [];
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
