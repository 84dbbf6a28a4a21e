import type { Deps } from '../../deps.ts';
import { runAutoCardsJob } from './auto-cards.service.ts';
import { runOptimization } from './optimizer.service.ts';
import { deleteRowsOfSubject, moveSubjectRows, touchSubject } from './learning.repository.ts';
import { deleteFeedToken } from './plans.repository.ts';

/**
 * Learning follows the life of what is learnt: a deleted tree or template takes every learner's rows
 * (progress, notes, cards with their logs, quizzes, plans) with it, and a fork of a template moves
 * the forker's progress, notes, cards (with their schedule and history) and plan onto the new tree:
 * the template is no longer one of their subjects (API.md "Learning": nothing lost, nothing doubled).
 * (A deleted account's rows go by ON DELETE CASCADE with the user.) Also registers learning's jobs.
 */
export function subscribeLearning(deps: Deps): void {
  // The automatic cards a progress call leaves owed (`auto-cards.service.ts`).
  deps.jobs.handle('learning.auto_cards', (job) => runAutoCardsJob(deps, job));
  // The learner's personal FSRS parameters (`optimizer.service.ts`).
  deps.jobs.handle('learning.optimize_fsrs', (job) => runOptimization(deps, job));
  deps.events.within('tree.deleted', async (trx, { treeId }) => {
    await deleteRowsOfSubject(trx, 'tree', treeId);
  });
  deps.events.within('share.deleted', async (trx, { shareId }) => {
    await deleteRowsOfSubject(trx, 'share', shareId);
  });
  // A password reset or a deactivation ends what the account gave out: its calendar feed address
  // answers 404 from now on (a new one is made when the learner asks for it again). A logout does not.
  deps.events.within('user.sessions_ended', async (trx, { userId, reason }) => {
    if (reason !== 'logout') await deleteFeedToken(trx, userId);
  });
  deps.events.within('share.used', async (trx, { shareId, treeId, userId }) => {
    const from = { userId, kind: 'share' as const, subjectId: shareId };
    const to = { userId, kind: 'tree' as const, subjectId: treeId };
    if (await moveSubjectRows(trx, from, to)) await touchSubject(trx, to, deps.clock.nowIso());
  });
}
