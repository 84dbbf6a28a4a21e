import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../testing/test-app.ts';
import { createTree } from '../trees/testing.ts';

/**
 * root ─ basics ─ syntax
 *      └ advanced
 * `basics` has a summary, `syntax` only content, `advanced` neither; syntax waits for basics.
 */
export const recallDocument = {
  nodes: [
    { id: 'root', parent_id: null, title: 'TypeScript' },
    { id: 'basics', parent_id: 'root', title: 'Basics', summary: 'Types, values and inference.' },
    { id: 'syntax', parent_id: 'basics', title: 'Syntax', content: 'x'.repeat(600) },
    { id: 'advanced', parent_id: 'root', title: 'Advanced' },
  ],
  links: [{ source: 'basics', target: 'syntax', kind: 'prerequisite' }],
};

export async function recallTree(app: FastifyInstance, user: TestUser, visibility = 'private') {
  return (await createTree(app, user, { title: 'TS', visibility, data: recallDocument })) as {
    id: number;
    uuid: string;
  };
}

let reviewSeq = 0;
/** A fresh client review id. */
export const reviewId = () => `0000aaaa-0000-4000-8000-${String(++reviewSeq).padStart(12, '0')}`;
