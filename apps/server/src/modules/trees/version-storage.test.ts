import { addChild, createTreeDocument, updateNode, type TreeDocument } from '@arbor/tree-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../testing/test-app.ts';
import { createTreeFromDocument } from './trees.service.ts';
import { readVersionDocument, recordVersion, removeVersion } from './version-storage.ts';
import { findVersionByNumber, storedVersionBytes } from './versions.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function bigDocument(count: number): TreeDocument {
  let doc = createTreeDocument('Root');
  for (let i = 1; i < count; i++) {
    doc = addChild(doc, i <= 10 ? 'root' : `n${i % 10 || 10}`, {
      id: `n${i}`,
      title: `Node ${i}`,
      summary: `Summary of node ${i}`,
      content: `Some **content** for node ${i}.`,
    }).document;
  }
  return doc;
}

describe('version storage', () => {
  it('stores many small edits as deltas that read back exactly', async () => {
    const owner = await createUser(t.app);
    let doc = bigDocument(300);
    const treeId = await createTreeFromDocument(t.app.deps, owner.id, { title: 'Big', data: doc });
    const expected: TreeDocument[] = [doc];
    for (let v = 2; v <= 40; v++) {
      doc = updateNode(doc, `n${((v * 7) % 299) + 1}`, { title: `Edited in ${v}` });
      if (v % 5 === 0) doc = addChild(doc, 'n3', { id: `added${v}`, title: `Added ${v}` }).document;
      expected.push(doc);
      await recordVersion(t.app.db, treeId, doc, {
        message: `v${v}`,
        createdBy: owner.id,
        createdAt: t.app.deps.clock.nowIso(),
      });
    }
    const stored = await storedVersionBytes(t.app.db, treeId);
    const snapshotBytes = new TextEncoder().encode(JSON.stringify(expected[0])).length;
    expect(stored.count).toBe(40);
    expect(stored.snapshots).toBe(1);
    expect(stored.total).toBeLessThan(1.5 * snapshotBytes);
    for (const number of [1, 2, 17, 40]) {
      const version = (await findVersionByNumber(t.app.db, treeId, number))!;
      expect(await readVersionDocument(t.app.db, version)).toEqual(expected[number - 1]);
    }
    // Deleting the snapshot and a delta re-encodes their successors; every other version is unchanged.
    for (const number of [1, 20]) await removeVersion(t.app.db, (await findVersionByNumber(t.app.db, treeId, number))!);
    for (const number of [2, 19, 21, 40]) {
      const version = (await findVersionByNumber(t.app.db, treeId, number))!;
      expect(await readVersionDocument(t.app.db, version)).toEqual(expected[number - 1]);
    }
  });

  it('starts a new snapshot when the deltas would outweigh one', async () => {
    const owner = await createUser(t.app);
    let doc = createTreeDocument('Small');
    const treeId = await createTreeFromDocument(t.app.deps, owner.id, { title: 'Small', data: doc });
    for (let v = 2; v <= 6; v++) {
      doc = updateNode(doc, 'root', { content: `rewritten ${v} `.repeat(50) });
      await recordVersion(t.app.db, treeId, doc, {
        message: '',
        createdBy: owner.id,
        createdAt: t.app.deps.clock.nowIso(),
      });
    }
    const stored = await storedVersionBytes(t.app.db, treeId);
    expect(stored.snapshots).toBeGreaterThan(1);
    expect(await readVersionDocument(t.app.db, (await findVersionByNumber(t.app.db, treeId, 6))!)).toEqual(doc);
  });
});
