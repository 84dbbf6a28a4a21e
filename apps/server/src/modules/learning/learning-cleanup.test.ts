import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree } from '../trees/testing.ts';

let t: TestApp;
let author: TestUser;
let learner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [author, learner] = await Promise.all([createUser(t.app), createUser(t.app)]);
});
afterAll(async () => t.close());

const rowsOf = async (kind: 'tree' | 'share', id: number) =>
  t.app.db
    .selectFrom('learning_progress')
    .select('node_id')
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', id)
    .execute();

describe('learning rows follow what is learnt', () => {
  it("removes other learners' rows on a deleted account's trees and templates", async () => {
    const data = {
      nodes: [
        { id: 'root', parent_id: null, title: 'Root' },
        { id: 'a', parent_id: 'root', title: 'A' },
      ],
    };
    const tree = (await createTree(t.app, author, { title: 'Open', visibility: 'public', data })) as {
      id: number;
      uuid: string;
    };
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/share_tree/',
      headers: author.headers,
      payload: { tree: tree.id },
    });
    const share = shared.json() as { id: number; uuid: string };
    for (const subject of [{ tree: tree.uuid }, { share: share.uuid }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/learn/progress/',
        headers: learner.headers,
        payload: { ...subject, node_id: 'a', status: 'done' },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await rowsOf('tree', tree.id)).toHaveLength(1);
    expect(await rowsOf('share', share.id)).toHaveLength(1);

    const admin = await createUser(t.app, { role: 'admin' });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/users/${author.id}/`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(204);

    expect(await rowsOf('tree', tree.id)).toEqual([]);
    expect(await rowsOf('share', share.id)).toEqual([]);
    const subjects = await t.app.inject({ method: 'GET', url: '/api/learn/subjects/', headers: learner.headers });
    expect(subjects.json().count).toBe(0);
  });
});
