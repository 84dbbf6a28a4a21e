import { inBatches } from '../../db/batches.ts';
import { sql, type Selectable } from 'kysely';
import type { DB, Dialect, Executor } from '../../db/connection.ts';
import type { TreesTable } from '../../db/tables/trees.ts';
import { batchedRead } from '../../db/batched-read.ts';
import { reusableQuery } from '../../db/reusable-query.ts';
import {
  splitTokenUser,
  splitTokenUsers,
  withTokenUser,
  withTokenUsers,
  type WithTokenUser,
} from '../../plugins/auth.repository.ts';

/**
 * What a tree's template is now (null when the tree has none or the template was withdrawn): read
 * with the tree by a join on `shares`, so that every tree answer (a list of 100 included) costs no
 * further query.
 */
export interface UpstreamColumns {
  upstream_uuid: string | null;
  upstream_current_title: string | null;
  upstream_latest_revision: number | null;
  upstream_hidden: number | null;
}

export type TreeRow = Selectable<TreesTable> & {
  owner_username: string;
  owner_avatar_key: string | null;
} & UpstreamColumns;
/** A tree without its (possibly large) document. */
export type TreeListRow = Omit<TreeRow, 'data' | 'search_text' | 'tag_key'>;

const LIST_COLUMNS = [
  'trees.id',
  'trees.uuid',
  'trees.owner_id',
  'trees.title',
  'trees.description',
  'trees.tags',
  'trees.visibility',
  'trees.node_count',
  'trees.revision',
  'trees.latest_version',
  'trees.created_at',
  'trees.updated_at',
  'trees.upstream_share_id',
  'trees.upstream_share_uuid',
  'trees.upstream_title',
  'trees.upstream_base_revision',
  'users.username as owner_username',
  'profiles.avatar_key as owner_avatar_key',
] as const;

/** The template's columns joined as `upstream` (see `UpstreamColumns`). */
const UPSTREAM_COLUMNS = [
  'upstream.uuid as upstream_uuid',
  'upstream.title as upstream_current_title',
  'upstream.revision as upstream_latest_revision',
  'upstream.hidden as upstream_hidden',
] as const;

const TREE_ORDER = {
  '-updated_at': ['updated_at', 'desc'],
  updated_at: ['updated_at', 'asc'],
  title: ['title', 'asc'],
  '-title': ['title', 'desc'],
  created_at: ['created_at', 'asc'],
  '-created_at': ['created_at', 'desc'],
} as const;

