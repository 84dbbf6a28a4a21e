// Automatic reminders (API.md "Groups"): members not complete hear of an assignment the day before
// its due date and once when it is overdue, each in their own time zone. A daily job does it.
import type { Deps } from '../../deps.ts';
import { addDays, localDay, readCohortProgress } from '../learning/index.ts';
import { figuresOf } from './assignment-progress.ts';
import * as repo from './groups.repository.ts';

const HOUR_MS = 3600 * 1000;
/** Overdue assignments older than this are not looked at again (their reminders went long ago). */
const OVERDUE_LOOKBACK_DAYS = 31;

/**
 * Queues the day's reminders job: at most one waits across every process (its singleton key is the
 * UTC day), and a run finds the day already finished when another process ran it.
 */
export function queueDailyReminders(deps: Deps): Promise<string | null> {
  const day = deps.clock.nowIso().slice(0, 10);
  return deps.jobs.enqueue('groups.reminders', { day }, { singletonKey: day });
}

/**
 * Queues the day's reminders at start and then every hour (a process started late in the day, or a
 * day turning, is caught within the hour). Not in tests: they queue the job themselves. Answers
 * the function that stops the timer.
 */
export function startReminderTicker(deps: Deps): () => void {
  if (deps.config.env === 'test') return () => {};
  const tick = () => void queueDailyReminders(deps);
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, HOUR_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * One day's reminders. Each (assignment, member, kind, due date) is claimed by inserting its row
 * first, so two processes running this at once remind every member exactly once; the day is marked
 * finished at the end, and later runs that day return at once.
 */
export async function runReminders(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const today = now.toISOString().slice(0, 10);
  if (await repo.reminderDayFinished(deps.db, today)) return;
  // Time zones run from UTC−12 to UTC+14: a member's "tomorrow" may be the UTC day after next.
  const due = await repo.findAssignmentsDueBetween(deps.db, addDays(today, -OVERDUE_LOOKBACK_DAYS), addDays(today, 2));
  for (const assignment of due) {
    const learners = (await repo.listMembers(deps.db, assignment.group_id, ['member'])).map((m) => m.user_id);
    if (learners.length === 0) continue;
    // Read as the group's owner sees it (the subject is a template or the assigner's non-private tree).
    const cohort = await readCohortProgress(
      deps,
      { id: assignment.owner_id, role: 'user' },
      { kind: assignment.subject_kind, subjectId: assignment.subject_id },
      assignment.target,
      learners,
      false,
    );
    if (!cohort) continue;
    const dueDate = assignment.due_date!;
    const soon: number[] = [];
    const overdue: number[] = [];
    for (const [userId, member] of cohort.members) {
      if (figuresOf(cohort, member, dueDate, now).complete) continue;
      const local = localDay(now, member.timezone);
      if (local > dueDate) overdue.push(userId);
      else if (addDays(local, 1) === dueDate) soon.push(userId);
    }
    const group = { id: assignment.group_id, uuid: assignment.group_uuid, name: assignment.group_name };
    for (const [when, userIds] of [
      ['soon', soon],
      ['overdue', overdue],
    ] as const) {
      if (userIds.length === 0) continue;
      await deps.events.transaction(deps.db, async (trx, publish) => {
        const claimed = await repo.claimReminders(trx, assignment.id, userIds, when, dueDate, now.toISOString());
        if (claimed.length > 0) {
          await publish('group.assignment_due', { group, title: cohort.subject.title, when, recipientIds: claimed });
        }
      });
    }
  }
  await repo.finishReminderDay(deps.db, today, now.toISOString());
}
