// Test helper of the community module: a template row inserted directly, as the seed does.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { newTemplateHotScore } from './community.hot.ts';
import * as repo from './community.repository.ts';
import { searchTextOf } from './community.search.ts';
import { forgetListCounts } from './community.service.ts';

/**
 * Inserts an empty template by `authorId`, created at `createdAt` and scored as a new one unless
 * `hotScore` says otherwise; the list's cached counts are dropped so it shows at once.
 */
export async function insertBareTemplate(
  app: FastifyInstance,
  options: { authorId: number; title: string; createdAt: string; hotScore?: number },
): Promise<number> {
  const { authorId, title, createdAt } = options;
  const id = await app.db.transaction().execute((trx) =>
    repo.insertShare(trx, {
      uuid: randomUUID(),
      tree_id: null,
      author_id: authorId,
      title,
      description: '',
      tags: '[]',
      search_text: searchTextOf(title, '', []),
      data: JSON.stringify({ format: 1, layout: { direction: 'TB' }, nodes: [], links: [] }),
      node_count: 0,
      cover_key: null,
      hot_score: options.hotScore ?? newTemplateHotScore(createdAt),
      created_at: createdAt,
      updated_at: createdAt,
    }),
  );
  forgetListCounts(app.deps);
  return id;
}
