import type { Activity, LearningSubjectSummary } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { countDueInSubject } from './cards.repository.ts';
import { addDays, localDay } from './local-days.ts';
import {
  deleteSubjectRows,
  findActivityDays,
  findAllActiveDays,
  findProgress,
  findTimezone,
  listSubjects,
} from './learning.repository.ts';
import { presentProgress } from './progress.service.ts';
import { subjectRetention } from './memory.service.ts';
import { schedulerFor } from './scheduler.ts';
import { subjectKeyOf } from './subject-assignments.ts';
import { readSettings } from './settings.service.ts';
import { readableSubjects, resolveSubject, resolveSubjectById, type SubjectRefInput } from './subjects.ts';
import { admittedNewBySubject, todayCounts } from './today-counts.ts';

/**
 * A page of what the caller learns, newest activity first, each with its progress summary. A subject
 * that is gone or no longer readable (a hidden template, a tree made private) is left out of the
 * page and of the count (its rows stay until it is deleted).
 */
export async function listLearnedSubjects(
  deps: Deps,
  viewer: AuthUser,
  window: PageWindow,
): Promise<{ count: number; results: LearningSubjectSummary[] }> {
  const readable = await readableSubjects(deps, viewer, await listSubjects(deps.db, viewer.id));
  const count = readable.length;
  const rows = readable.slice(window.offset, window.offset + window.pageSize);
  const results: LearningSubjectSummary[] = [];
  const now = deps.clock.now();
  // Each subject's share of what is left to review today (today-counts.ts): its due cards and the
  // new ones today's limit admits.
  const settings = await readSettings(deps.db, viewer.id);
  const today = await todayCounts(deps.db, viewer.id, settings, now);
  const scheduler = schedulerFor(settings);
  const admittedNew = await admittedNewBySubject(deps.db, viewer.id, today.newLeft);
  const assignments =
    (await deps.runtime.subjectAssignments.read?.(
      viewer.id,
      rows.map((row) => ({ kind: row.subject_kind, subjectId: row.subject_id })),
    )) ?? new Map();
  for (const row of rows) {
    const resolved = await resolveSubjectById(deps, viewer, row.subject_kind, row.subject_id);
    if (!resolved) continue;
    const progress = presentProgress(resolved, await findProgress(deps.db, resolved.key));
    results.push({
      ...resolved.subject,
      summary: progress.summary,
      due_cards:
        (await countDueInSubject(deps.db, resolved.key, now.toISOString())) +
        (admittedNew.get(`${row.subject_kind}:${row.subject_id}`) ?? 0),
      retention: await subjectRetention(deps, scheduler, resolved, now),
      last_activity_at: row.last_activity_at,
      assignments: assignments.get(subjectKeyOf({ kind: row.subject_kind, subjectId: row.subject_id })) ?? [],
    });
  }
  return { count, results };
}

/**
 * Forgets the caller's progress, notes, cards (with their logs), quizzes and plan on a subject, and in
 * the same transaction whatever other modules keep of theirs on it (`learning.subject_forgotten`: the
 * tutor's conversations).
 */
export async function forgetSubject(deps: Deps, viewer: AuthUser, ref: SubjectRefInput): Promise<void> {
  const { key } = await resolveSubject(deps, viewer, ref);
  await deps.events.transaction(deps.db, async (trx, publish) => {
    await deleteSubjectRows(trx, key);
    await publish('learning.subject_forgotten', { userId: key.userId, kind: key.kind, subjectId: key.subjectId });
  });
}

/** Lengths of the current (ending today, or yesterday when today is still empty) and longest runs. */
export function streaksOf(activeDays: readonly string[], today: string): Activity['streak'] {
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of activeDays) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const active = new Set(activeDays);
  let cursor = active.has(today) ? today : addDays(today, -1);
  let current = 0;
  while (active.has(cursor)) {
    current += 1;
    cursor = addDays(cursor, -1);
  }
  return { current, longest };
}

/** One entry per day for the last `days` days in the learner's time zone, with streaks. */
export async function getActivity(deps: Deps, viewer: AuthUser, days: number): Promise<Activity> {
  const timezone = await findTimezone(deps.db, viewer.id);
  const today = localDay(deps.clock.now(), timezone);
  const first = addDays(today, -(days - 1));
  const [rows, activeDays] = await Promise.all([
    findActivityDays(deps.db, viewer.id, first),
    findAllActiveDays(deps.db, viewer.id),
  ]);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const entries: Activity['days'] = [];
  for (let day = first; day <= today; day = addDays(day, 1)) {
    const row = byDay.get(day);
    entries.push({ date: day, progress: row?.progress ?? 0, reviews: row?.reviews ?? 0 });
  }
  return { timezone, days: entries, streak: streaksOf(activeDays, today) };
}
