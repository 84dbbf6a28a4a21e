// Community search finds templates by the titles of their nodes (issue #28 item 10), for templates
// shared from now on and, through the migration, for those shared before it.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/20261129_0700_share_search_node_titles.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { forgetListCounts } from './shares.service.ts';

let t: TestApp;
let author: TestUser;
let template: number;

const found = async (query: string): Promise<number[]> => {
  forgetListCounts(t.app.deps);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/community/trees-shared/?search=${encodeURIComponent(query)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: Array<{ id: number }> }>().results.map((s) => s.id);
};

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.app);
  const tree = await t.app.inject({
    method: 'POST',
    url: '/api/tree/skills_tree/',
    headers: author.headers,
    payload: {
      title: 'Linear algebra',
      data: {
        format: 1,
        nodes: [
          { id: 'root', parent_id: null, title: 'Linear algebra' },
          { id: 'eig', parent_id: 'root', title: 'Eigenvalues 特征值' },
          { id: 'svd', parent_id: 'root', title: '特異値分解' },
        ],
      },
    },
  });
  expect(tree.statusCode, tree.body).toBe(201);
  const shared = await t.app.inject({
    method: 'POST',
    url: '/api/community/trees-shared/share_tree/',
    headers: author.headers,
    payload: { tree: tree.json<{ id: number }>().id, description: 'Vectors and matrices' },
  });
  expect(shared.statusCode, shared.body).toBe(201);
  template = shared.json<{ id: number }>().id;
});
afterAll(async () => t?.close());

describe('community search by node titles', () => {
  it.each(['eigenvalues', 'EIGEN', '特征', '特征值', '特異値', 'matrices linear'])(
    'finds the template by %s (a node title, a substring of one, or with its own words)',
    async (query) => {
      expect(await found(query)).toEqual([template]);
    },
  );

  it('still finds nothing for words in no title', async () => {
    expect(await found('topology')).toEqual([]);
  });

  it('keeps node titles searchable after the title or tags change', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/community/trees-shared/${template}/`,
      headers: author.headers,
      payload: { title: 'Matrices', tags: ['math'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await found('eigenvalues')).toEqual([template]);
    expect(await found('math')).toEqual([template]);
  });

  it('is given to templates shared before it by the migration (and taken back by its down)', async () => {
    const db = t.app.db as unknown as Kysely<unknown>;
    await down(db);
    expect(await found('eigenvalues')).toEqual([]);
    expect(await found('matrices')).toEqual([template]);
    await up(db);
    expect(await found('eigenvalues')).toEqual([template]);
    expect(await found('特異値')).toEqual([template]);
  });
});
