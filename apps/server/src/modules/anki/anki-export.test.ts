import { CardBatchResult, CardImage, type Card } from '@arbor/contract';
import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, type Caller } from '../../testing/call.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree } from '../trees/testing.ts';
import { importForm } from './anki.testing.ts';

let t: TestApp;
let learner: TestUser;
let stranger: TestUser;
let call: Caller;
let tree: { uuid: string };

const document = {
  nodes: [
    { id: 'root', parent_id: null, title: 'Chemistry' },
    { id: 'atoms', parent_id: 'root', title: 'Atoms' },
    { id: 'bonds', parent_id: 'atoms', title: 'Bonds' },
  ],
  links: [],
};

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t.app);
  [learner, stranger] = await Promise.all([createUser(t.app), createUser(t.app)]);
  tree = (await createTree(t.app, learner, { title: 'Chemistry', data: document })) as { uuid: string };
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#22aa66' } })
    .png()
    .toBuffer();
  const form = importForm(png, {}, 'a.png');
  const image = CardImage.parse(
    (await call(learner, 'POST', '/api/learn/card-images/', form.payload, { headers: form.headers })).json(),
  );
  const batch = async (body: Record<string, unknown>) => {
    const res = await call(learner, 'POST', '/api/learn/cards/batch/', { tree: tree.uuid, ...body });
    expect(res.statusCode).toBe(201);
    return CardBatchResult.parse(res.json()).cards;
  };
  const [basic] = await batch({
    node_id: 'atoms',
    kind: 'basic',
    front: 'Proton **charge**?',
    back: `+1 ![](${image.url})`,
  });
  await batch({ node_id: 'atoms', kind: 'reversed', front: 'Na', back: 'sodium' });
  await batch({ node_id: 'bonds', kind: 'cloze', text: 'Water is {{c1::H2O}}, salt {{c2::NaCl::formula}}' });
  await batch({
    node_id: 'root',
    kind: 'occlusion',
    image: image.id,
    masks: [
      { x: 0.1, y: 0.1, w: 0.2, h: 0.2 },
      { x: 0.5, y: 0.5, w: 0.3, h: 0.1 },
    ],
    mode: 'hide_all',
  });
  for (const rating of [3, 3])
    expect(
      (
        await call(learner, 'POST', `/api/learn/cards/${(basic as Card).id}/review/`, {
          rating,
          review_id: crypto.randomUUID(),
        })
      ).statusCode,
    ).toBe(200);
});
afterAll(async () => t.close());

/** Reads an .apkg with nothing of this project: the zip, then the SQLite collection, directly. */
function readApkg(bytes: Buffer) {
  const files = unzipSync(new Uint8Array(bytes));
  const db = new Database(Buffer.from(files['collection.anki21']!));
  const col = db.prepare('SELECT crt, ver, models, decks FROM col').get() as Record<string, string | number>;
  const models = JSON.parse(String(col.models)) as Record<
    string,
    { name: string; type: number; flds: { name: string }[] }
  >;
  const decks = JSON.parse(String(col.decks)) as Record<string, { name: string }>;
  const notes = db.prepare('SELECT id, mid, flds FROM notes').all() as { id: number; mid: number; flds: string }[];
  const cards = db.prepare('SELECT id, nid, did, ord, type, queue, due, ivl, reps, data FROM cards').all() as Record<
    string,
    number | string
  >[];
  const revlog = db.prepare('SELECT id, cid, ease, type FROM revlog').all() as Record<string, number>[];
  db.close();
  const media = JSON.parse(new TextDecoder().decode(files.media!)) as Record<string, string>;
  const modelName = (mid: number) => models[String(mid)]!.name;
  const deckName = (did: number) => decks[String(did)]!.name;
  return { files, col, models, decks, notes, cards, revlog, media, modelName, deckName };
}

