// Anki files for tests and the benchmark, written without the project's writer: a current-format
// `collection.anki21b` (schema 18, compressed by the real `zstd` program, media map and media in
// zstd), and a multipart form to upload a package.
import { execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { zipSync } from 'fflate';
import { writeMessage } from './protobuf.ts';

/** Compresses with the zstd command-line program (a real compressor, not this project's code). */
export const zstd = (bytes: Uint8Array): Uint8Array =>
  new Uint8Array(execFileSync('zstd', ['-q', '-c', '-3'], { input: bytes, maxBuffer: 1024 * 1024 * 1024 }));

export interface FixtureNote {
  id: number;
  /** note type: 'basic' | 'reversed' | 'cloze' | 'occlusion' */
  type: 'basic' | 'reversed' | 'cloze' | 'occlusion';
  deck: string[];
  fields: string[];
  cards: FixtureCard[];
}

export interface FixtureCard {
  id: number;
  ord: number;
  type: number;
  queue: number;
  due: number;
  ivl?: number;
  reps?: number;
  lapses?: number;
  /** Anki's FSRS memory state */
  memory?: { s: number; d: number };
  /** [epoch ms, ease 1–4, revlog type] */
  reviews?: [number, number, number][];
}

const NOTE_TYPES = {
  basic: { id: 1001, name: 'Basic', kind: 0, stock: 1, fields: ['Front', 'Back'] },
  reversed: { id: 1002, name: 'Basic (and reversed card)', kind: 0, stock: 2, fields: ['Front', 'Back'] },
  cloze: { id: 1003, name: 'Cloze', kind: 1, stock: 5, fields: ['Text', 'Back Extra'] },
  occlusion: {
    id: 1004,
    name: 'Image Occlusion',
    kind: 1,
    stock: 6,
    fields: ['Occlusion', 'Image', 'Header', 'Back Extra', 'Comments'],
  },
} as const;

/** A schema-18 collection (as Anki 23.10+ writes), without the `unicase` collation Anki registers itself. */
export function schema18Collection(crt: number, notes: FixtureNote[]): Uint8Array {
  const db = new Database(':memory:');
  db.exec(`
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
    CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL, mtime_secs integer NOT NULL,
      usn integer NOT NULL, config blob NOT NULL);
    CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL, config blob NOT NULL,
      PRIMARY KEY (ntid, ord)) without rowid;
    CREATE TABLE templates (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
      usn integer NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid;
    CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
      usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
  `);
  db.prepare("INSERT INTO col VALUES (1, ?, 0, 0, 18, 0, 0, 0, '', '', '', '', '')").run(crt);
  for (const type of Object.values(NOTE_TYPES)) {
    db.prepare('INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)').run(
      type.id,
      type.name,
      Buffer.from(
        writeMessage([
          [1, type.kind],
          [9, type.stock],
        ]),
      ),
    );
    type.fields.forEach((name, ord) =>
      db.prepare('INSERT INTO fields VALUES (?, ?, ?, ?)').run(type.id, ord, name, Buffer.alloc(0)),
    );
  }
  const decks = new Map<string, number>([['Default', 1]]);
  db.prepare("INSERT INTO decks VALUES (1, 'Default', 0, 0, x'', x'')").run();
  const insertCard = db.prepare('INSERT INTO cards VALUES (?, ?, ?, ?, 0, 0, ?, ?, ?, ?, 2500, ?, ?, 0, 0, 0, 0, ?)');
  const insertReview = db.prepare('INSERT INTO revlog VALUES (?, ?, 0, ?, 1, 0, 2500, 8000, ?)');
  // Review ids are epoch milliseconds, unique in a collection: a clash moves one a millisecond on.
  const reviewIds = new Set<number>();
  for (const note of notes) {
    const deckName = note.deck.join('\x1f');
    let deck = decks.get(deckName);
    if (!deck) {
      deck = 1000 + decks.size;
      decks.set(deckName, deck);
      db.prepare("INSERT INTO decks VALUES (?, ?, 0, 0, x'', x'')").run(deck, deckName);
    }
    db.prepare("INSERT INTO notes VALUES (?, ?, ?, 0, 0, '', ?, '', 0, 0, '')").run(
      note.id,
      `g${note.id}`,
      NOTE_TYPES[note.type].id,
      note.fields.join('\x1f'),
    );
    for (const card of note.cards) {
      insertCard.run(
        card.id,
        note.id,
        deck,
        card.ord,
        card.type,
        card.queue,
        card.due,
        card.ivl ?? 0,
        card.reps ?? card.reviews?.length ?? 0,
        card.lapses ?? 0,
        card.memory ? JSON.stringify({ s: card.memory.s, d: card.memory.d, dr: 0.9 }) : '',
      );
      for (const [at, ease, type] of card.reviews ?? []) {
        let id = at;
        while (reviewIds.has(id)) id += 1;
        reviewIds.add(id);
        insertReview.run(id, card.id, ease, type);
      }
    }
  }
  const bytes = db.serialize();
  db.close();
  return new Uint8Array(bytes);
}

/** An `.apkg` in the latest layout: `meta`, zstd collection, zstd protobuf media map, zstd media. */
export function latestPackage(collection: Uint8Array, media: { name: string; data: Uint8Array }[]): Uint8Array {
  const entries = media.map((file) =>
    writeMessage([
      [1, file.name],
      [2, file.data.length],
    ]),
  );
  const map = writeMessage(entries.map((entry) => [1, entry] as [number, Uint8Array]));
  const files: Record<string, Uint8Array> = {
    meta: writeMessage([[1, 3]]),
    'collection.anki21b': zstd(collection),
    // Anki keeps a stub legacy collection beside the new one for old readers.
    'collection.anki2': new TextEncoder().encode('SQLite format 3\0 please update to the latest Anki'),
    media: zstd(map),
  };
  media.forEach((file, index) => {
    files[String(index)] = zstd(file.data);
  });
  return zipSync(files, { level: 0 });
}

/** A multipart body: `file` and text fields. */
export function importForm(file: Uint8Array, fields: Record<string, string>, filename = 'deck.apkg') {
  const boundary = '----arbor-anki-import';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
