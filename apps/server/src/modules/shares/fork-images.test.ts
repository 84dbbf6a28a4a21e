import { call } from '../../testing/call.ts';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { nodeImageForm, uploadNodeImage } from '../trees/testing.ts';
import { titledDocument, type Titles } from './templates.testing.ts';

let t: TestApp;
let alice: TestUser; // the template's author
let bob: TestUser; // uses it
let blue: Buffer;
let red: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([createUser(t.app), createUser(t.app)]);
  const square = (background: string) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background } })
      .png()
      .toBuffer();
  [blue, red] = await Promise.all([square('#3366cc'), square('#cc3333')]);
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

interface NodeImage {
  id: number;
  tree: number;
  node_id: string;
  url: string;
  bytes: number;
}
type Images = Record<string, number>; // node id → image id

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) =>
  call(t.app, user, method, url, payload);

const treeUrl = (id: number) => `/api/tree/skills_tree/${id}/`;

/** `titledDocument(titles)` with images on some nodes. */
const withImages = (titles: Titles, images: Images) => ({
  nodes: titledDocument(titles).nodes.map((node) => ({ ...node, image_id: images[node.id] ?? null })),
});

/** The images of a tree's working copy (node id → image id), nodes without one left out. */
async function imagesOf(treeId: number, user: TestUser = bob): Promise<Images> {
  const nodes = (await inject('GET', treeUrl(treeId), user)).json().data.nodes as Array<{
    id: string;
    image_id: number | null;
  }>;
  return Object.fromEntries(nodes.flatMap((n) => (n.image_id === null ? [] : [[n.id, n.image_id]])));
}

/** The caller's own images of a tree, as the editor lists them. */
async function listedImages(treeId: number, user: TestUser = bob): Promise<NodeImage[]> {
  const res = await inject('GET', `/api/tree/node_image/?tree=${treeId}&page_size=100`, user);
  expect(res.statusCode).toBe(200);
  return res.json().results;
}

/** The bytes `/media/…` serves for an image (null when it answers 404). */
async function served(image: NodeImage): Promise<Buffer | null> {
  const res = await t.app.inject({ method: 'GET', url: new URL(image.url).pathname });
  if (res.statusCode === 404) return null;
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  return res.rawPayload;
}

