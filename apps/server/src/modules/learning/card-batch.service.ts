import { randomUUID } from 'node:crypto';
import { CARD_FRONT_MAX, type Card, type CardBatchBody, type CardPatchBody } from '@arbor/contract';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { invalidField } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findOwnCardImages } from './card-images.repository.ts';
import { deleteCardImageFiles, dropUnusedCardImagesIn } from './card-images.service.ts';
import { clozeContent, expandCardInput, requireClozeNumbers, type CardInput } from './card-kinds.ts';
import {
  deleteCards,
  findOwnCard,
  findOwnGroup,
  insertCardsReturning,
  updateCardText,
  type CardRow,
  type Schedule,
} from './cards.repository.ts';
import { cardRow, presentCards, requireOwnCard } from './cards.service.ts';
import { touchSubject, type SubjectKey } from './learning.repository.ts';
import { resolveSubject } from './subjects.ts';

/** Where new cards go: a learner's subject and one node of it (the caller checked the node). */
export interface CardTarget {
  key: SubjectKey;
  nodeId: string;
}

/**
 * Makes every card of one input in the caller's transaction `trx` and answers them in order
 * (reversed: front→back, back→front; cloze: by number; occlusion: by mask). New cards are `new`
 * and due `now` unless `schedules` gives each its own (the Anki importer's replayed history).
 * A cloze text without a marker is refused (`400` naming `text`), and so is an occlusion image that
 * is not the learner's (`400` naming `image`). Exported through learning's index for the importer.
 */
export async function createCardsIn(
  trx: Executor,
  target: CardTarget,
  input: CardInput,
  now: Date,
  schedules?: readonly Schedule[],
): Promise<CardRow[]> {
  const contents = expandCardInput(input);
  if (input.kind === 'occlusion') {
    const [image] = await findOwnCardImages(trx, target.key.userId, [input.image]);
    if (!image) throw invalidField('image', 'No such card image.');
  }
  const group = contents.length > 1 || input.kind !== 'basic' ? randomUUID() : null;
  const rows = contents.map((content, index) => ({
    ...cardRow(target, target.nodeId, content.front, content.back, now),
    ...content,
    ...(schedules?.[index] ?? {}),
    sibling_group: group,
  }));
  return insertCardsReturning(trx, rows);
}

/** `POST /api/learn/cards/batch/`: every card of one input, on a node of a subject the caller may read. */
export async function createCardBatch(deps: Deps, viewer: AuthUser, body: CardBatchBody): Promise<Card[]> {
  const resolved = await resolveSubject(deps, viewer, body);
  if (!resolved.graph.indexOf.has(body.node_id)) throw invalidField('node_id', 'This node is not in the tree.');
  const { tree: _tree, share: _share, node_id: nodeId, ...input } = body;
  const now = deps.clock.now();
  const rows = await deps.db.transaction().execute(async (trx) => {
    const created = await createCardsIn(trx, { key: resolved.key, nodeId }, input as CardInput, now);
    await touchSubject(trx, resolved.key, now.toISOString());
    return created;
  });
  return presentCards(deps, viewer, rows, resolved);
}

type TextChanges = { front?: string; back?: string };

/**
 * The text each card of a group takes from a patch of one of them: a reversed card's front is its
 * sibling's back (and the other way round); cloze and occlusion cards share their text and extra.
 */
function siblingChanges(patched: CardRow, sibling: CardRow, patch: CardPatchBody): TextChanges {
  if (sibling.id === patched.id || patched.kind !== 'reversed')
    return {
      ...(patch.front !== undefined && { front: patch.front }),
      ...(patch.back !== undefined && { back: patch.back }),
    };
  return {
    ...(patch.front !== undefined && { back: patch.front }),
    ...(patch.back !== undefined && { front: patch.back }),
  };
}

/**
 * A cloze group after its text changed: cards of numbers no longer marked go, numbers newly marked
 * get a new card each. The patched card's own number must stay (it is the card being edited).
 */
async function resizeClozeGroup(
  trx: Executor,
  patched: CardRow,
  group: CardRow[],
  text: string,
  back: string,
  now: Date,
): Promise<number[]> {
  const numbers = requireClozeNumbers(text, 'front');
  if (!numbers.includes(patched.cloze!))
    throw invalidField('front', `Keep this card's cloze number ${patched.cloze} in the text.`);
  const have = new Set(group.map((card) => card.cloze));
  const gone = group.filter((card) => !numbers.includes(card.cloze!)).map((card) => card.id);
  await deleteCards(trx, gone);
  const added = numbers.filter((n) => !have.has(n));
  if (added.length) {
    const target = { key: { userId: patched.user_id, kind: patched.subject_kind, subjectId: patched.subject_id } };
    await insertCardsReturning(
      trx,
      added.map((n) => ({
        ...cardRow(target, patched.node_id, text, back, now),
        ...clozeContent(text, back, n),
        sibling_group: patched.sibling_group,
      })),
    );
  }
  return gone;
}

/**
 * `PATCH /api/learn/cards/{id}/`: changes the text of one of the caller's cards and keeps its siblings
 * in step (API.md: a cloze front rewrites every sibling and adds or removes siblings for numbers added
 * or removed). Schedules stay.
 */
export async function patchOwnCard(deps: Deps, viewer: AuthUser, id: number, patch: CardPatchBody): Promise<Card> {
  const row = await requireOwnCard(deps, viewer, id);
  // A reversed card's back is its sibling's front, which is held to the front's length.
  if (row.kind === 'reversed' && patch.back !== undefined && patch.back.length > CARD_FRONT_MAX)
    throw invalidField('back', 'The back of a reversed card is at most 2,000 characters.');
  const now = deps.clock.now();
  const at = now.toISOString();
  const updated = await deps.db.transaction().execute(async (trx) => {
    const group = row.sibling_group === null ? [row] : await findOwnGroup(trx, viewer.id, row.sibling_group);
    let gone: number[] = [];
    if (row.kind === 'cloze' && patch.front !== undefined)
      gone = await resizeClozeGroup(trx, row, group, patch.front, patch.back ?? row.back, now);
    for (const card of group) {
      if (gone.includes(card.id)) continue;
      const changes = siblingChanges(row, card, patch);
      if (Object.keys(changes).length) await updateCardText(trx, card.id, changes, at);
    }
    return findOwnCard(trx, viewer.id, id);
  });
  return (await presentCards(deps, viewer, [updated!]))[0]!;
}

/** Deletes one of the caller's cards with its review logs; an image no card uses any more goes too. */
export async function deleteOwnCard(deps: Deps, viewer: AuthUser, id: number): Promise<void> {
  const row = await requireOwnCard(deps, viewer, id);
  const files = await deps.db.transaction().execute(async (trx) => {
    await deleteCards(trx, [row.id]);
    return dropUnusedCardImagesIn(trx, row.image_id === null ? [] : [row.image_id]);
  });
  await deleteCardImageFiles(deps, files);
}
