import type { ModerationLogEntry, Report, ReportCreateBody, ReportResolveBody } from '@arbor/contract';
import { deactivateAccount } from '../accounts/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import { conflict, invalidField, notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { reserveEvents } from '../../lib/throttle/throttle.ts';
import { loadUserSummaries } from '../../lib/user-summaries.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { setCommentHiddenIn, takeOut } from '../discussion/index.ts';
import { deleteReviewIn, setReviewHiddenIn } from '../reviews/index.ts';
import { findShareRef, isVisible, noteSharesChanged, removeShareIn, setShareHiddenIn } from '../shares/index.ts';
import { authorizeReport } from './moderation.policy.ts';
import { presentLogEntry, presentReport } from './moderation.presenter.ts';
import * as repo from './moderation.repository.ts';
import { findSubjects, findTarget } from './report-targets.ts';

/** API.md: 20 reports a day per user. */
export const REPORTS_PER_USER_DAY = 20;
/** How many entries of the moderation log an admin is shown (newest first). */
export const LOG_ENTRIES_SHOWN = 200;

const NO_TARGET = 'There is nothing to report by that id.';

/** Reports as their reporter sees them, or as admins do (`forAdmin`: with what each is about). */
async function present(deps: Deps, rows: repo.ReportRow[], forAdmin = false): Promise<Report[]> {
  const subjects = forAdmin
    ? await findSubjects(
        deps.db,
        rows.map((r) => ({ kind: r.target_kind, id: r.target_id })),
      )
    : undefined;
  const users = await loadUserSummaries(deps.db, deps.config.publicBaseUrl, [
    ...rows.flatMap((r) => (r.reporter_id === null ? [] : [r.reporter_id])),
    ...[...(subjects?.values() ?? [])].flatMap((s) => (s.authorId === null ? [] : [s.authorId])),
  ]);
  return rows.map((row) => presentReport(row, users, subjects));
}

/**
 * Files the caller's report of a template, review, comment or user they can see (404 otherwise).
 * Nobody reports their own content or themselves (400); one open report per reporter and target
 * (409, kept by a partial unique index, so concurrent duplicates cannot both pass); 20 a day (429).
 * Admins hear of it (`report.filed`, after the commit).
 */
export async function createReport(deps: Deps, user: AuthUser, body: ReportCreateBody): Promise<Report> {
  const target = await findTarget(deps.db, body.target_kind, body.target_id);
  if (!target || !isVisible(user, { hidden: target.hidden, author_id: target.ownerId })) throw notFound(NO_TARGET);
  if (target.shareId !== null && body.target_kind !== 'share') {
    const share = await findShareRef(deps.db, String(target.shareId));
    if (!share || !isVisible(user, share)) throw notFound(NO_TARGET);
  }
  authorizeReport(user, target.ownerId);
  const release = await reserveEvents(
    deps,
    [[`reports:${user.id}`, { limit: REPORTS_PER_USER_DAY, seconds: 24 * 3600 }]],
    'Too many reports: at most 20 a day.',
  );
  try {
    const row = await deps.events.transaction(deps.db, async (trx, publish) => {
      const inserted = await repo.insertReport(trx, {
        reporter_id: user.id,
        target_kind: body.target_kind,
        target_id: body.target_id,
        reason: body.reason,
        details: body.details ?? '',
        created_at: deps.clock.nowIso(),
      });
      await publish('report.filed', {
        reportId: inserted.id,
        reporterId: user.id,
        targetKind: body.target_kind,
        targetId: body.target_id,
      });
      return inserted;
    });
    const [report] = await present(deps, [row]);
    return report!;
  } catch (error) {
    // Nothing was filed: the attempt does not count against the limit.
    await release();
    if (isUniqueViolation(error)) throw conflict('You already reported this, and your report is still open.');
    throw error;
  }
}

