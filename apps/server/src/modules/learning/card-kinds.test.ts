import { Card, CardBatchResult, CardImage } from '@arbor/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords/passwords.ts';
import { callerOf, type Caller } from '../../testing/call.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { recallTree, reviewId } from './recall.testing.ts';

let t: TestApp;
let learner: TestUser;
let stranger: TestUser;
let call: Caller;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t.app);
  [learner, stranger] = await Promise.all([createUser(t.app), createUser(t.app)]);
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

/** A multipart body with one file part. */
function fileForm(bytes: Buffer, field = 'file') {
  const boundary = '----arbor-card-image';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function uploadCardImage(user: TestUser, bytes = png) {
  const form = fileForm(bytes);
  return call(user, 'POST', '/api/learn/card-images/', form.payload, { headers: form.headers });
}

async function batch(user: TestUser, body: Record<string, unknown>) {
  return call(user, 'POST', '/api/learn/cards/batch/', body);
}

const cardsOfGroup = (cards: Card[]) => cards.map((card) => card.id).sort((a, b) => a - b);

/** Loads an image URL as a browser's <img> would: no token. */
const loadImage = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('card kinds', () => {
  it('makes one basic card by the batch call, with no siblings', async () => {
    const tree = await recallTree(t.app, learner);
    const res = await batch(learner, { tree: tree.uuid, node_id: 'basics', kind: 'basic', front: 'Q', back: 'A' });
    expect(res.statusCode).toBe(201);
    const { cards } = CardBatchResult.parse(res.json());
    expect(cards).toHaveLength(1);
    expect(Card.strict().parse(cards[0])).toMatchObject({
      kind: 'basic',
      siblings: [],
      cloze: null,
      occlusion: null,
      front: 'Q',
      back: 'A',
      state: 'new',
    });
    // The single-card call keeps making basic cards, now with their kind.
    const single = await call(learner, 'POST', '/api/learn/cards/', {
      tree: tree.uuid,
      node_id: 'basics',
      front: 'f',
      back: 'b',
    });
    expect(single.json()).toMatchObject({ kind: 'basic', siblings: [], cloze: null, occlusion: null });
  });

  it('makes a reversed pair whose edits stay in step', async () => {
    const tree = await recallTree(t.app, learner);
    const res = await batch(learner, {
      tree: tree.uuid,
      node_id: 'basics',
      kind: 'reversed',
      front: 'chien',
      back: 'dog',
    });
    expect(res.statusCode).toBe(201);
    const [forward, backward] = res.json().cards as Card[];
    expect(forward).toMatchObject({ kind: 'reversed', front: 'chien', back: 'dog', siblings: [backward!.id] });
    expect(backward).toMatchObject({ kind: 'reversed', front: 'dog', back: 'chien', siblings: [forward!.id] });

    const patched = await call(learner, 'PATCH', `/api/learn/cards/${forward!.id}/`, { front: 'le chien' });
    expect(patched.json()).toMatchObject({ front: 'le chien', back: 'dog' });
    expect((await call(learner, 'GET', `/api/learn/cards/${backward!.id}/`)).json()).toMatchObject({
      front: 'dog',
      back: 'le chien',
    });
    const long = await call(learner, 'PATCH', `/api/learn/cards/${forward!.id}/`, { back: 'x'.repeat(2_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.back).toBeDefined();
    const empty = await batch(learner, { tree: tree.uuid, node_id: 'basics', kind: 'reversed', front: 'x', back: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.back).toBeDefined();
  });

  it('makes one cloze card per distinct number, with hints, and refuses a text without markers naming text', async () => {
    const tree = await recallTree(t.app, learner);
    const text = '{{c1::Paris}} is the capital of {{c2::France::country}}; {{c1::Paris}} is on the Seine.';
    const res = await batch(learner, { tree: tree.uuid, node_id: 'basics', kind: 'cloze', text, back: 'Geography' });
    expect(res.statusCode).toBe(201);
    const cards = res.json().cards as Card[];
    expect(cards.map((card) => [card.kind, card.cloze, card.front, card.back])).toEqual([
      ['cloze', 1, text, 'Geography'],
      ['cloze', 2, text, 'Geography'],
    ]);
    expect(cards[0]!.siblings).toEqual([cards[1]!.id]);

    const none = await batch(learner, { tree: tree.uuid, node_id: 'basics', kind: 'cloze', text: 'No gap here.' });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().fields)).toEqual(['text']);
    const c0 = await batch(learner, { tree: tree.uuid, node_id: 'basics', kind: 'cloze', text: '{{c0::zero}}' });
    expect(c0.statusCode).toBe(400);
  });

  it('rewrites every cloze sibling on a PATCH of front, adding and removing siblings for numbers added or removed', async () => {
    const tree = await recallTree(t.app, learner);
    const res = await batch(learner, {
      tree: tree.uuid,
      node_id: 'basics',
      kind: 'cloze',
      text: '{{c1::a}} {{c2::b}} {{c3::c}}',
    });
    const [one, two, three] = res.json().cards as Card[];
    // Review card 1 so its schedule is seen to stay.
    const reviewed = await call(learner, 'POST', `/api/learn/cards/${one!.id}/review/`, {
      rating: 3,
      review_id: reviewId(),
    });
    expect(reviewed.statusCode).toBe(200);
    const scheduled = reviewed.json().card as Card;

    const patched = await call(learner, 'PATCH', `/api/learn/cards/${two!.id}/`, {
      front: '{{c1::A}} {{c2::B}} {{c4::D}}',
    });
    expect(patched.statusCode).toBe(200);
    const after = patched.json() as Card;
    expect(after).toMatchObject({ cloze: 2, front: '{{c1::A}} {{c2::B}} {{c4::D}}' });
    expect(after.siblings).toHaveLength(2);
    expect(after.siblings).toContain(one!.id);
    expect(after.siblings).not.toContain(three!.id);
    expect((await call(learner, 'GET', `/api/learn/cards/${three!.id}/`)).statusCode).toBe(404);
    const first = (await call(learner, 'GET', `/api/learn/cards/${one!.id}/`)).json() as Card;
    expect(first).toMatchObject({ front: '{{c1::A}} {{c2::B}} {{c4::D}}', due: scheduled.due, reps: 1 });
    const added = (
      await call(learner, 'GET', `/api/learn/cards/${after.siblings.find((id) => id !== one!.id)}/`)
    ).json() as Card;
    expect(added).toMatchObject({ kind: 'cloze', cloze: 4, state: 'new', front: first.front });
    expect(cardsOfGroup([first, after, added])).toEqual([...added.siblings, added.id].sort((a, b) => a - b));

    // A back edit reaches every sibling; a text that drops this card's own number or every marker is refused.
    await call(learner, 'PATCH', `/api/learn/cards/${one!.id}/`, { back: 'extra' });
    expect((await call(learner, 'GET', `/api/learn/cards/${added.id}/`)).json().back).toBe('extra');
    const dropsOwn = await call(learner, 'PATCH', `/api/learn/cards/${two!.id}/`, { front: '{{c1::A}}' });
    expect(dropsOwn.statusCode).toBe(400);
    expect(dropsOwn.json().fields.front).toBeDefined();
    const noMarker = await call(learner, 'PATCH', `/api/learn/cards/${two!.id}/`, { front: 'plain' });
    expect(noMarker.statusCode).toBe(400);
    expect(noMarker.json().fields.front).toBeDefined();
  });

  it('answers the cloze errors in the caller’s language', async () => {
    const tree = await recallTree(t.app, learner);
    const res = await call(
      learner,
      'POST',
      '/api/learn/cards/batch/',
      { tree: tree.uuid, node_id: 'basics', kind: 'cloze', text: 'No gap.' },
      { headers: { 'accept-language': 'zh-CN' } },
    );
    expect(res.json().fields.text[0]).toContain('填空');
  });
});

describe('occlusion cards and card images', () => {
  it('stores a card image re-encoded as WebP, private to its owner, loaded by its capability URL', async () => {
    const res = await uploadCardImage(learner);
    expect(res.statusCode).toBe(201);
    const image = CardImage.strict().parse(res.json());
    expect(image).toMatchObject({ width: 800, height: 600 });
    expect(image.url).toMatch(
      new RegExp(`^${t.config.publicBaseUrl}/api/learn/card-images/${image.id}/[0-9a-f]{32}\\.webp$`),
    );
    const served = await loadImage(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('private');
    expect(served.headers['referrer-policy']).toBe('no-referrer');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    expect((await call(learner, 'GET', `/api/learn/card-images/${image.id}/`)).json()).toEqual(image);
    expect((await call(stranger, 'GET', `/api/learn/card-images/${image.id}/`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/learn/card-images/${image.id}/`)).statusCode).toBe(401);
    // Without the secret, or with another, the file is not there.
    const wrong = image.url.replace(/[0-9a-f]{32}\.webp$/, `${'0'.repeat(32)}.webp`);
    expect((await loadImage(wrong)).statusCode).toBe(404);
    expect((await loadImage(image.url.replace(/\.webp$/, ''))).statusCode).toBe(404);
    expect((await call(null, 'POST', '/api/learn/card-images/')).statusCode).toBe(401);
  });

  it('refuses what is not an image, a missing file and a file over 10 MB', async () => {
    const html = await uploadCardImage(learner, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(415);
    const form = fileForm(png, 'other');
    const missing = await call(learner, 'POST', '/api/learn/card-images/', form.payload, { headers: form.headers });
    expect(missing.statusCode).toBe(400);
    const huge = await uploadCardImage(learner, Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
  });

  it('makes one occlusion card per mask on the owner’s image, and refuses another’s image', async () => {
    const tree = await recallTree(t.app, learner);
    const image = (await uploadCardImage(learner)).json() as CardImage;
    const masks = [
      { x: 0.1, y: 0.1, w: 0.2, h: 0.1 },
      { x: 0.5, y: 0.5, w: 0.3, h: 0.3 },
    ];
    const res = await batch(learner, {
      tree: tree.uuid,
      node_id: 'basics',
      kind: 'occlusion',
      image: image.id,
      masks,
      mode: 'hide_all',
      back: 'Labels',
    });
    expect(res.statusCode).toBe(201);
    const cards = res.json().cards as Card[];
    expect(cards.map((card) => card.occlusion)).toEqual([
      { image: image.id, url: image.url, width: 800, height: 600, masks, index: 0, mode: 'hide_all' },
      { image: image.id, url: image.url, width: 800, height: 600, masks, index: 1, mode: 'hide_all' },
    ]);
    expect(cards.every((card) => card.kind === 'occlusion' && card.back === 'Labels')).toBe(true);
    expect(cards[1]!.siblings).toEqual([cards[0]!.id]);
    // The review queue shows them with their masks.
    const queue = (await call(learner, 'GET', '/api/learn/review/?limit=200')).json().cards as Card[];
    expect(queue.find((card) => card.id === cards[0]!.id)?.occlusion?.masks).toEqual(masks);

    const theirs = (await uploadCardImage(stranger)).json() as CardImage;
    const foreign = await batch(learner, {
      tree: tree.uuid,
      node_id: 'basics',
      kind: 'occlusion',
      image: theirs.id,
      masks,
      mode: 'hide_one',
    });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().fields)).toEqual(['image']);
    for (const bad of [
      [],
      [{ x: 0.9, y: 0, w: 0.2, h: 0.1 }],
      [{ x: 0, y: 0, w: 0, h: 0.1 }],
      [{ x: -1, y: 0, w: 1, h: 1 }],
    ]) {
      const refused = await batch(learner, {
        tree: tree.uuid,
        node_id: 'basics',
        kind: 'occlusion',
        image: image.id,
        masks: bad,
        mode: 'hide_one',
      });
      expect(refused.statusCode).toBe(400);
    }
    const badMode = await batch(learner, {
      tree: tree.uuid,
      node_id: 'basics',
      kind: 'occlusion',
      image: image.id,
      masks,
      mode: 'hide_some',
    });
    expect(badMode.statusCode).toBe(400);
  });

  it('deletes an image with the last card that uses it', async () => {
    const tree = await recallTree(t.app, learner);
    const image = (await uploadCardImage(learner)).json() as CardImage;
    const masks = [
      { x: 0, y: 0, w: 0.5, h: 0.5 },
      { x: 0.5, y: 0.5, w: 0.5, h: 0.5 },
    ];
    const [a, b] = (
      await batch(learner, {
        tree: tree.uuid,
        node_id: 'basics',
        kind: 'occlusion',
        image: image.id,
        masks,
        mode: 'hide_one',
      })
    ).json().cards as Card[];
    expect((await call(learner, 'DELETE', `/api/learn/cards/${a!.id}/`)).statusCode).toBe(204);
    expect((await call(learner, 'GET', `/api/learn/cards/${b!.id}/`)).json().siblings).toEqual([]);
    expect((await loadImage(image.url)).statusCode).toBe(200);
    expect((await call(learner, 'DELETE', `/api/learn/cards/${b!.id}/`)).statusCode).toBe(204);
    expect((await call(learner, 'GET', `/api/learn/card-images/${image.id}/`)).statusCode).toBe(404);
    expect((await loadImage(image.url)).statusCode).toBe(404);
  });

  it('deletes a tree’s occlusion cards and their images with the tree', async () => {
    const tree = await recallTree(t.app, learner);
    const image = (await uploadCardImage(learner)).json() as CardImage;
    await batch(learner, {
      tree: tree.uuid,
      node_id: 'basics',
      kind: 'occlusion',
      image: image.id,
      masks: [{ x: 0, y: 0, w: 0.5, h: 0.5 }],
      mode: 'hide_one',
    });
    expect((await call(learner, 'DELETE', `/api/tree/skills_tree/${tree.id}/`)).statusCode).toBe(204);
    expect((await call(learner, 'GET', `/api/learn/card-images/${image.id}/`)).statusCode).toBe(404);
    expect((await loadImage(image.url)).statusCode).toBe(404);
  });

  it('deletes an account’s card images and their files with it', async () => {
    const password = 'correct-horse-battery-42';
    const user = await createUser(t.app, { passwordHash: await hashPassword(password) });
    const image = (await uploadCardImage(user)).json() as CardImage;
    expect((await call(user, 'DELETE', `/api/profile/users/${user.id}/`, { password })).statusCode).toBe(204);
    expect((await loadImage(image.url)).statusCode).toBe(404);
    const rows = await t.app.db.selectFrom('learning_card_images').select('id').where('id', '=', image.id).execute();
    expect(rows).toEqual([]);
  });
});

describe('card kinds for other users and anonymous callers', () => {
  it('answers 404 to another learner on every card id and 401 without a token', async () => {
    const tree = await recallTree(t.app, learner);
    const [card] = (
      await batch(learner, { tree: tree.uuid, node_id: 'basics', kind: 'cloze', text: '{{c1::x}} {{c2::y}}' })
    ).json().cards as Card[];
    for (const [method, url, body] of [
      ['GET', `/api/learn/cards/${card!.id}/`, undefined],
      ['PATCH', `/api/learn/cards/${card!.id}/`, { front: '{{c1::z}}' }],
      ['DELETE', `/api/learn/cards/${card!.id}/`, undefined],
    ] as const) {
      expect((await call(stranger, method, url, body)).statusCode).toBe(404);
      expect((await call(null, method, url, body)).statusCode).toBe(401);
    }
    expect((await call(learner, 'GET', `/api/learn/cards/${card!.id}/`)).json().front).toBe('{{c1::x}} {{c2::y}}');
    // A private tree of someone else is not a subject the stranger may put cards on.
    const onTheirs = await batch(stranger, {
      tree: tree.uuid,
      node_id: 'basics',
      kind: 'basic',
      front: 'f',
      back: 'b',
    });
    expect(onTheirs.statusCode).toBe(404);
    expect((await call(null, 'POST', '/api/learn/cards/batch/', { tree: tree.uuid })).statusCode).toBe(401);
    const ghost = await batch(learner, { tree: tree.uuid, node_id: 'ghost', kind: 'basic', front: 'f', back: 'b' });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().fields.node_id).toBeDefined();
  });
});