const copiedFrom = async (id: number) =>
  (
    await t.app.db
      .selectFrom('node_images')
      .select(['copied_from', 'owner_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).copied_from;

interface Template {
  tree: number;
  share: number;
}

/** Alice's tree of `titles` with an image uploaded for each node of `pictures`, shared as a template. */
async function template(titles: Titles, pictures: Record<string, Buffer>): Promise<Template & { images: Images }> {
  const created = await inject('POST', '/api/tree/skills_tree/', alice, {
    title: 'Pictures',
    data: titledDocument(titles),
  });
  expect(created.statusCode).toBe(201);
  const tree = created.json().id as number;
  const images: Images = {};
  for (const [node, bytes] of Object.entries(pictures))
    images[node] = (await uploadNodeImage(t.app, alice, tree, node, bytes)).id;
  expect((await inject('PUT', treeUrl(tree), alice, { data: withImages(titles, images) })).statusCode).toBe(200);
  const shared = await inject('POST', '/api/community/trees-shared/share_tree/', alice, { tree });
  expect(shared.statusCode).toBe(201);
  return { tree, share: shared.json().id, images };
}

/** Alice's next revision: her tree becomes `titles` with `images`, shared again. */
async function revise(tpl: Template, titles: Titles, images: Images) {
  expect((await inject('PUT', treeUrl(tpl.tree), alice, { data: withImages(titles, images) })).statusCode).toBe(200);
  const shared = await inject('POST', '/api/community/trees-shared/share_tree/', alice, { tree: tpl.tree });
  expect(shared.statusCode).toBe(200);
}

const useTemplate = (tpl: Template) => inject('POST', `/api/community/trees-shared/${tpl.share}/use_tree/`, bob, {});

async function fork(tpl: Template): Promise<number> {
  const res = await useTemplate(tpl);
  expect(res.statusCode).toBe(201);
  return res.json().tree.id as number;
}

const preview = async (treeId: number) => (await inject('GET', `${treeUrl(treeId)}upstream/`, bob)).json();
const sync = (treeId: number) => inject('POST', `${treeUrl(treeId)}sync_upstream/`, bob, {});

const noChanges = { added: 0, removed: 0, changed: 0, moved: 0 };

/** Storage that keeps the first file written and fails the next ("disk full"); returns the keys it stored. */
function failSecondFilePut(): string[] {
  const put = t.app.storage.put.bind(t.app.storage);
  const stored: string[] = [];
  vi.spyOn(t.app.storage, 'put').mockImplementation(async (key, body, contentType) => {
    if (stored.length > 0) throw new Error('disk full');
    stored.push(key);
    await put(key, body, contentType);
  });
  return stored;
}

describe('images of a tree made from a template', () => {
  it("gives the new tree its own copy of each template image, which outlives the author's", async () => {
    const tpl = await template({ a: 'A', b: 'B' }, { a: blue });
    const treeId = await fork(tpl);

    const images = await imagesOf(treeId);
    expect(Object.keys(images)).toEqual(['a']);
    expect(images.a).not.toBe(tpl.images.a);
    const [copy] = await listedImages(treeId);
    expect(copy).toMatchObject({ id: images.a, tree: treeId, node_id: 'a' });
    expect(await copiedFrom(copy!.id)).toBe(tpl.images.a);
    const [original] = await listedImages(tpl.tree, alice);
    expect(copy!.url).not.toBe(original!.url);
    expect(await served(copy!)).toEqual(await served(original!));
    // Version 1 holds the same document as the working copy.
    const version = await inject('GET', `/api/tree/skills_tree_version/?tree=${treeId}`, bob);
    const first = await inject('GET', `/api/tree/skills_tree_version/${version.json().results[0].id}/`, bob);
    expect(first.json().data.nodes.find((n: { id: string }) => n.id === 'a').image_id).toBe(images.a);

    expect((await inject('DELETE', `/api/tree/node_image/${tpl.images.a}/`, alice)).statusCode).toBe(204);
    expect(await served(original!)).toBeNull();
    expect(await listedImages(treeId)).toEqual([copy]);
    expect((await served(copy!))?.length).toBe(copy!.bytes);
  });

  it("drops references to images that are not the source tree's, or whose tree or file is gone", async () => {
    const other = await inject('POST', '/api/tree/skills_tree/', alice, { title: 'Elsewhere' });
    const elsewhere = await uploadNodeImage(t.app, alice, other.json().id, 'root', red);
    const tpl = await template({ a: 'A', b: 'B', c: 'C' }, { a: blue, b: red });
    await revise(tpl, { a: 'A', b: 'B', c: 'C' }, { ...tpl.images, c: elsewhere.id });
    // b's file is lost from storage: its node gets no image, the others still do.
    const [bFile] = (await listedImages(tpl.tree, alice)).filter((image) => image.id === tpl.images.b);
    await t.app.storage.delete(new URL(bFile!.url).pathname.replace('/media/', ''));
    const treeId = await fork(tpl);
    expect(Object.keys(await imagesOf(treeId))).toEqual(['a']);
    expect(await listedImages(treeId)).toHaveLength(1);

    // Once the source tree is deleted, the template's snapshot shows no image, and neither does a new tree.
    expect((await inject('DELETE', treeUrl(tpl.tree), alice)).statusCode).toBe(204);
    const orphan = await fork(tpl);
    expect(await imagesOf(orphan)).toEqual({});
    expect(await listedImages(orphan)).toEqual([]);
  });

  it('leaves nothing behind when the new tree cannot be written', async () => {
    const tpl = await template({ a: 'A', b: 'B' }, { a: blue, b: red });
    const treesBefore = (await inject('GET', '/api/tree/skills_tree/', bob)).json().count as number;
    const imagesBefore = (await inject('GET', '/api/tree/node_image/', bob)).json().count as number;
    const stored = failSecondFilePut();

    expect((await useTemplate(tpl)).statusCode).toBe(500);
    expect(stored).toHaveLength(1);
    expect(await t.app.storage.get(stored[0]!)).toBeNull();
    expect((await inject('GET', '/api/tree/skills_tree/', bob)).json().count).toBe(treesBefore);
    expect((await inject('GET', '/api/tree/node_image/', bob)).json().count).toBe(imagesBefore);
    expect((await inject('GET', `/api/community/trees-shared/${tpl.share}/`, bob)).json().uses_count).toBe(0);
  });
});

describe('template updates of a tree with copied images', () => {
  it('sees no change in the nodes whose template image it copied, and keeps its copies across a sync', async () => {
    const tpl = await template({ a: 'A', b: 'B', c: 'C' }, { a: blue, b: red });
    const treeId = await fork(tpl);
    const copies = await imagesOf(treeId);
    await revise(tpl, { a: 'A', b: 'B', c: 'C renamed' }, tpl.images);

    expect(await preview(treeId)).toMatchObject({
      upstream_changes: { ...noChanges, changed: 1 },
      local_changes: noChanges,
      conflicts: [],
    });
    const res = await sync(treeId);
    expect(res.statusCode).toBe(200);
    expect(res.json().applied).toEqual({ ...noChanges, changed: 1 });
    expect(await imagesOf(treeId)).toEqual(copies);
    expect(await listedImages(treeId)).toHaveLength(2);
  });

  it('copies the image of a node the template added, and takes the new image of a node the template changed', async () => {
    const tpl = await template({ a: 'A', b: 'B' }, { a: blue });
    const treeId = await fork(tpl);
    const forked = await imagesOf(treeId);
    const added = await uploadNodeImage(t.app, alice, tpl.tree, 'd', red);
    const changed = await uploadNodeImage(t.app, alice, tpl.tree, 'a', red);
    await revise(tpl, { a: 'A', b: 'B', d: 'D' }, { a: changed.id, d: added.id });

    const before = await preview(treeId);
    expect(before).toMatchObject({
      upstream_changes: { ...noChanges, added: 1, changed: 1 },
      local_changes: noChanges,
      conflicts: [],
    });
    const res = await sync(treeId);
    expect(res.statusCode).toBe(200);
    expect(res.json().applied).toEqual({ ...noChanges, added: 1, changed: 1 });

    const images = await imagesOf(treeId);
    expect(Object.keys(images).sort()).toEqual(['a', 'd']);
    expect(images.a).not.toBe(forked.a);
    expect([images.a, images.d]).not.toContain(changed.id);
    expect(images.d).not.toBe(added.id);
    expect(await copiedFrom(images.a!)).toBe(changed.id);
    expect(await copiedFrom(images.d!)).toBe(added.id);
    const listed = await listedImages(treeId);
    for (const id of [images.a, images.d]) {
      const image = listed.find((i) => i.id === id)!;
      expect(await served(image)).toEqual(await served(id === images.a ? changed : added));
    }
    // In sync with the template: nothing to bring in, nothing changed here.
    expect(await preview(treeId)).toMatchObject({ upstream_changes: noChanges, local_changes: noChanges });
  });

  it("keeps the owner's own image of a node when the template's is unchanged, and reports it as a change of theirs", async () => {
    const tpl = await template({ a: 'A', b: 'B' }, { a: blue });
    const treeId = await fork(tpl);
    const mine = await uploadNodeImage(t.app, bob, treeId, 'a', red);
    const saved = await inject('PUT', treeUrl(treeId), bob, { data: withImages({ a: 'A', b: 'B' }, { a: mine.id }) });
    expect(saved.statusCode).toBe(200);
    await revise(tpl, { a: 'A', b: 'B2' }, tpl.images);

    expect(await preview(treeId)).toMatchObject({
      upstream_changes: { ...noChanges, changed: 1 },
      local_changes: { ...noChanges, changed: 1 },
      conflicts: [],
    });
    expect((await sync(treeId)).statusCode).toBe(200);
    expect(await imagesOf(treeId)).toEqual({ a: mine.id });
  });

  it("counts a new file for a copied image as the owner's change: it conflicts with the template's", async () => {
    const tpl = await template({ a: 'A', b: 'B' }, { a: blue });
    const treeId = await fork(tpl);
    const copy = (await imagesOf(treeId)).a!;
    const body = nodeImageForm({}, { bytes: red });
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/tree/node_image/${copy}/`,
      headers: { ...bob.headers, ...body.headers },
      payload: body.payload,
    });
    expect(replaced.statusCode).toBe(200);
    expect(await copiedFrom(copy)).toBeNull();
    const changed = await uploadNodeImage(t.app, alice, tpl.tree, 'a', red);
    await revise(tpl, { a: 'A', b: 'B' }, { a: changed.id });

    expect(await preview(treeId)).toMatchObject({
      upstream_changes: { ...noChanges, changed: 1 },
      local_changes: { ...noChanges, changed: 1 },
      conflicts: [{ node_id: 'a', fields: ['image_id'] }],
    });
    expect((await sync(treeId)).statusCode).toBe(409);
    expect(await imagesOf(treeId)).toEqual({ a: copy });
  });

  it('writes nothing and keeps no copied file when a sync fails', async () => {
    const tpl = await template({ a: 'A' }, { a: blue });
    const treeId = await fork(tpl);
    const before = (await inject('GET', treeUrl(treeId), bob)).json();
    const added = await uploadNodeImage(t.app, alice, tpl.tree, 'b', red);
    const other = await uploadNodeImage(t.app, alice, tpl.tree, 'c', red);
    await revise(tpl, { a: 'A', b: 'B', c: 'C' }, { ...tpl.images, b: added.id, c: other.id });
    const stored = failSecondFilePut();

    expect((await sync(treeId)).statusCode).toBe(500);
    expect(stored).toHaveLength(1);
    expect(await t.app.storage.get(stored[0]!)).toBeNull();
    const after = (await inject('GET', treeUrl(treeId), bob)).json();
    expect(after).toMatchObject({ revision: before.revision, data: before.data, upstream: { base_revision: 1 } });
    expect(await listedImages(treeId)).toHaveLength(1);
  });

  it("suggests from a tree with copied images without changing the template's images", async () => {
    const tpl = await template({ a: 'A', b: 'B' }, { a: blue });
    const treeId = await fork(tpl);
    const copies = await imagesOf(treeId);
    const edited = await inject('PUT', treeUrl(treeId), bob, { data: withImages({ a: 'A', b: 'B better' }, copies) });
    expect(edited.statusCode).toBe(200);
    const suggested = await inject('POST', `/api/community/trees-shared/${tpl.share}/suggestions/`, bob, {
      title: 'Better B',
      tree: treeId,
    });
    expect(suggested.statusCode).toBe(201);
    expect(suggested.json().changes).toEqual({ ...noChanges, changed: 1 });

    const accepted = await inject('POST', `/api/community/suggestions/${suggested.json().id}/accept/`, alice, {});
    expect(accepted.statusCode).toBe(200);
    expect(await imagesOf(tpl.tree, alice)).toEqual(tpl.images);
  });
});
