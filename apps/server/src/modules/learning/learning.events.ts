import type { Deps } from '../../deps.ts';
import { runAutoCardsJob } from './auto-cards.service.ts';
import { copyCardsAndPlan } from './cards.repository.ts';
import { copySubjectRows, deleteRowsOfSubject, touchSubject } from './learning.repository.ts';

/**
 * Learning follows the life of what is learnt: a deleted tree or template takes every learner's rows
 * (progress, notes, cards with their logs, quizzes, plans) with it, and a fork of a template carries
 * the forker's progress, notes, cards (with their schedule) and plan over to the new tree.
 * (A deleted account's rows go by ON DELETE CASCADE with the user.) Also registers learning's jobs.
 */
export function subscribeLearning(deps: Deps): void {
  // The automatic cards a progress call leaves owed (`auto-cards.service.ts`).
  deps.jobs.handle('learning.auto_cards', (job) => runAutoCardsJob(deps, job));
  deps.events.within('tree.deleted', async (trx, { treeId }) => {
    await deleteRowsOfSubject(trx, 'tree', treeId);
  });
  deps.events.within('share.deleted', async (trx, { shareId }) => {
    await deleteRowsOfSubject(trx, 'share', shareId);
  });
  deps.events.within('share.used', async (trx, { shareId, treeId, userId }) => {
    const from = { userId, kind: 'share' as const, subjectId: shareId };
    const to = { userId, kind: 'tree' as const, subjectId: treeId };
    const now = deps.clock.nowIso();
    const learnt = await copySubjectRows(trx, from, to, now);
    const recalled = await copyCardsAndPlan(trx, from, to, now);
    if (learnt || recalled > 0) await touchSubject(trx, to, now);
  });
}
