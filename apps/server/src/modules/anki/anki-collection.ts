import Database from 'better-sqlite3';
import { AnkiFileError, DAMAGED } from './anki-package.ts';
import { firstNumber, readMessage } from './protobuf.ts';

/**
 * An Anki collection read into plain objects, from either schema: 11 (`collection.anki2`/`.anki21`:
 * decks and note types as JSON in `col`) or 18 (`collection.anki21b`: tables `decks`, `notetypes`,
 * `fields`, `templates`, configs as protobuf, deck names with `\x1f` between levels). Notes, cards
 * and the review log have the same columns in both.
 */

/** What a note type is, as far as Arbor's card kinds care. */
export type NoteTypeKind = 'basic' | 'reversed' | 'cloze' | 'occlusion' | 'other';

export interface AnkiNoteType {
  name: string;
  kind: NoteTypeKind;
  fields: string[];
}

export interface AnkiNote {
  id: number;
  mid: number;
  fields: string[];
}

export interface AnkiCard {
  id: number;
  nid: number;
  /** the deck it belongs to (a card in a filtered deck: its home deck) */
  did: number;
  ord: number;
  /** 0 new, 1 learning, 2 review, 3 relearning */
  type: number;
  /** -3/-2 buried, -1 suspended, 0 new, 1 learning, 2 review, 3 day learning */
  queue: number;
  /** review and day-learning: days since the collection's creation; learning: epoch seconds; new: position */
  due: number;
  ivl: number;
  reps: number;
  lapses: number;
  /** Anki's FSRS memory state when it has one (`cards.data` `s` and `d`) */
  memory: { stability: number; difficulty: number } | null;
}

export interface AnkiReview {
  /** epoch milliseconds */
  id: number;
  cid: number;
  /** 1 Again … 4 Easy; 0 a manual reschedule */
  ease: number;
  /** 0 learn, 1 review, 2 relearn, 3 filtered, 4 manual, 5 rescheduled */
  type: number;
  /** milliseconds spent answering */
  time: number;
}

export interface AnkiCollection {
  /** the collection's creation, epoch seconds: review due days count from it */
  crt: number;
  /** deck id → its path, top level first */
  decks: Map<number, string[]>;
  noteTypes: Map<number, AnkiNoteType>;
  notes: AnkiNote[];
  cards: AnkiCard[];
  reviews: AnkiReview[];
}

/** Anki's stock kinds (`StockNotetype.OriginalStockKind`) as recorded in a schema-18 note type. */
const STOCK_KINDS: Record<number, NoteTypeKind> = { 1: 'basic', 2: 'reversed', 5: 'cloze', 6: 'occlusion' };

/** A note type by its stock kind when known, else by what it is: cloze, or its English stock name. */
function noteTypeKind(name: string, cloze: boolean, stock: number | undefined): NoteTypeKind {
  if (stock !== undefined && STOCK_KINDS[stock]) return STOCK_KINDS[stock]!;
  if (/^image occlusion/i.test(name)) return 'occlusion';
  if (cloze) return 'cloze';
  if (/^basic \(and reversed card\)/i.test(name)) return 'reversed';
  if (/^basic$/i.test(name)) return 'basic';
  return 'other';
}

/** Opens SQLite bytes in memory; a WAL-mode header is switched to rollback so they deserialize. */
function openDatabase(bytes: Uint8Array): Database.Database {
  const copy = Buffer.from(bytes);
  if (copy[18] === 2) copy[18] = 1;
  if (copy[19] === 2) copy[19] = 1;
  return new Database(copy, { readonly: true });
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new AnkiFileError(DAMAGED);
  }
};

type Row = Record<string, unknown>;

