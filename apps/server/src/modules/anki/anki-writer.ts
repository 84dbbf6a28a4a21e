import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { zipSync } from 'fflate';
import { NOTE_TYPE_IDS, noteTypesJson } from './anki-note-types.ts';

/**
 * Writes an `.apkg` in the legacy `collection.anki21` layout (schema 11), which every Anki since 2.1
 * opens: the SQLite collection with decks and note types as JSON in `col`, a JSON media map and the
 * media files named `0`, `1`, … Scheduling is Anki's: new cards by position, learning cards due at an
 * epoch second, review cards due on a day counted from the collection's creation; FSRS's stability
 * and difficulty go in `cards.data` (`s`, `d`) where Anki reads its memory state.
 */

export type ExportNoteType = keyof typeof NOTE_TYPE_IDS;

export interface ExportReview {
  at: Date;
  /** 1 Again … 4 Easy */
  rating: number;
  /** 0 learn, 1 review, 2 relearn */
  type: number;
  interval: number;
  lastInterval: number;
  durationMs: number;
}

export interface ExportSchedule {
  state: 'new' | 'learning' | 'review' | 'relearning';
  due: Date;
  intervalDays: number;
  reps: number;
  lapses: number;
  stability: number;
  difficulty: number;
  lastReview: Date | null;
}

export interface ExportCard {
  ord: number;
  /** null: exported as a new card */
  schedule: ExportSchedule | null;
  reviews: ExportReview[];
}

export interface ExportNote {
  type: ExportNoteType;
  /** deck path, top level first */
  deck: string[];
  fields: string[];
  cards: ExportCard[];
}

export interface ExportPackage {
  notes: ExportNote[];
  media: { name: string; data: Uint8Array }[];
  now: Date;
}

const DAY_MS = 86_400_000;
const TYPE_OF_STATE = { new: 0, learning: 1, review: 2, relearning: 3 } as const;

const SCHEMA = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
  models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
  ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL,
  odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;

const deckJson = (id: number, name: string, mod: number) => ({
  id,
  name,
  mod,
  usn: -1,
  lrnToday: [0, 0],
  revToday: [0, 0],
  newToday: [0, 0],
  timeToday: [0, 0],
  collapsed: false,
  browserCollapsed: false,
  desc: '',
  dyn: 0,
  conf: 1,
  extendNew: 0,
  extendRev: 0,
});

const DECK_CONFIG = {
  1: {
    id: 1,
    name: 'Default',
    mod: 0,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
    lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
    rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
  },
};

/** Anki's note checksum: the first 8 hex digits of the SHA-1 of the sort field, without HTML. */
const checksum = (text: string) =>
  parseInt(
    createHash('sha1')
      .update(text.replace(/<[^>]*>/g, ''))
      .digest('hex')
      .slice(0, 8),
    16,
  );

const guidOf = (index: number, fields: string[]) =>
  createHash('sha1')
    .update(`${index}\u0000${fields.join('\u001f')}`)
    .digest('base64')
    .slice(0, 10);

/**
 * Review ids are their epoch milliseconds, unique in the collection: each review takes the first free
 * millisecond at or after its own. Many reviews at the same moment (cards reviewed together, a deck
 * imported with shared times) would make a linear probe quadratic, so every taken id keeps a hint of
 * where the free ids may start (every id between it and its hint is taken), shortened as it is walked.
 */
function reviewIdTaker(): (wanted: number) => number {
  const next = new Map<number, number>();
  return (wanted) => {
    const walked: number[] = [];
    let id = wanted;
    for (let hint = next.get(id); hint !== undefined; hint = next.get(id)) {
      walked.push(id);
      id = hint;
    }
    for (const taken of walked) next.set(taken, id + 1);
    next.set(id, id + 1);
    return id;
  };
}

