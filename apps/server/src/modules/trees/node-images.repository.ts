import type { Selectable } from 'kysely';
import type { NodeImagesTable } from '../../db/tables/trees.ts';
import type { Executor } from '../../db/connection.ts';

export type NodeImageRow = Selectable<NodeImagesTable>;

export async function insertNodeImage(db: Executor, values: Omit<NodeImageRow, 'id'>): Promise<NodeImageRow> {
  return db.insertInto('node_images').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findNodeImage(db: Executor, id: number): Promise<NodeImageRow | undefined> {
  return db.selectFrom('node_images').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listNodeImages(
  db: Executor,
  filter: { ownerId: number; treeId?: number; nodeId?: string },
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: NodeImageRow[] }> {
  let base = db.selectFrom('node_images').where('owner_id', '=', filter.ownerId);
  if (filter.treeId !== undefined) base = base.where('tree_id', '=', filter.treeId);
  if (filter.nodeId !== undefined) base = base.where('node_id', '=', filter.nodeId);
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
  ]);
  return { count: Number(count), rows };
}

export async function updateNodeImage(
  db: Executor,
  id: number,
  values: Partial<
    Pick<NodeImageRow, 'node_id' | 'storage_key' | 'width' | 'height' | 'bytes' | 'content_type' | 'copied_from'>
  >,
): Promise<NodeImageRow> {
  return db.updateTable('node_images').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteNodeImageRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('node_images').where('id', '=', id).execute();
}

export async function imageKeysOfTree(db: Executor, treeId: number): Promise<string[]> {
  const rows = await db.selectFrom('node_images').select('storage_key').where('tree_id', '=', treeId).execute();
  return rows.map((r) => r.storage_key);
}

/** Files of every image of a user's trees (node images follow their tree's owner). */
export async function imageKeysOfOwner(db: Executor, ownerId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('node_images')
    .innerJoin('trees', 'trees.id', 'node_images.tree_id')
    .select('node_images.storage_key')
    .where('trees.owner_id', '=', ownerId)
    .execute();
  return rows.map((r) => r.storage_key);
}

/** The images of one tree among `ids` (ids of other trees are ignored): what a shared snapshot may show. */
export async function findTreeImagesByIds(db: Executor, treeId: number, ids: number[]): Promise<NodeImageRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('node_images').selectAll().where('tree_id', '=', treeId).where('id', 'in', ids).execute();
}

/** The images of one tree that are among `ids` or copies of one of them (`copied_from`). */
export async function findTreeImagesOrCopies(db: Executor, treeId: number, ids: number[]): Promise<NodeImageRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('node_images')
    .selectAll()
    .where('tree_id', '=', treeId)
    .where((eb) => eb.or([eb('id', 'in', ids), eb('copied_from', 'in', ids)]))
    .orderBy('id')
    .execute();
}
