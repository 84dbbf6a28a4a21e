import type { TreeDocumentInput } from '@arbor/tree-core';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../testing/test-app.ts';

/** A valid document: a root with `count - 1` children spread over a few branches. */
export function sampleDocument(count = 4, title = 'Root'): TreeDocumentInput {
  const nodes = [{ id: 'root', parent_id: null, title }];
  for (let i = 1; i < count; i++)
    nodes.push({ id: `n${i}`, parent_id: i <= 3 ? 'root' : `n${1 + (i % 3)}`, title: `Node ${i}` } as never);
  return { nodes };
}

/** Creates a tree through the API and returns its JSON. */
export async function createTree(app: FastifyInstance, user: TestUser, body: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/tree/skills_tree/',
    headers: user.headers,
    payload: { title: 'My tree', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`createTree: ${res.statusCode} ${res.body}`);
  return res.json();
}
