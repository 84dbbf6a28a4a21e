import type { SubjectKind } from '@arbor/contract';
import type { Trx } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { findCardImageKeysOf } from './card-images.repository.ts';
import { deleteCardImageFiles, dropUnusedCardImagesIn } from './card-images.service.ts';
import { findImageIdsOfSubject } from './cards.repository.ts';
import { runAutoCardsJob } from './auto-cards.service.ts';
import { runOptimization } from './optimizer.service.ts';
import { deleteRowsOfSubject, moveSubjectRows, touchSubject } from './learning.repository.ts';
import { deleteFeedToken } from './plans.repository.ts';

/** The events the learning module publishes. */
declare module '../../lib/events/events.ts' {
  interface DomainEventMap {
    /**
     * a learner forgot one of their subjects (`DELETE /api/learn/subjects/`): their rows on it are
     * deleted in the emitting transaction, and other modules' rows of that learner on it go with them
     */
    'learning.subject_forgotten': { userId: number; kind: SubjectKind; subjectId: number };
  }
}

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
  // A subject's cards go with it, and so do the card images only those cards used (files after the commit).
  const deleteSubject = async (trx: Trx, kind: SubjectKind, subjectId: number) => {
    const imageIds = await findImageIdsOfSubject(trx, kind, subjectId);
    await deleteRowsOfSubject(trx, kind, subjectId);
    const files = await dropUnusedCardImagesIn(trx, imageIds);
    return files.length ? () => deleteCardImageFiles(deps, files) : undefined;
  };
  deps.events.within('tree.deleted', (trx, { treeId }) => deleteSubject(trx, 'tree', treeId));
  deps.events.within('share.deleted', (trx, { shareId }) => deleteSubject(trx, 'share', shareId));
  // An account's card images go by ON DELETE CASCADE with it; their files once that committed.
  deps.events.within('user.deleted', async (trx, { userId }) => {
    const files = await findCardImageKeysOf(trx, userId);
    return files.length ? () => deleteCardImageFiles(deps, files) : undefined;
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
