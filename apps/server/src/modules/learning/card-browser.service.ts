import type { CardsBulkBody, CardsBulkResult } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { deleteCardImageFiles, dropUnusedCardImagesIn } from './card-images.service.ts';
import { deleteCards, findOwnCards, updateCards, type CardRow } from './cards.repository.ts';
import { newSchedule } from './cards.service.ts';
import { resolveSubjectById } from './subjects.ts';

/**
 * `POST /api/learn/cards/bulk/` (the card browser): one action on many of the caller's cards, all or
 * nothing: a card that is not the caller's answers 404 and nothing changes.
 */
export async function bulkCards(deps: Deps, viewer: AuthUser, body: CardsBulkBody): Promise<CardsBulkResult> {
  const rows = await findOwnCards(deps.db, viewer.id, body.ids);
  if (rows.length !== body.ids.length) throw notFound();
  const now = deps.clock.now();
  const updated_at = now.toISOString();
  const ids = body.ids;
  switch (body.action) {
    case 'suspend':
    case 'unsuspend':
      await updateCards(deps.db, ids, { suspended: body.action === 'suspend' ? 1 : 0, updated_at });
      break;
    case 'reset':
      // Back to new: the schedule is forgotten, the review history stays (Anki's "Forget").
      await updateCards(deps.db, ids, { ...newSchedule(now), updated_at });
      break;
    case 'move':
      await requireNodeInSubjects(deps, viewer, rows, body.node_id!);
      await updateCards(deps.db, ids, { node_id: body.node_id!, updated_at });
      break;
    case 'delete': {
      const images = [...new Set(rows.flatMap((row) => (row.image_id === null ? [] : [row.image_id])))];
      const files = await deps.db.transaction().execute(async (trx) => {
        await deleteCards(trx, ids);
        return dropUnusedCardImagesIn(trx, images);
      });
      await deleteCardImageFiles(deps, files);
      break;
    }
  }
  return { count: ids.length };
}

/** A move's node must be in the document of every moved card's subject (which the caller can still read). */
async function requireNodeInSubjects(deps: Deps, viewer: AuthUser, rows: readonly CardRow[], nodeId: string) {
  const subjects = new Map(rows.map((row) => [`${row.subject_kind}:${row.subject_id}`, row]));
  for (const row of subjects.values()) {
    const resolved = await resolveSubjectById(deps, viewer, row.subject_kind, row.subject_id);
    if (!resolved?.graph.indexOf.has(nodeId)) throw invalidField('node_id', 'This node is not in the tree.');
  }
}
