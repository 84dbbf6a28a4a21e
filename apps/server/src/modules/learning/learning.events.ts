import type { Deps } from '../../deps.ts';
import { copySubjectRows, deleteRowsOfSubject } from './learning.repository.ts';

/**
 * Learning follows the life of what is learnt: a deleted tree or template takes every learner's rows
 * with it, and a fork of a template carries the forker's progress and notes over to the new tree.
 * (A deleted account's rows go by ON DELETE CASCADE with the user.)
 */
export function subscribeLearning(deps: Deps): void {
  deps.events.within('tree.deleted', async (trx, { treeId }) => {
    await deleteRowsOfSubject(trx, 'tree', treeId);
  });
  deps.events.within('share.deleted', async (trx, { shareId }) => {
    await deleteRowsOfSubject(trx, 'share', shareId);
  });
  deps.events.within('share.used', async (trx, { shareId, treeId, userId }) => {
    await copySubjectRows(
      trx,
      { userId, kind: 'share', subjectId: shareId },
      { userId, kind: 'tree', subjectId: treeId },
      deps.clock.nowIso(),
    );
  });
}
