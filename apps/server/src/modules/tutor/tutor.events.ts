import type { Deps } from '../../deps.ts';
import { deleteConversationsOfSubject, deleteOwnConversationsOfSubject } from './tutor.repository.ts';

/**
 * Conversations follow their subject: a deleted tree or template takes every learner's conversations
 * on it with it, a subject a learner forgets takes theirs (a deleted account's go by ON DELETE
 * CASCADE with the user).
 */
export function subscribeTutor(deps: Deps): void {
  deps.events.within('tree.deleted', async (trx, { treeId }) => {
    await deleteConversationsOfSubject(trx, 'tree', treeId);
  });
  deps.events.within('share.deleted', async (trx, { shareId }) => {
    await deleteConversationsOfSubject(trx, 'share', shareId);
  });
  deps.events.within('learning.subject_forgotten', async (trx, subject) => {
    await deleteOwnConversationsOfSubject(trx, subject);
  });
}
