import type { AnkiImportResult } from '@arbor/contract';
import { createTreeDocument, type TreeDocument } from '@arbor/tree-core';
import type { FSRS } from 'ts-fsrs';
import type { Trx } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import {
  cardImageUrl,
  createManyCardsIn,
  insertCardImageIn,
  insertImportedLogsIn,
  touchSubject,
  type CardInput,
  type ImportedLog,
  type ManyCardsInput,
  type StoredCardImage,
  type SubjectKey,
} from '../learning/index.ts';
import { createTreeIn, lockWorkingCopyIn, saveVersionIn } from '../trees/index.ts';
import type { AnkiCard, AnkiCollection, AnkiReview } from './anki-collection.ts';
import { placeDecks } from './anki-decks.ts';
import { importSchedule, type HistoryLog } from './anki-history.ts';
import { hasSound, htmlToMarkdown } from './anki-html.ts';
import { planNote, type NotePlan } from './anki-notes.ts';
import { AnkiFileError } from './anki-package.ts';

/** The images an import stored before its transaction, by media name. */
export interface StoredMedia {
  images: Map<string, StoredCardImage>;
}

export type ImportTarget = { tree: { id: number; uuid: string; title: string } } | { title: string };

export interface ImportInput {
  userId: number;
  target: ImportTarget;
  collection: AnkiCollection;
  media: StoredMedia;
  /** the learner's scheduler, without fuzz: a replayed history is the same every time */
  scheduler: FSRS;
}

export const TOO_MANY_DECKS = 'This file has more decks than a tree can hold ({max} nodes).';
/**
 * Notes whose cards are written together, in multi-row statements, and then their history at once:
 * nothing of a batch outlives it, so a long deck's schedules and logs never sit in memory together.
 */
const NOTE_FLUSH = 200;

class Tally {
  private readonly counts = new Map<string, number>();
  add(reason: string, count = 1) {
    if (count > 0) this.counts.set(reason, (this.counts.get(reason) ?? 0) + count);
  }
  list() {
    return [...this.counts].map(([reason, count]) => ({ reason, count }));
  }
}

/** The card input of a plan, with the occlusion image's row id (null: the image was not stored). */
function inputOf(plan: Exclude<NotePlan, { skip: unknown }>, imageIds: Map<string, number>): CardInput | null {
  switch (plan.kind) {
    case 'basic':
    case 'reversed':
      return { kind: plan.kind, front: plan.front, back: plan.back };
    case 'cloze':
      return { kind: 'cloze', text: plan.text, back: plan.back };
    case 'occlusion': {
      const image = imageIds.get(plan.image);
      return image === undefined
        ? null
        : { kind: 'occlusion', image, masks: plan.masks, mode: plan.mode, back: plan.back };
    }
  }
}

/** The tree the cards go to, with the nodes of the decks the notes use (a new tree, or an existing one locked). */
async function placeIntoTree(
  deps: Deps,
  trx: Trx,
  input: ImportInput,
  decks: Map<number, string[]>,
): Promise<{ treeId: number; uuid: string; nodeOf: Map<number, string>; created: number }> {
  const check = (document: TreeDocument) => {
    const max = deps.config.limits.treeMaxNodes;
    if (document.nodes.length > max) throw new AnkiFileError(TOO_MANY_DECKS, { max: String(max) });
  };
  if ('title' in input.target) {
    const placed = placeDecks(createTreeDocument(input.target.title), decks);
    check(placed.document);
    const tree = await createTreeIn(deps, trx, input.userId, {
      title: input.target.title,
      data: placed.document,
      message: 'Anki import',
      limits: { maxNodes: deps.config.limits.treeMaxNodes, maxBytes: deps.config.limits.treeMaxBytes },
    });
    return { treeId: tree.id, uuid: tree.uuid, nodeOf: placed.nodeOf, created: placed.created };
  }
  const { tree } = input.target;
  const locked = await lockWorkingCopyIn(trx, tree.id);
  if (!locked) throw notFound();
  const placed = placeDecks(locked.document, decks);
  check(placed.document);
  if (placed.created > 0)
    await saveVersionIn(deps, trx, tree.id, placed.document, { message: 'Anki import', createdBy: input.userId });
  return { treeId: tree.id, uuid: tree.uuid, nodeOf: placed.nodeOf, created: placed.created };
}

/**
 * Writes one import in one transaction: the nodes of its decks, the image rows, every note's cards
 * with their schedules, and the history as explicit logs. Throws (and so writes nothing) on failure.
 */
