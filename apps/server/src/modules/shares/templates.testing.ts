// Test helper of the community module: a template row inserted directly, as the seed does.
import { randomUUID } from 'node:crypto';
import type { TreeDocument } from '@arbor/tree-core';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../lib/clock.ts';
import { newTemplateHotScore } from './shares.hot.ts';
import * as repo from './shares.repository.ts';
import { searchTextOf } from './shares.search.ts';
import { forgetListCounts } from './shares.service.ts';
import { recordShareRevision } from './revisions.service.ts';

/** Node id → title. */
export type Titles = Record<string, string>;

/** A tree body of a root with one child per entry (id → title), in the order given. */
export const titledDocument = (titles: Titles) => ({
  nodes: [
    { id: 'root', parent_id: null, title: 'Root' },
    ...Object.entries(titles).map(([id, title]) => ({ id, parent_id: 'root', title })),
  ],
});

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

/**
 * Records `document` (an empty one by default) as the next revision of a template inserted
 * directly, as a re-share does, without a source tree.
 */
export async function reviseBareTemplate(
  app: FastifyInstance,
  shareId: number,
  options: { document?: TreeDocument; message?: string; createdAt?: string } = {},
): Promise<number> {
  const document: TreeDocument = options.document ?? {
    format: 1,
    layout: { direction: 'TB' },
    nodes: [],
    links: [],
    unlock: 'links',
  };
  return app.db.transaction().execute(async (trx) => {
    const share = await repo.findShare(trx, String(shareId));
    if (!share) throw new Error(`no share ${shareId}`);
    const revision = share.revision + 1;
    const now = options.createdAt ?? nowIso();
    await recordShareRevision(trx, {
      shareId,
      revision,
      document,
      previous: JSON.parse(share.data) as TreeDocument,
      message: options.message ?? '',
      createdAt: now,
    });
    await repo.updateShareFields(trx, shareId, {
      data: JSON.stringify(document),
      node_count: document.nodes.length,
      revision,
      updated_at: now,
    });
    return revision;
  });
}