function readSchema11(db: Database.Database, col: Row) {
  const decks = new Map<number, string[]>();
  for (const deck of Object.values(parseJson(String(col.decks)) as Record<string, { id: number; name: string }>))
    decks.set(Number(deck.id), String(deck.name).split('::'));
  const noteTypes = new Map<number, AnkiNoteType>();
  type Model = {
    id: number;
    name: string;
    type: number;
    flds: { name: string; ord: number }[];
    originalStockKind?: number;
  };
  for (const model of Object.values(parseJson(String(col.models)) as Record<string, Model>)) {
    const fields = [...model.flds].sort((a, b) => a.ord - b.ord).map((field) => field.name);
    const kind = noteTypeKind(model.name, model.type === 1, model.originalStockKind);
    noteTypes.set(Number(model.id), { name: model.name, kind, fields });
  }
  return { decks, noteTypes };
}

function readSchema18(db: Database.Database) {
  const decks = new Map<number, string[]>();
  for (const row of db.prepare('SELECT id, name FROM decks').all() as Row[])
    decks.set(Number(row.id), String(row.name).split('\x1f'));
  const fieldsOf = new Map<number, string[]>();
  for (const row of db.prepare('SELECT ntid, ord, name FROM fields ORDER BY ntid, ord').all() as Row[]) {
    const list = fieldsOf.get(Number(row.ntid)) ?? [];
    list.push(String(row.name));
    fieldsOf.set(Number(row.ntid), list);
  }
  const noteTypes = new Map<number, AnkiNoteType>();
  for (const row of db.prepare('SELECT id, name, config FROM notetypes').all() as Row[]) {
    const config = readMessage(new Uint8Array(row.config as Buffer));
    const name = String(row.name);
    const kind = noteTypeKind(name, firstNumber(config, 1) === 1, firstNumber(config, 9));
    noteTypes.set(Number(row.id), { name, kind, fields: fieldsOf.get(Number(row.id)) ?? [] });
  }
  return { decks, noteTypes };
}

function memoryOf(data: unknown): AnkiCard['memory'] {
  if (typeof data !== 'string' || !data.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(data) as { s?: unknown; d?: unknown };
    return typeof parsed.s === 'number' && typeof parsed.d === 'number' && parsed.s > 0
      ? { stability: parsed.s, difficulty: parsed.d }
      : null;
  } catch {
    return null;
  }
}

/** Reads a collection's decks, note types, notes, cards and review log. */
export function readAnkiCollection(bytes: Uint8Array): AnkiCollection {
  let db: Database.Database;
  try {
    db = openDatabase(bytes);
  } catch {
    throw new AnkiFileError(DAMAGED);
  }
  try {
    const col = db.prepare('SELECT crt, ver, decks, models FROM col').get() as Row | undefined;
    if (!col) throw new AnkiFileError(DAMAGED);
    const modern = Number(col.ver) >= 15;
    const { decks, noteTypes } = modern ? readSchema18(db) : readSchema11(db, col);
    const notes = (db.prepare('SELECT id, mid, flds FROM notes ORDER BY id').all() as Row[]).map((row) => ({
      id: Number(row.id),
      mid: Number(row.mid),
      fields: String(row.flds).split('\x1f'),
    }));
    const cards = (
      db
        .prepare(
          'SELECT id, nid, did, odid, ord, type, queue, due, odue, ivl, reps, lapses, data FROM cards ORDER BY id',
        )
        .all() as Row[]
    ).map((row) => ({
      id: Number(row.id),
      nid: Number(row.nid),
      did: Number(row.odid) || Number(row.did),
      ord: Number(row.ord),
      type: Number(row.type),
      queue: Number(row.queue),
      due: Number(row.odid) ? Number(row.odue) : Number(row.due),
      ivl: Number(row.ivl),
      reps: Number(row.reps),
      lapses: Number(row.lapses),
      memory: memoryOf(row.data),
    }));
    const reviews = (db.prepare('SELECT id, cid, ease, type, time FROM revlog ORDER BY cid, id').all() as Row[]).map(
      (row) => ({
        id: Number(row.id),
        cid: Number(row.cid),
        ease: Number(row.ease),
        type: Number(row.type),
        time: Number(row.time),
      }),
    );
    return { crt: Number(col.crt), decks, noteTypes, notes, cards, reviews };
  } catch (error) {
    if (error instanceof AnkiFileError) throw error;
    throw new AnkiFileError(DAMAGED);
  } finally {
    db.close();
  }
}
