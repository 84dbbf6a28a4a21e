import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { invalidField } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  findSubjectCards,
  findExplicitLogsOfCards,
  insertLogs,
  type ExportedLogRow,
} from './card-transfer.repository.ts';
import { findOwnCardImages } from './card-images.repository.ts';
import { expandCardInput, type CardInput } from './card-kinds.ts';
import { insertCardsReturning, type CardRow, type ReviewLogRow, type Schedule } from './cards.repository.ts';
import { cardRow } from './cards.service.ts';
import type { CardTarget } from './card-batch.service.ts';
import { resolveSubject, type ResolvedSubject, type SubjectRefInput } from './subjects.ts';

/**
 * Cards in and out of learning in bulk, for the Anki importer and exporter (`modules/anki`): an
 * imported history written as explicit review logs, and everything of one subject read back.
 */

/** A review log as the importer gives it (learning fills in nothing). */
export type ImportedLog = Omit<ReviewLogRow, 'id'>;

/** Writes an imported review history in the caller's transaction. */
export function insertImportedLogsIn(trx: Executor, rows: readonly ImportedLog[]): Promise<void> {
  return insertLogs(trx, rows);
}

/** One input of many: where its cards go, and each card's schedule (new when absent). */
export interface ManyCardsInput {
  target: CardTarget;
  input: CardInput;
  schedules?: readonly Schedule[];
}

/**
 * `createCardsIn` for many inputs at once (an imported deck): the same cards, siblings and schedules,
 * written in multi-row statements rather than one statement an input. Answers each input's cards, in
 * order. An occlusion image that is not the learner's is refused like `createCardsIn` does.
 */
export async function createManyCardsIn(
  trx: Executor,
  userId: number,
  inputs: readonly ManyCardsInput[],
  now: Date,
): Promise<CardRow[][]> {
  const images = inputs.flatMap(({ input }) => (input.kind === 'occlusion' ? [input.image] : []));
  const own = new Set((await findOwnCardImages(trx, userId, images)).map((image) => image.id));
  if (images.some((id) => !own.has(id))) throw invalidField('image', 'No such card image.');
  const rows = inputs.map(({ target, input, schedules }) => {
    const contents = expandCardInput(input);
    const group = contents.length > 1 || input.kind !== 'basic' ? randomUUID() : null;
    return contents.map((content, index) => ({
      ...cardRow(target, target.nodeId, content.front, content.back, now),
      ...content,
      ...(schedules?.[index] ?? {}),
      sibling_group: group,
    }));
  });
  const created = await insertCardsReturning(trx, rows.flat());
  let at = 0;
  return rows.map((list) => created.slice(at, (at += list.length)));
}

export interface SubjectCards {
  subject: ResolvedSubject;
  cards: CardRow[];
  /** explicit logs of those cards, by card and oldest first */
  logs: ExportedLogRow[];
}

/** A subject the caller may read (404 otherwise) with the caller's cards on it and their history. */
export async function readSubjectCards(
  deps: Deps,
  viewer: AuthUser,
  ref: SubjectRefInput,
  withLogs: boolean,
): Promise<SubjectCards> {
  const subject = await resolveSubject(deps, viewer, ref);
  const cards = await findSubjectCards(deps.db, subject.key);
  const logs = withLogs
    ? await findExplicitLogsOfCards(
        deps.db,
        cards.map((card) => card.id),
      )
    : [];
  return { subject, cards, logs };
}
