// The tree GET, tree creation and the template detail splice the stored document into the answer's
// JSON text instead of parsing and re-serialising it (lib/trusted-json.ts). Their answers must still be
// exactly what the contract describes, compressed or not.
import { gunzipSync } from 'node:zlib';
import { ShareWithData, TreeWithData } from '@arbor/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { uploadNodeImage } from '../trees/testing.ts';

let t: TestApp;
let alice: TestUser;
let tree: number;
let share: number;
let imageId: number;

/** Titles with what a careless splice would break: quotes, backslashes, line separators, emoji. */
const nodes = [
  {
    id: 'root',
    parent_id: null,
    title: 'Root "quoted" \\ back\u2028slash 🌳',
    content: `# Heading\n\n| a | b |\n\n${'Long enough to be compressed. '.repeat(60)}`,
  },
  { id: 'kid', parent_id: 'root', title: '子节点 "image_id":1' },
];

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/tree/skills_tree/',
    headers: alice.headers,
    payload: { title: 'Spliced', data: { nodes } },
  });
  expect(created.statusCode).toBe(201);
  expect(created.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(TreeWithData.safeParse(created.json()).success).toBe(true);
  tree = created.json().id;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a3' } })
    .png()
    .toBuffer();
  imageId = (await uploadNodeImage(t.app, alice, tree, 'kid', png)).id;
  const withImage = { nodes: nodes.map((n) => ({ ...n, image_id: n.id === 'kid' ? imageId : null })) };
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/tree/skills_tree/${tree}/`,
    headers: alice.headers,
    payload: { data: withImage },
  });
  expect(saved.statusCode).toBe(200);
  const shared = await t.app.inject({
    method: 'POST',
    url: '/api/community/trees-shared/share_tree/',
    headers: alice.headers,
    payload: { tree },
  });
  expect(shared.statusCode).toBe(201);
  share = shared.json().id;
});
afterAll(async () => t?.close());

describe('answers carrying a stored document', () => {
  it('a tree GET is a valid TreeWithData with the document as saved, and its ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/tree/skills_tree/${tree}/`, headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.etag).toBeTruthy();
    const body = TreeWithData.parse(res.json());
    expect(body.data.nodes.map((n) => n.title)).toEqual(nodes.map((n) => n.title));
    expect(body.data.nodes.find((n) => n.id === 'kid')?.image_id).toBe(imageId);
    expect(body.id).toBe(tree);
  });

  it('a template detail is a valid ShareWithData with its author, its snapshot and its image URLs', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${share}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = ShareWithData.parse(res.json());
    expect((body.data as { nodes: { title: string }[] }).nodes.map((n) => n.title)).toEqual(nodes.map((n) => n.title));
    expect(body.author).toMatchObject({ id: alice.id, username: alice.username });
    expect(body.author.avatar_url).toMatch(/^http/);
    expect(Object.keys(body.images)).toEqual(['kid']);
    expect(body.images.kid).toMatch(/^http/);
  });

  it('a template without images answers an empty image map, even with "image_id" in a title', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: alice.headers,
      payload: { title: 'No pictures', data: { nodes } },
    });
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/share_tree/',
      headers: alice.headers,
      payload: { tree: other.json().id },
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${shared.json().id}/` });
    expect(ShareWithData.parse(res.json()).images).toEqual({});
  });

  it('compressed answers decompress to the same JSON', async () => {
    const url = `/api/tree/skills_tree/${tree}/`;
    const plain = await t.app.inject({ method: 'GET', url, headers: alice.headers });
    const gzipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...alice.headers, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('a tree GET answers a save made by another process (the kept document follows the revision)', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: alice.headers,
      payload: { title: 'Kept', data: { nodes: [{ id: 'root', parent_id: null, title: 'Before' }] } },
    });
    const url = `/api/tree/skills_tree/${other.json().id}/`;
    const read = async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: alice.headers });
      return { etag: res.headers.etag, titles: TreeWithData.parse(res.json()).data.nodes.map((n) => n.title) };
    };
    const first = await read();
    expect(first.titles).toEqual(['Before']);
    expect(await read()).toEqual(first);
    // A save straight into the table, as another server process makes it: the document and its revision.
    const stored = JSON.parse(
      (await t.app.db.selectFrom('trees').select('data').where('id', '=', other.json().id).executeTakeFirstOrThrow())
        .data,
    ) as { nodes: { title: string }[] };
    stored.nodes[0]!.title = 'After 学习';
    await t.app.db
      .updateTable('trees')
      .set((eb) => ({ data: JSON.stringify(stored), revision: eb('revision', '+', 1) }))
      .where('id', '=', other.json().id)
      .execute();
    const second = await read();
    expect(second.titles).toEqual(['After 学习']);
    expect(second.etag).not.toBe(first.etag);
  });

  it('a template detail answers a revision made by another process (the kept snapshot follows the revision)', async () => {
    const url = `/api/community/trees-shared/${share}/`;
    const titles = async () =>
      ((await t.app.inject({ method: 'GET', url })).json() as { data: { nodes: { title: string }[] } }).data.nodes.map(
        (n) => n.title,
      );
    expect(await titles()).toEqual(nodes.map((n) => n.title));
    const stored = JSON.parse(
      (
        await t.app.db
          .selectFrom('share_snapshots')
          .select('data')
          .where('share_id', '=', share)
          .executeTakeFirstOrThrow()
      ).data,
    ) as { nodes: { title: string }[] };
    stored.nodes[0]!.title = 'Revised 改订';
    await t.app.db
      .updateTable('share_snapshots')
      .set({ data: JSON.stringify(stored) })
      .where('share_id', '=', share)
      .execute();
    await t.app.db
      .updateTable('shares')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .where('id', '=', share)
      .execute();
    expect((await titles())[0]).toBe('Revised 改订');
  });

  it('another user cannot read a private tree, and the answer is the error shape, not a document', async () => {
    const bob = await createUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/tree/skills_tree/${tree}/`, headers: bob.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).not.toHaveProperty('data');
    expect(res.json()).toHaveProperty('detail');
  });
});
