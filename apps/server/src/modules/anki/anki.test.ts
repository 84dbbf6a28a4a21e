import { AnkiImportJob, type Card, type LearnerSettings } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import AnkiExport from 'anki-apkg-export';
import sharp from 'sharp';
import { createEmptyCard, fsrs, generatorParameters, type Grade, type StepUnit } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, type Caller } from '../../testing/call.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree } from '../trees/testing.ts';
import { importForm, latestPackage, schema18Collection, type FixtureNote } from './anki.testing.ts';

let t: TestApp;
let learner: TestUser;
let stranger: TestUser;
let call: Caller;
let png: Buffer;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: { retryDelaySeconds: 0 } });
  call = callerOf(t.app);
  [learner, stranger] = await Promise.all([createUser(t.app), createUser(t.app)]);
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

async function startImport(user: TestUser | null, file: Uint8Array, fields: Record<string, string>) {
  const form = importForm(file, fields);
  return call(user, 'POST', '/api/learn/import/anki/', form.payload, { headers: form.headers });
}

/** Imports a package and waits for its job to end; answers the job as its importer reads it. */
async function importPackage(file: Uint8Array, fields: Record<string, string>, language = 'en-US') {
  const res = await startImport(learner, file, fields);
  expect(res.statusCode).toBe(202);
  const { job } = res.json<{ job: string }>();
  await t.app.deps.jobs.idle();
  const status = await call(learner, 'GET', `/api/learn/import/${job}/`, undefined, {
    headers: { 'accept-language': language },
  });
  expect(status.statusCode).toBe(200);
  return { job, ...AnkiImportJob.parse(status.json()) };
}

async function treeOf(uuid: string) {
  const res = await call(learner, 'GET', `/api/tree/skills_tree/?page_size=100`, undefined);
  expect(res.statusCode).toBe(200);
  const found = (res.json() as { results: { id: number; uuid: string }[] }).results.find((tree) => tree.uuid === uuid)!;
  const detail = await call(learner, 'GET', `/api/tree/skills_tree/${found.id}/`);
  return detail.json() as { id: number; uuid: string; title: string; data: TreeDocument };
}

async function cardsOf(uuid: string): Promise<Card[]> {
  const res = await call(learner, 'GET', `/api/learn/cards/?tree=${uuid}&page_size=100`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: Card[] }).results;
}

/** A deck written by the npm package anki-apkg-export (a third-party writer of legacy .apkg files). */
async function thirdPartyDeck(): Promise<Uint8Array> {
  const deck = new AnkiExport('Languages::Spanish');
  deck.addMedia('flag.png', png);
  deck.addCard('<b>hola</b>', 'hello <img src="flag.png">');
  deck.addCard('adiós', 'goodbye<br>see you');
  deck.addCard('gato', '<div>cat</div>[sound:gato.mp3]');
  return new Uint8Array(await deck.save());
}