interface TreeFilter {
  ownerId: number;
  /** lower-cased search words; each must appear in title, description or tags */
  terms: string[];
  /** normalised tags; each must be on the tree */
  tags: string[];
  ordering: keyof typeof TREE_ORDER;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const contains = (column: 'search_text' | 'tag_key', text: string) =>
  sql<boolean>`${sql.ref(`trees.${column}`)} like ${`%${likeEscape(text)}%`} escape '\\'`;

export async function insertTree(db: Executor, values: Omit<TreesTable, 'id'>): Promise<number> {
  const row = await db.insertInto('trees').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Trees with their owner's name and avatar (a profile may not exist yet) and their template as it
 * is now. The template is read by id from the community's table without going through that module
 * (which depends on this one): `shares.id` never changes, and a withdrawn one simply does not join.
 */
function fromTreesWithOwner(db: Executor) {
  return db
    .selectFrom('trees')
    .innerJoin('users', 'users.id', 'trees.owner_id')
    .leftJoin('profiles', 'profiles.user_id', 'trees.owner_id')
    .leftJoin('shares as upstream', 'upstream.id', 'trees.upstream_share_id');
}

function selectTree(db: Executor) {
  return fromTreesWithOwner(db)
    .selectAll('trees')
    .select(['users.username as owner_username', 'profiles.avatar_key as owner_avatar_key', ...UPSTREAM_COLUMNS]);
}

export async function findTreeById(db: Executor, id: number): Promise<TreeRow | undefined> {
  return selectTree(db).where('trees.id', '=', id).executeTakeFirst();
}

export async function findTreeByUuid(db: Executor, uuid: string): Promise<TreeRow | undefined> {
  return selectTree(db).where('trees.uuid', '=', uuid).executeTakeFirst();
}

function selectTreeMeta(db: Executor) {
  return fromTreesWithOwner(db).select([...LIST_COLUMNS, ...UPSTREAM_COLUMNS]);
}

/** The two shapes of `findTreeMetaWithTokenUser`, each built and compiled once per database. */
const treeMetaWithTokenUserBy = {
  id: reusableQuery(2, (db, id: number, userId: number) =>
    withTokenUser(db, userId, selectTreeMeta(db).where('trees.id', '=', id)),
  ),
  uuid: reusableQuery(2, (db, uuid: string, userId: number) =>
    withTokenUser(db, userId, selectTreeMeta(db).where('trees.uuid', '=', uuid)),
  ),
};

/** The same reads on PostgreSQL, those of one turn of the event loop as one statement (`batchedRead`). */
const treeMetaWithTokenUsersBy = {
  id: batchedTreeMetaRead<number>('int', 'trees.id'),
  uuid: batchedTreeMetaRead<string>('text', 'trees.uuid'),
};

function batchedTreeMetaRead<Key extends number | string>(type: 'int' | 'text', column: 'trees.id' | 'trees.uuid') {
  const statement = reusableQuery(2, (db, keys: Key[], userIds: number[]) =>
    withTokenUsers({ values: keys, type }, userIds, (key) => selectTreeMeta(db).where(column, '=', key)),
  );
  return batchedRead(async (db, reads: Array<{ key: Key; userId: number }>) =>
    splitTokenUsers<TreeListRow>(
      await statement(
        db,
        reads.map((read) => read.key),
        reads.map((read) => read.userId),
      ),
      reads.length,
    ),
  );
}

/** A tree without its document (`findTreeMetaById`, by id or uuid) with the caller's user read in the same statement (`readWithSession`). */
export async function findTreeMetaWithTokenUser(
  db: Executor,
  dialect: Dialect,
  ref: { id: number } | { uuid: string },
  userId: number,
): Promise<WithTokenUser<TreeListRow>> {
  if (dialect === 'postgres') {
    return 'id' in ref
      ? treeMetaWithTokenUsersBy.id(db, { key: ref.id, userId })
      : treeMetaWithTokenUsersBy.uuid(db, { key: ref.uuid, userId });
  }
  const rows =
    'id' in ref
      ? await treeMetaWithTokenUserBy.id(db, ref.id, userId)
      : await treeMetaWithTokenUserBy.uuid(db, ref.uuid, userId);
  return splitTokenUser<TreeListRow>(rows[0]);
}

/** A tree without its document: for permission checks and answers that do not carry `data`. */
export async function findTreeMetaById(db: Executor, id: number): Promise<TreeListRow | undefined> {
  return selectTreeMeta(db).where('trees.id', '=', id).executeTakeFirst();
}

/**
 * A tree without its document, locked until the transaction ends: `SELECT … FOR UPDATE` on
 * PostgreSQL; on SQLite the write transaction is already the only one, so a plain read is as good.
 */
export async function findTreeMetaForUpdate(
  db: Executor,
  dialect: Dialect,
  id: number,
): Promise<TreeListRow | undefined> {
  return selectTreeMeta(db)
    .where('trees.id', '=', id)
    .$if(dialect === 'postgres', (query) => query.forUpdate('trees'))
    .executeTakeFirst();
}

export async function findTreeMetaByUuid(db: Executor, uuid: string): Promise<TreeListRow | undefined> {
  return selectTreeMeta(db).where('trees.uuid', '=', uuid).executeTakeFirst();
}

/** Just the stored document of a tree. */
export async function findTreeData(db: Executor, id: number): Promise<{ data: string; revision: number } | undefined> {
  return db.selectFrom('trees').select(['data', 'revision']).where('id', '=', id).executeTakeFirst();
}

/** The revision of a tree, locked until the transaction ends (as `findTreeMetaForUpdate`). */
export async function findTreeRevisionForUpdate(
  db: Executor,
  dialect: Dialect,
  id: number,
): Promise<{ revision: number } | undefined> {
  return db
    .selectFrom('trees')
    .select(['revision'])
    .where('id', '=', id)
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
}

/** One page of a user's trees matching the filter, and how many match in all. */
export async function listTrees(
  db: DB,
  filter: TreeFilter,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: TreeListRow[] }> {
  let base = db.selectFrom('trees').where('trees.owner_id', '=', filter.ownerId);
  for (const term of filter.terms) base = base.where(contains('search_text', term));
  for (const tag of filter.tags) base = base.where(contains('tag_key', `|${tag}|`));
  const [column, direction] = TREE_ORDER[filter.ordering];
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .innerJoin('users', 'users.id', 'trees.owner_id')
      .leftJoin('profiles', 'profiles.user_id', 'trees.owner_id')
      .leftJoin('shares as upstream', 'upstream.id', 'trees.upstream_share_id')
      .select([...LIST_COLUMNS, ...UPSTREAM_COLUMNS])
      .orderBy(`trees.${column}`, direction)
      .orderBy('trees.id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { count: Number(count), rows };
}

export type TreeFieldsUpdate = Partial<
  Pick<
    TreesTable,
    'title' | 'description' | 'tags' | 'tag_key' | 'search_text' | 'visibility' | 'data' | 'node_count' | 'updated_at'
  >
>;

/** Updates a tree (the caller holds its lock); `bumpRevision` when its document changes. Returns the new revision. */
export async function updateTree(
  db: Executor,
  id: number,
  fields: TreeFieldsUpdate,
  options: { bumpRevision: boolean },
): Promise<number> {
  const row = await db
    .updateTable('trees')
    .set(options.bumpRevision ? { ...fields, revision: sql<number>`revision + 1` } : fields)
    .where('id', '=', id)
    .returning('revision')
    .executeTakeFirstOrThrow();
  return row.revision;
}

/**
 * Takes the next version number of a tree. The update holds the tree's row lock until the
 * transaction ends, so concurrent version writes of one tree run one after the other and numbers
 * never collide or skip.
 */
export async function allocateVersionNumber(db: Executor, treeId: number): Promise<number> {
  const row = await db
    .updateTable('trees')
    .set({ latest_version: sql<number>`coalesce(latest_version, 0) + 1` })
    .where('id', '=', treeId)
    .returning('latest_version')
    .executeTakeFirstOrThrow();
  return row.latest_version!;
}

/**
 * Takes the tree's row lock until the transaction ends (a no-op update: portable, unlike
 * SELECT … FOR UPDATE), so version writes of one tree never interleave.
 */
export async function lockTree(db: Executor, treeId: number): Promise<boolean> {
  const result = await db
    .updateTable('trees')
    .set({ latest_version: sql<number>`latest_version` })
    .where('id', '=', treeId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the template revision a tree's working copy was last merged with (and the template's title then). */
export async function setUpstreamBase(
  db: Executor,
  id: number,
  fields: { revision: number; title: string },
): Promise<void> {
  await db
    .updateTable('trees')
    .set({ upstream_base_revision: fields.revision, upstream_title: fields.title })
    .where('id', '=', id)
    .execute();
}

export async function deleteTreeRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('trees').where('id', '=', id).execute();
}

export async function deleteTreesOfOwner(db: Executor, ownerId: number): Promise<{ id: number; uuid: string }[]> {
  return db.deleteFrom('trees').where('owner_id', '=', ownerId).returning(['id', 'uuid']).execute();
}

/**
 * Each of `ownerIds`' newest tree forked from the template (a group's template assignment is learnt on
 * the template or on the member's fork of it), by owner.
 */
export async function findForksOfOwners(
  db: Executor,
  shareId: number,
  ownerIds: readonly number[],
): Promise<Map<number, number>> {
  const forks = new Map<number, number>();
  for (const batch of inBatches(ownerIds)) {
    const rows = await db
      .selectFrom('trees')
      .select(['owner_id', 'id'])
      .where('upstream_share_id', '=', shareId)
      .where('owner_id', 'in', batch)
      .orderBy('id', 'asc')
      .execute();
    for (const row of rows) forks.set(row.owner_id, row.id);
  }
  return forks;
}