export async function writeImport(deps: Deps, input: ImportInput): Promise<AnkiImportResult> {
  const { collection } = input;
  const skipped = new Tally();
  const cardsOfNote = new Map<number, AnkiCard[]>();
  for (const card of collection.cards) {
    const list = cardsOfNote.get(card.nid) ?? [];
    list.push(card);
    cardsOfNote.set(card.nid, list);
  }
  const reviewsOf = new Map<number, AnkiReview[]>();
  for (const review of collection.reviews) {
    const list = reviewsOf.get(review.cid) ?? [];
    list.push(review);
    reviewsOf.set(review.cid, list);
  }
  // A note lives on the deck of its first card; decks no note lives on make no node.
  const deckOfNote = new Map<number, number>();
  const decks = new Map<number, string[]>();
  for (const note of collection.notes) {
    const first = cardsOfNote.get(note.id)?.sort((a, b) => a.ord - b.ord)[0];
    if (!first) continue;
    deckOfNote.set(note.id, first.did);
    decks.set(first.did, collection.decks.get(first.did) ?? ['Default']);
  }
  const now = deps.clock.now();
  const at = now.toISOString();
  let cardsCreated = 0;
  let reviewsImported = 0;
  const written = await deps.db.transaction().execute(async (trx) => {
    const tree = await placeIntoTree(deps, trx, input, decks);
    const key: SubjectKey = { userId: input.userId, kind: 'tree', subjectId: tree.treeId };
    const urls = new Map<string, string>();
    const imageIds = new Map<string, number>();
    for (const [name, stored] of input.media.images) {
      const row = await insertCardImageIn(trx, input.userId, stored, at);
      urls.set(name, cardImageUrl(deps.config.publicBaseUrl, row));
      imageIds.set(name, row.id);
    }
    const missing = new Set<string>();
    const markdown = htmlToMarkdown((name) => {
      const url = urls.get(name) ?? null;
      if (!url) missing.add(name);
      return url;
    });
    let pending: { input: ManyCardsInput; logs: HistoryLog[][] }[] = [];
    // Writes the pending notes' cards, then their history under the new card ids.
    const flush = async () => {
      if (pending.length === 0) return;
      const created = await createManyCardsIn(
        trx,
        input.userId,
        pending.map((one) => one.input),
        now,
      );
      const logs: ImportedLog[] = [];
      created.forEach((rows, i) => {
        cardsCreated += rows.length;
        rows.forEach((row, index) => {
          for (const log of pending[i]!.logs[index] ?? [])
            logs.push(Object.assign(log, { card_id: row.id, user_id: input.userId }));
        });
      });
      pending = [];
      reviewsImported += logs.length;
      await insertImportedLogsIn(trx, logs);
    };
    let sounds = 0;
    for (const note of collection.notes) {
      const deck = deckOfNote.get(note.id);
      if (deck === undefined) {
        skipped.add('no_cards');
        continue;
      }
      if (note.fields.some(hasSound)) sounds += 1;
      const plan = planNote(note, collection.noteTypes.get(note.mid), markdown);
      if ('skip' in plan) {
        skipped.add(plan.skip);
        continue;
      }
      const cardInput = inputOf(plan, imageIds);
      if (!cardInput) {
        skipped.add('no_image');
        continue;
      }
      const ankiCards = cardsOfNote.get(note.id)!;
      const imported = plan.ords.map((ord) => {
        const card = ankiCards.find((c) => c.ord === ord);
        return importSchedule(input.scheduler, card, card ? (reviewsOf.get(card.id) ?? []) : [], collection.crt, now);
      });
      skipped.add('extra_cards', ankiCards.filter((card) => !plan.ords.includes(card.ord)).length);
      pending.push({
        input: {
          target: { key, nodeId: tree.nodeOf.get(deck)! },
          input: cardInput,
          schedules: imported.map((one) => one.schedule),
        },
        logs: imported.map((one) => one.logs),
      });
      if (pending.length >= NOTE_FLUSH) await flush();
    }
    await flush();
    await touchSubject(trx, key, at);
    skipped.add('missing_media', missing.size);
    skipped.add('sound', sounds);
    return { tree, imagesImported: imageIds.size };
  });
  return {
    tree: written.tree.uuid,
    nodes_created: written.tree.created,
    cards_created: cardsCreated,
    reviews_imported: reviewsImported,
    media_imported: written.imagesImported,
    skipped: skipped.list(),
  };
}