describe('Anki import', () => {
  it('imports a deck a third-party writer made into a new tree: decks as nodes, HTML as Markdown, images as card images', async () => {
    const job = await importPackage(await thirdPartyDeck(), { title: 'Spanish' });
    expect(job.status).toBe('done');
    expect(job.percent).toBe(100);
    expect(job.error).toBeNull();
    expect(job.result).toMatchObject({ nodes_created: 2, cards_created: 3, reviews_imported: 0, media_imported: 1 });
    expect(job.result!.skipped).toEqual([{ reason: 'sound', count: 1 }]);
    const tree = await treeOf(job.result!.tree);
    expect(tree.title).toBe('Spanish');
    const root = tree.data.nodes.find((node) => node.parent_id === null)!;
    const languages = tree.data.nodes.find((node) => node.parent_id === root.id)!;
    expect(languages.title).toBe('Languages');
    const spanish = tree.data.nodes.find((node) => node.parent_id === languages.id)!;
    expect(spanish.title).toBe('Spanish');
    const cards = await cardsOf(tree.uuid);
    expect(cards.map((card) => card.front).sort()).toEqual(['**hola**', 'adiós', 'gato']);
    expect(cards.every((card) => card.node_id === spanish.id && card.kind === 'basic' && card.state === 'new')).toBe(
      true,
    );
    const hola = cards.find((card) => card.front === '**hola**')!;
    const url = /!\[\]\((http[^)]+)\)/.exec(hola.back)![1]!;
    expect(hola.back).toMatch(/^hello !\[\]\(/);
    // The image is the learner's card image, served by its capability URL.
    const image = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(cards.find((card) => card.front === 'gato')!.back).toBe('cat');
  });

  it('imports a current-format anki21b collection with its history: FSRS state replayed with the learner’s parameters, or Anki’s own', async () => {
    const settings = await call(learner, 'PATCH', '/api/learn/settings/', {
      request_retention: 0.85,
      maximum_interval: 3650,
    });
    expect(settings.statusCode).toBe(200);
    const learnerSettings = settings.json<LearnerSettings>();
    const tree = (await createTree(t.app, learner, { title: 'Biology' })) as { id: number; uuid: string };
    const crt = Math.floor(Date.parse('2026-01-01T04:00:00Z') / 1000);
    const day = (n: number, hour = 9) => Date.parse('2026-01-01T00:00:00Z') + n * DAY_MS + hour * 3_600_000;
    const history: [number, number, number][] = [
      [day(1), 3, 0],
      [day(2), 3, 0],
      [day(5), 1, 1],
      [day(5, 10), 3, 2],
      [day(9), 4, 1],
    ];
    const notes: FixtureNote[] = [
      {
        id: 1,
        type: 'basic',
        deck: ['Biology', 'Cells'],
        fields: ['What is the <i>powerhouse</i> of the cell?', 'the mitochondrion'],
        cards: [{ id: 11, ord: 0, type: 2, queue: 2, due: 30, ivl: 20, reps: 5, lapses: 1, reviews: history }],
      },
      {
        id: 2,
        type: 'reversed',
        deck: ['Biology', 'Cells'],
        fields: ['ATP', 'adenosine triphosphate'],
        cards: [
          // FSRS on in Anki: its memory state stands, and so do its due day and state.
          {
            id: 21,
            ord: 0,
            type: 2,
            queue: 2,
            due: 40,
            ivl: 12,
            reps: 2,
            memory: { s: 12.5, d: 4.2 },
            reviews: history.slice(0, 2),
          },
          // Suspended: keeps its schedule.
          { id: 22, ord: 1, type: 2, queue: -1, due: 35, ivl: 8, reps: 2, reviews: history.slice(0, 2) },
        ],
      },
      {
        id: 3,
        type: 'cloze',
        deck: ['Biology', 'Genetics'],
        fields: ['DNA has {{c1::four}} bases; RNA uses {{c2::uracil::a base}}', 'Watson &amp; Crick'],
        cards: [
          { id: 31, ord: 0, type: 0, queue: 0, due: 1 },
          { id: 32, ord: 1, type: 0, queue: 0, due: 2 },
        ],
      },
      {
        id: 4,
        type: 'occlusion',
        deck: ['Biology'],
        fields: [
          '{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.1:oi=1}}<br>{{c2::image-occlusion:rect:left=.5:top=.5:width=.2:height=.25:oi=1}}<br>',
          '<img src="cell.png">',
          'Label the cell',
          '',
          '',
        ],
        cards: [
          { id: 41, ord: 0, type: 0, queue: 0, due: 3 },
          { id: 42, ord: 1, type: 0, queue: 0, due: 4 },
        ],
      },
    ];
    const file = latestPackage(schema18Collection(crt, notes), [{ name: 'cell.png', data: png }]);
    const job = await importPackage(file, { tree: tree.uuid });
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({
      tree: tree.uuid,
      nodes_created: 3,
      cards_created: 7,
      reviews_imported: history.length + 4,
      media_imported: 1,
      skipped: [],
    });
    const cards = await cardsOf(tree.uuid);
    const doc = (await treeOf(tree.uuid)).data;
    const titleOf = (id: string) => doc.nodes.find((node) => node.id === id)!.title;

    // The replay, done here with ts-fsrs itself and the learner's settings.
    const scheduler = fsrs(
      generatorParameters({
        enable_fuzz: false,
        enable_short_term: true,
        request_retention: learnerSettings.request_retention,
        maximum_interval: learnerSettings.maximum_interval,
        learning_steps: learnerSettings.learning_steps as StepUnit[],
        relearning_steps: learnerSettings.relearning_steps as StepUnit[],
        ...(learnerSettings.fsrs.parameters ? { w: learnerSettings.fsrs.parameters } : {}),
      }),
    );
    let replayed = createEmptyCard(new Date(history[0]![0]));
    for (const [at, ease] of history) replayed = scheduler.next(replayed, new Date(at), ease as Grade).card;
    const basic = cards.find((card) => card.kind === 'basic')!;
    expect(titleOf(basic.node_id)).toBe('Cells');
    expect(basic.front).toBe('What is the _powerhouse_ of the cell?');
    expect(basic.stability).toBeCloseTo(replayed.stability, 6);
    expect(basic.due).toBe(replayed.due.toISOString());
    expect(basic.state).toBe('review');

    const [forward, backward] = cards.filter((card) => card.kind === 'reversed').sort((a, b) => a.id - b.id);
    expect(forward!.front).toBe('ATP');
    expect(forward!.stability).toBeCloseTo(12.5, 4);
    expect(forward!.difficulty).toBeCloseTo(4.2, 4);
    expect(forward!.due).toBe(new Date(crt * 1000 + 40 * DAY_MS).toISOString());
    expect(backward!.front).toBe('adenosine triphosphate');
    expect(backward!.siblings).toEqual([forward!.id]);

    const cloze = cards.filter((card) => card.kind === 'cloze');
    expect(cloze.map((card) => card.cloze).sort()).toEqual([1, 2]);
    expect(cloze[0]!.front).toBe('DNA has {{c1::four}} bases; RNA uses {{c2::uracil::a base}}');
    expect(cloze[0]!.back).toBe('Watson & Crick');
    expect(titleOf(cloze[0]!.node_id)).toBe('Genetics');

    const occlusion = cards.filter((card) => card.kind === 'occlusion').sort((a, b) => a.id - b.id);
    expect(occlusion).toHaveLength(2);
    expect(occlusion[0]!.occlusion).toMatchObject({ index: 0, mode: 'hide_all' });
    expect(occlusion[0]!.occlusion!.masks[1]).toEqual({ x: 0.5, y: 0.5, w: 0.2, h: 0.25 });
    expect(occlusion[0]!.back).toBe('Label the cell');
    expect(titleOf(occlusion[0]!.node_id)).toBe('Biology');

    // The history is the learner's explicit reviews now: undo takes back the last imported one.
    const undo = await call(learner, 'POST', `/api/learn/cards/${basic.id}/undo/`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json<Card>().reps).toBe(history.length - 1);
  });

  it('fails a file that is not an Anki deck with a reason in the caller’s language, writing nothing', async () => {
    const before = await call(learner, 'GET', '/api/tree/skills_tree/');
    const job = await importPackage(new TextEncoder().encode('not a zip at all'), { title: 'Broken' }, 'zh-CN');
    expect(job).toMatchObject({
      status: 'failed',
      result: null,
      error: '这个文件不是 Anki 牌组（.apkg 或 .colpkg）。',
    });
    const after = await call(learner, 'GET', '/api/tree/skills_tree/');
    expect(after.json<{ count: number }>().count).toBe(before.json<{ count: number }>().count);
  });

  it('refuses a missing file, both or neither of tree and title, and another user’s tree', async () => {
    const deck = await thirdPartyDeck();
    const form = importForm(new Uint8Array(), { title: 'x' });
    const none = await call(learner, 'POST', '/api/learn/import/anki/', form.payload, { headers: form.headers });
    expect(none.statusCode).toBe(400);
    expect((await startImport(learner, deck, {})).statusCode).toBe(400);
    expect((await startImport(learner, deck, { title: 'a', tree: 'b' })).statusCode).toBe(400);
    const theirs = (await createTree(t.app, stranger, { title: 'Theirs' })) as { uuid: string };
    expect((await startImport(learner, deck, { tree: theirs.uuid })).statusCode).toBe(404);
    expect((await startImport(null, deck, { title: 'x' })).statusCode).toBe(401);
  });

  it('shows an import to its importer only: other users 404, anonymous 401', async () => {
    const res = await startImport(learner, await thirdPartyDeck(), { title: 'Mine' });
    const { job } = res.json<{ job: string }>();
    await t.app.deps.jobs.idle();
    expect((await call(stranger, 'GET', `/api/learn/import/${job}/`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/learn/import/${job}/`)).statusCode).toBe(401);
    expect((await call(learner, 'GET', `/api/learn/import/${job}/`)).statusCode).toBe(200);
    expect((await call(learner, 'GET', '/api/learn/import/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(
      404,
    );
  });
});