/** Reports for admins, newest first, optionally of one status. */
export async function listReports(
  deps: Deps,
  status: repo.ReportRow['status'] | undefined,
  window: PageWindow,
): Promise<{ count: number; results: Report[] }> {
  const { count, rows } = await repo.listReports(deps.db, status, { offset: window.offset, limit: window.pageSize });
  return { count, results: await present(deps, rows, true) };
}

/** The latest entries of the moderation log. */
export async function moderationLog(deps: Deps): Promise<ModerationLogEntry[]> {
  const rows = await repo.listLog(deps.db, LOG_ENTRIES_SHOWN);
  const admins = await loadUserSummaries(
    deps.db,
    deps.config.publicBaseUrl,
    rows.flatMap((r) => (r.admin_id === null ? [] : [r.admin_id])),
  );
  return rows.map((row) => presentLogEntry(row, admins));
}

function checkAction(kind: repo.TargetKind, action: ReportResolveBody['action']): void {
  if (action === 'dismiss') return;
  if (kind === 'user' && action !== 'suspend')
    throw invalidField('action', 'A reported user can only be suspended or the report dismissed.');
  if (kind !== 'user' && action === 'suspend') throw invalidField('action', 'Only a reported user can be suspended.');
}

/**
 * Resolves a report with an action on its target: `dismiss` (nothing), `hide`/`unhide` (a template,
 * review or comment), `delete` (as its author's delete would), `suspend` (a user: the account is
 * deactivated, its tokens stop working). A resolved report may be resolved again (to unhide what it
 * hid). The action, the report's new state and the log entry are written in one transaction;
 * `report.resolved` (and `share.deleted` for a deleted template) are announced after the commit.
 */
export async function resolveReport(deps: Deps, admin: AuthUser, id: number, body: ReportResolveBody): Promise<Report> {
  const report = await repo.findReport(deps.db, id);
  if (!report) throw notFound('No such report.');
  const kind = report.target_kind;
  const action = body.action;
  checkAction(kind, action);
  const target = await findTarget(deps.db, kind, report.target_id);
  if (!target && action !== 'dismiss') throw notFound('The reported item is gone.');
  if (action === 'suspend' && report.target_id === admin.id)
    throw invalidField('action', 'You cannot suspend your own account.');
  let coverKey: string | null = null;
  await deps.events.transaction(deps.db, async (trx, publish) => {
    const targetId = report.target_id;
    if (action === 'hide' || action === 'unhide') {
      const hidden = action === 'hide';
      if (kind === 'share') await setShareHiddenIn(trx, targetId, hidden);
      else if (kind === 'review') await setReviewHiddenIn(deps, trx, targetId, target!.shareId!, hidden);
      else await setCommentHiddenIn(deps, trx, targetId, hidden);
    } else if (action === 'delete') {
      if (kind === 'share') {
        coverKey = await removeShareIn(trx, publish, targetId);
      } else if (kind === 'review') await deleteReviewIn(deps, trx, targetId, target!.shareId!);
      else await takeOut(trx, deps.dialect, targetId);
    } else if (action === 'suspend') {
      if (await deactivateAccount({ db: trx, clock: deps.clock }, targetId)) {
        await publish('user.sessions_ended', { userId: targetId, reason: 'deactivated' });
      }
    }
    const now = deps.clock.nowIso();
    await repo.markResolved(trx, report.id, action, now);
    await repo.insertLog(trx, {
      admin_id: admin.id,
      action,
      target_kind: kind,
      target_id: targetId,
      report_id: report.id,
      note: body.note ?? '',
      created_at: now,
    });
    await publish('report.resolved', {
      reportId: report.id,
      reporterId: report.reporter_id,
      action,
      targetKind: kind,
      targetId,
    });
  });
  if (kind === 'share' && action !== 'dismiss') await noteSharesChanged(deps);
  if (coverKey) await deps.storage.delete(coverKey).catch(() => undefined);
  const [resolved] = await present(deps, [(await repo.findReport(deps.db, report.id))!], true);
  return resolved!;
}
