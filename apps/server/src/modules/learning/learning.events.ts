import type { Deps } from '../../deps.ts';
import { copyCardsAndPlan } from './cards.repository.ts';
import { copySubjectRows, deleteRowsOfSubject, touchSubject } from './learning.repository.ts';
import { deleteFeedToken } from './plans.repository.ts';

/**
 * Learning follows the life of what is learnt: a deleted tree or template takes every learner's rows
 * (progress, notes, cards with their logs, quizzes, plans) with it, and a fork of a template carries
 * the forker's progress, notes, cards (with their schedule) and plan over to the new tree.
 * (A deleted account's rows go by ON DELETE CASCADE with the user.)
 */
export function subscribeLearning(deps: Deps): void {
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
    const now = deps.clock.nowIso();
    const learnt = await copySubjectRows(trx, from, to, now);
    const recalled = await copyCardsAndPlan(trx, from, to, now);
    if (learnt || recalled > 0) await touchSubject(trx, to, now);
  });
}