describe('Anki export', () => {
  it('writes a legacy collection.anki21 package: a deck per node path, the four note types, media', async () => {
    const res = await call(learner, 'GET', `/api/learn/export/anki/?tree=${tree.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toContain('Chemistry.apkg');
    const apkg = readApkg(res.rawPayload);
    expect(apkg.col.ver).toBe(11);
    expect(
      Object.values(apkg.models)
        .map((model) => model.name)
        .sort(),
    ).toEqual(['Basic', 'Basic (and reversed card)', 'Cloze', 'Image Occlusion']);
    expect(
      Object.values(apkg.decks)
        .map((deck) => deck.name)
        .sort(),
    ).toEqual(['Chemistry', 'Chemistry::Atoms', 'Chemistry::Atoms::Bonds', 'Default']);
    const byType = (name: string) => apkg.notes.filter((note) => apkg.modelName(note.mid) === name);
    expect(byType('Basic')).toHaveLength(1);
    expect(byType('Basic (and reversed card)')).toHaveLength(1);
    expect(byType('Cloze')).toHaveLength(1);
    expect(byType('Image Occlusion')).toHaveLength(1);
    const basic = byType('Basic')[0]!;
    const [front, back] = basic.flds.split('\x1f');
    expect(front).toBe('Proton <b>charge</b>?');
    expect(back).toMatch(/^\+1 <img src="arbor-\d+\.webp"/);
    expect(byType('Cloze')[0]!.flds.split('\x1f')[0]).toBe('Water is {{c1::H2O}}, salt {{c2::NaCl::formula}}');
    const occlusion = byType('Image Occlusion')[0]!.flds.split('\x1f');
    expect(occlusion[0]).toContain('{{c2::image-occlusion:rect:left=0.5:top=0.5:width=0.3:height=0.1:oi=1}}');
    expect(occlusion[1]).toMatch(/^<img src="arbor-\d+\.webp">$/);
    // Cards: 1 basic, 2 reversed, 2 cloze, 2 occlusion, on the decks of their nodes.
    expect(apkg.cards).toHaveLength(7);
    const cardsOf = (note: { id: number }) => apkg.cards.filter((card) => card.nid === note.id);
    expect(
      cardsOf(byType('Cloze')[0]!)
        .map((card) => card.ord)
        .sort(),
    ).toEqual([0, 1]);
    expect(apkg.deckName(Number(cardsOf(byType('Cloze')[0]!)[0]!.did))).toBe('Chemistry::Atoms::Bonds');
    expect(apkg.deckName(Number(cardsOf(basic)[0]!.did))).toBe('Chemistry::Atoms');
    // Without scheduling every card is new and there is no history.
    expect(apkg.cards.every((card) => card.type === 0 && card.queue === 0)).toBe(true);
    expect(apkg.revlog).toHaveLength(0);
    // One image, shown by two notes, stored once.
    expect(Object.values(apkg.media)).toHaveLength(1);
    const image = apkg.files['0']!;
    expect(Buffer.from(image.subarray(8, 12)).toString()).toBe('WEBP');
  });

  it('keeps due dates and history with scheduling=1', async () => {
    const res = await call(learner, 'GET', `/api/learn/export/anki/?tree=${tree.uuid}&scheduling=1`);
    expect(res.statusCode).toBe(200);
    const apkg = readApkg(res.rawPayload);
    const reviewed = apkg.cards.filter((card) => card.type !== 0);
    expect(reviewed).toHaveLength(1);
    expect(Number(reviewed[0]!.reps)).toBe(2);
    const data = JSON.parse(String(reviewed[0]!.data)) as { s: number; d: number };
    expect(data.s).toBeGreaterThan(0);
    expect(apkg.revlog).toHaveLength(2);
    expect(apkg.revlog.every((row) => row.cid === reviewed[0]!.id && row.ease === 3)).toBe(true);
  });

  it('answers others 404 for a private tree, anonymous 401, and a bad query 400', async () => {
    expect((await call(stranger, 'GET', `/api/learn/export/anki/?tree=${tree.uuid}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/learn/export/anki/?tree=${tree.uuid}`)).statusCode).toBe(401);
    expect((await call(learner, 'GET', '/api/learn/export/anki/')).statusCode).toBe(400);
  });
});
