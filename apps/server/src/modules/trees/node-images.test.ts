import { call } from '../../testing/call.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree, nodeImageForm, sampleDocument } from './trees.testing.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});
afterAll(async () => t?.close());

const base = '/api/tree/node_image/';

async function upload(
  user: TestUser,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name?: string; type?: string },
  method: 'POST' | 'PUT' | 'PATCH' = 'POST',
  url = base,
) {
  const body = nodeImageForm(fields, file);
  return call(t.app, user, method, url, body.payload, { headers: body.headers });
}

describe('node images', () => {
  it('stores an uploaded image re-encoded as WebP that fits 1600 px, served from /media', async () => {
    const tree = await createTree(t.app, alice);
    const res = await upload(alice, { tree: String(tree.id), node_id: 'root' }, { bytes: png });
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({
      tree: tree.id,
      node_id: 'root',
      width: 1600,
      height: 800,
      content_type: 'image/webp',
    });
    expect(image.url).toMatch(new RegExp(`^${t.config.publicBaseUrl}/media/node-images/[a-f0-9]{32}\\.webp$`));
    const served = await t.app.inject({ method: 'GET', url: new URL(image.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.length).toBe(image.bytes);
    expect((await t.app.inject({ method: 'GET', url: `${base}${image.id}/`, headers: alice.headers })).json()).toEqual(
      image,
    );
  });

  it('refuses HTML disguised as an image with 415', async () => {
    const tree = await createTree(t.app, alice);
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const res = await upload(
      alice,
      { tree: String(tree.id), node_id: 'root' },
      { bytes: html, name: 'cat.png', type: 'image/png' },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}?tree=${tree.id}`, headers: alice.headers })).json().count,
    ).toBe(0);
  });

  it('refuses a file over 5 MB with 413, and missing or bad fields with 400', async () => {
    const tree = await createTree(t.app, alice);
    const big = await upload(
      alice,
      { tree: String(tree.id), node_id: 'root' },
      { bytes: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    expect((await upload(alice, { tree: String(tree.id), node_id: 'root' })).json().fields.image).toBeDefined();
    expect(
      (await upload(alice, { tree: String(tree.id), node_id: 'bad id!' }, { bytes: png })).json().fields.node_id,
    ).toBeDefined();
    expect((await upload(alice, { node_id: 'root' }, { bytes: png })).json().fields.tree).toBeDefined();
  });

  it('keeps images to their owner: others get 404 and cannot upload into the tree', async () => {
    const tree = await createTree(t.app, alice, { visibility: 'public' });
    const image = (await upload(alice, { tree: String(tree.id), node_id: 'root' }, { bytes: png })).json();
    expect((await t.app.inject({ method: 'GET', url: `${base}${image.id}/`, headers: bob.headers })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base}${image.id}/`, headers: bob.headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `${base}${image.id}/`,
          headers: bob.headers,
          payload: { node_id: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}?tree=${tree.id}`, headers: bob.headers })).json().count,
    ).toBe(0);
    expect((await upload(bob, { tree: String(tree.id), node_id: 'root' }, { bytes: png })).statusCode).toBe(403);
    const privateTree = await createTree(t.app, alice);
    expect((await upload(bob, { tree: String(privateTree.id), node_id: 'root' }, { bytes: png })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
  });

  it('lists own images by tree and node, moves one to another node and replaces its file', async () => {
    const tree = await createTree(t.app, alice);
    const first = (await upload(alice, { tree: String(tree.id), node_id: 'root' }, { bytes: png })).json();
    await upload(alice, { tree: String(tree.id), node_id: 'other' }, { bytes: png });
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `${base}?${query}`, headers: alice.headers })).json();
    expect((await list(`tree=${tree.id}`)).count).toBe(2);
    expect((await list(`tree=${tree.id}&node_id=root`)).results.map((i: { id: number }) => i.id)).toEqual([first.id]);

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `${base}${first.id}/`,
      headers: alice.headers,
      payload: { node_id: 'moved' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ node_id: 'moved', url: first.url });

    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    const replaced = await upload(
      alice,
      { node_id: 'again' },
      { bytes: small, name: 'x.jpg', type: 'image/jpeg' },
      'PUT',
      `${base}${first.id}/`,
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: first.id, node_id: 'again', width: 40, height: 30 });
    expect(replaced.json().url).not.toBe(first.url);
    expect((await t.app.inject({ method: 'GET', url: new URL(first.url).pathname })).statusCode).toBe(404);
  });

  it('deletes an image with its file, and a tree with all its images', async () => {
    const tree = await createTree(t.app, alice);
    const one = (await upload(alice, { tree: String(tree.id), node_id: 'a' }, { bytes: png })).json();
    const two = (await upload(alice, { tree: String(tree.id), node_id: 'b' }, { bytes: png })).json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base}${one.id}/`, headers: alice.headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: new URL(one.url).pathname })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/tree/skills_tree/${tree.id}/`, headers: alice.headers }))
        .statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `${base}${two.id}/`, headers: alice.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: new URL(two.url).pathname })).statusCode).toBe(404);
  });
});

describe('images of a shared snapshot', () => {
  it("lists the URL of each snapshot node's image of the source tree, and never another tree's image", async () => {
    const tree = await createTree(t.app, alice, { data: sampleDocument(3) });
    const own = (await upload(alice, { tree: String(tree.id), node_id: 'n1' }, { bytes: png })).json();
    const bobTree = await createTree(t.app, bob);
    const foreign = (await upload(bob, { tree: String(bobTree.id), node_id: 'root' }, { bytes: png })).json();
    const data = sampleDocument(3);
    data.nodes = data.nodes.map((node) =>
      node.id === 'n1' ? { ...node, image_id: own.id } : node.id === 'n2' ? { ...node, image_id: foreign.id } : node,
    );
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/tree/skills_tree/${tree.id}/`,
      headers: alice.headers,
      payload: { data },
    });
    expect(saved.statusCode).toBe(200);
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/share_tree/',
      headers: alice.headers,
      payload: { tree: tree.id, description: 'With pictures', tags: ['images'] },
    });
    expect(shared.statusCode).toBe(201);
    expect(shared.json().images).toEqual({ n1: own.url });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${shared.json().uuid}/` });
    expect(anonymous.json().images).toEqual({ n1: own.url });
  });
});
