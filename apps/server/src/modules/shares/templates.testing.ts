// Test helpers of the shares module: template rows inserted directly, as the seed does.
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
  const { title, createdAt } = options;
  const { id } = await insertTemplateRow(app, {
    ...options,
    tags: [],
    searchText: searchTextOf(title, '', []),
    nodes: [],
    hotScore: options.hotScore ?? newTemplateHotScore(createdAt),
  });
  return id;
}

/**
 * Inserts a template by `authorId` of one root node titled `title`, tagged with `tag` (one nothing
 * else in the calling file uses), created now and scored as a new one; the list shows it at once.
 */
export async function insertTaggedTemplate(
  app: FastifyInstance,
  options: { authorId: number; title: string; tag: string },
): Promise<{ id: number; uuid: string }> {
  const { title, tag } = options;
  const createdAt = nowIso();
  return insertTemplateRow(app, {
    ...options,
    createdAt,
    tags: [tag],
    searchText: `${title} ${tag}`.toLowerCase(),
    nodes: [{ id: 'root', parent_id: null, title }],
    hotScore: newTemplateHotScore(createdAt),
  });
}

/** Writes a template's row (and its tags) straight to the tables and drops the list's cached counts. */
async function insertTemplateRow(
  app: FastifyInstance,
  fields: {
    authorId: number;
    title: string;
    createdAt: string;
    tags: string[];
    searchText: string;
    nodes: Array<{ id: string; parent_id: null; title: string }>;
    hotScore: number;
  },
): Promise<{ id: number; uuid: string }> {
  const uuid = randomUUID();
  const { createdAt, tags, nodes } = fields;
  const id = await app.db.transaction().execute(async (trx) => {
    const id = await repo.insertShare(trx, {
      uuid,
      tree_id: null,
      author_id: fields.authorId,
      title: fields.title,
      description: '',
      tags: JSON.stringify(tags),
      search_text: fields.searchText,
      data: JSON.stringify({ format: 1, layout: { direction: 'TB' }, nodes, links: [] }),
      node_count: nodes.length,
      cover_key: null,
      hot_score: fields.hotScore,
      created_at: createdAt,
      updated_at: createdAt,
    });
    if (tags.length > 0) await repo.replaceShareTags(trx, id, tags, createdAt);
    return id;
  });
  forgetListCounts(app.deps);
  return { id, uuid };
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