/** The collection file and the package around it. */
export function writeAnkiPackage(input: ExportPackage): Uint8Array {
  const nowMs = input.now.getTime();
  const nowS = Math.floor(nowMs / 1000);
  // The collection begins at the start of today (UTC): review cards are due on days counted from it.
  const crt = Math.floor(nowMs / DAY_MS) * 86_400;
  const db = new Database(':memory:');
  try {
    db.exec(SCHEMA);
    const deckIds = new Map<string, number>();
    const decks: Record<string, unknown> = { 1: deckJson(1, 'Default', nowS) };
    const deckOf = (path: string[]) => {
      // Every level of a path is a deck of its own, as Anki makes them.
      let id = 1;
      for (let depth = 1; depth <= path.length; depth++) {
        const name = path.slice(0, depth).join('::');
        const known = deckIds.get(name);
        if (known) {
          id = known;
          continue;
        }
        id = nowMs + deckIds.size + 1;
        deckIds.set(name, id);
        decks[String(id)] = deckJson(id, name, nowS);
      }
      return id;
    };
    const insertNote = db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, -1, '', ?, ?, ?, 0, '')");
    const insertCard = db.prepare('INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?)');
    const insertReview = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)');
    const takeReviewId = reviewIdTaker();
    let nextId = nowMs;
    let position = 0;
    db.transaction(() => {
      input.notes.forEach((note, index) => {
        const noteId = ++nextId;
        const sort = note.fields[0] ?? '';
        insertNote.run(
          noteId,
          guidOf(index, note.fields),
          NOTE_TYPE_IDS[note.type],
          nowS,
          note.fields.join('\u001f'),
          sort.replace(/<[^>]*>/g, ''),
          checksum(sort),
        );
        const deck = deckOf(note.deck);
        position += 1;
        for (const card of note.cards) {
          const cardId = ++nextId;
          const s = card.schedule;
          const type = s ? TYPE_OF_STATE[s.state] : 0;
          const queue = type === 3 ? 1 : type;
          const due =
            !s || type === 0
              ? position
              : type === 2
                ? Math.max(0, Math.round((s.due.getTime() / 1000 - crt) / 86_400))
                : Math.floor(s.due.getTime() / 1000);
          const data =
            s && type !== 0
              ? JSON.stringify({
                  s: Number(s.stability.toFixed(4)),
                  d: Number(s.difficulty.toFixed(4)),
                  ...(s.lastReview ? { lrt: Math.floor(s.lastReview.getTime() / 1000) } : {}),
                })
              : '';
          insertCard.run(
            cardId,
            noteId,
            deck,
            card.ord,
            nowS,
            type,
            queue,
            due,
            s && type === 2 ? Math.max(1, Math.round(s.intervalDays)) : 0,
            s && type !== 0 ? 2500 : 0,
            s?.reps ?? 0,
            s?.lapses ?? 0,
            data,
          );
          for (const review of card.reviews) {
            insertReview.run(
              takeReviewId(review.at.getTime()),
              cardId,
              review.rating,
              review.interval,
              review.lastInterval,
              2500,
              Math.min(review.durationMs, 60_000),
              review.type,
            );
          }
        }
      });
      db.prepare("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')").run(
        crt,
        nowMs,
        nowMs,
        JSON.stringify({ curDeck: 1, activeDecks: [1], nextPos: position + 1, schedVer: 2, sortType: 'noteFld' }),
        JSON.stringify(noteTypesJson()),
        JSON.stringify(decks),
        JSON.stringify(DECK_CONFIG),
      );
    })();
    const collection = db.serialize();
    const files: Record<string, Uint8Array> = {
      'collection.anki21': new Uint8Array(collection.buffer, collection.byteOffset, collection.length),
      media: new TextEncoder().encode(
        JSON.stringify(Object.fromEntries(input.media.map((m, i) => [String(i), m.name]))),
      ),
    };
    input.media.forEach((file, index) => {
      files[String(index)] = file.data;
    });
    return zipSync(files, { level: 6 });
  } finally {
    db.close();
  }
}
