// Issue 29, item 1: the heaviest learning requests the contract allows do bounded work. Marking the
// end of a 5,000-node chain done with its prerequisites writes every status in batches and at most
// AUTO_CARDS_PER_TRANSACTION cards itself; the rest go to the `learning.auto_cards` job, which writes
// them in transactions of that size. (How long other requests wait meanwhile is measured by
// bench/learning-freeze.bench.ts, not here.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobMap } from '../../lib/jobs/jobs.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree } from '../trees/testing.ts';
import { AUTO_CARDS_PER_TRANSACTION } from './auto-cards.service.ts';

const CHAIN = 5_000;

let t: TestApp;
let learner: TestUser;

/** n0 ─ n1 ─ … ─ n4999, each the child of the one before, in "parent" mode: each waits for its parent. */
const chain = {
  unlock: 'parent',
  nodes: Array.from({ length: CHAIN }, (_, i) => ({
    id: `n${i}`,
    parent_id: i === 0 ? null : `n${i - 1}`,
    title: `Step ${i}`,
    summary: `Summary ${i}`,
  })),
  links: [],
};

const cardsOf = async (treeId: number) =>
  t.app.db
    .selectFrom('learning_cards')
    .select(['node_id', 'front', 'back'])
    .where('user_id', '=', learner.id)
    .where('subject_kind', '=', 'tree')
    .where('subject_id', '=', treeId)
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  learner = await createUser(t.app);
});
afterAll(async () => t.close());

describe('heavy progress calls (issue 29)', () => {
  it('writes at most the cap of cards in the request and hands the rest to a job, in batches', async () => {
    const tree = (await createTree(t.app, learner, { title: 'Chain', data: chain })) as { id: number; uuid: string };
    const queued: JobMap['learning.auto_cards'][] = [];
    const enqueue = vi.spyOn(t.app.deps.jobs, 'enqueue').mockImplementation((_name, payload) => {
      queued.push(payload as JobMap['learning.auto_cards']);
      return Promise.resolve(null);
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/learn/progress/',
      headers: learner.headers,
      payload: { tree: tree.uuid, node_id: `n${CHAIN - 1}`, status: 'done', with_prerequisites: true },
    });
    enqueue.mockRestore();
    expect(res.statusCode).toBe(200);
    // Every status is written by the request itself (the root is done too, but never counted).
    expect(res.json().summary).toMatchObject({ counted: CHAIN - 1, done: CHAIN - 1, percent: 100 });
    expect(res.json().locked).toEqual([]);

    // Nothing waits for the root: the target's prerequisites are n1…n4998. The request wrote the
    // cap of cards, the target's and its nearest prerequisites', and queued the rest.
    const written = await cardsOf(tree.id);
    expect(written).toHaveLength(AUTO_CARDS_PER_TRANSACTION);
    expect(new Set(written.map((card) => card.node_id))).toEqual(
      new Set(Array.from({ length: AUTO_CARDS_PER_TRANSACTION }, (_, i) => `n${CHAIN - 1 - i}`)),
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ userId: learner.id, kind: 'tree', subjectId: tree.id });
    expect(queued[0]!.nodeIds).toHaveLength(CHAIN - 1 - AUTO_CARDS_PER_TRANSACTION);

    // The job writes the rest, a transaction per cap; run twice, it adds nothing twice.
    const transaction = vi.spyOn(t.app.deps.db, 'transaction');
    await t.app.deps.jobs.enqueue('learning.auto_cards', queued[0]!);
    await t.app.deps.jobs.enqueue('learning.auto_cards', queued[0]!);
    await t.app.deps.jobs.idle();
    const perRun = Math.ceil((CHAIN - 1 - AUTO_CARDS_PER_TRANSACTION) / AUTO_CARDS_PER_TRANSACTION);
    expect(transaction).toHaveBeenCalledTimes(2 * perRun);
    transaction.mockRestore();
    const cards = await cardsOf(tree.id);
    expect(cards).toHaveLength(CHAIN - 1);
    expect(new Set(cards.map((card) => card.node_id)).size).toBe(CHAIN - 1);

    // Fronts are the node's path, cut to 2,000 characters from the start; backs its summary.
    const deepest = cards.find((card) => card.node_id === `n${CHAIN - 1}`)!;
    const fullPath = chain.nodes.map((node) => node.title).join(' › ');
    expect(deepest.front).toBe(fullPath.slice(0, 2_000));
    expect(deepest.back).toBe(`Summary ${CHAIN - 1}`);
    expect(cards.find((card) => card.node_id === 'n2')!.front).toBe('Step 0 › Step 1 › Step 2');
  });

  it('gives no card to a node that is no longer done when the job runs', async () => {
    const tree = (await createTree(t.app, learner, { title: 'Chain', data: chain })) as { id: number; uuid: string };
    // n1…n509 done: 500 cards in the request (n509…n10), 9 owed (n9…n1); then n1 is undone.
    const target = `n${AUTO_CARDS_PER_TRANSACTION + 9}`;
    const queued: JobMap['learning.auto_cards'][] = [];
    const enqueue = vi.spyOn(t.app.deps.jobs, 'enqueue').mockImplementation((_name, payload) => {
      queued.push(payload as JobMap['learning.auto_cards']);
      return Promise.resolve(null);
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/learn/progress/',
      headers: learner.headers,
      payload: { tree: tree.uuid, node_id: target, status: 'done', with_prerequisites: true },
    });
    expect(res.statusCode).toBe(200);
    const undo = await t.app.inject({
      method: 'PUT',
      url: '/api/learn/progress/',
      headers: learner.headers,
      payload: { tree: tree.uuid, node_id: 'n1', status: 'learning' },
    });
    expect(undo.statusCode).toBe(200);
    enqueue.mockRestore();
    expect(queued[0]!.nodeIds).toHaveLength(9);
    await t.app.deps.jobs.enqueue('learning.auto_cards', queued[0]!);
    await t.app.deps.jobs.idle();
    const cards = await cardsOf(tree.id);
    expect(cards).toHaveLength(AUTO_CARDS_PER_TRANSACTION + 8);
    expect(cards.map((card) => card.node_id)).not.toContain('n1');
  });

  it('writes a 500-item bulk with its cards in one request, all or nothing', async () => {
    const tree = (await createTree(t.app, learner, { title: 'Chain', data: chain })) as { id: number; uuid: string };
    const items = Array.from({ length: 500 }, (_, i) => ({ node_id: `n${i + 1}`, status: 'done' }));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/learn/progress/bulk/',
      headers: learner.headers,
      payload: { tree: tree.uuid, items: [...items.slice(1), { node_id: 'missing', status: 'done' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(await cardsOf(tree.id)).toHaveLength(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/learn/progress/bulk/',
      headers: learner.headers,
      payload: { tree: tree.uuid, items },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().summary.done).toBe(500);
    await t.app.deps.jobs.idle();
    expect(await cardsOf(tree.id)).toHaveLength(500);
    // Back to todo in bulk: statuses go, cards stay.
    const undone = await t.app.inject({
      method: 'POST',
      url: '/api/learn/progress/bulk/',
      headers: learner.headers,
      payload: { tree: tree.uuid, items: items.map((item) => ({ ...item, status: 'todo' })) },
    });
    expect(undone.json().summary.done).toBe(0);
    expect(await cardsOf(tree.id)).toHaveLength(500);
  });
});
