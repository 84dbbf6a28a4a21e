import { MAX_ID } from '@arbor/contract';
import { sql } from 'kysely';
import type { DB, Executor } from '../../db/connection.ts';
import type { CollectionsTable } from '../../db/tables/authors.ts';

export type CollectionRow = Omit<CollectionsTable, 'id' | 'description' | 'items_count'> & {
  id: number;
  description: string;
  items_count: number;
};

/** A collection by numeric id or uuid. */
export async function findCollection(db: Executor, idOrUuid: string): Promise<CollectionRow | undefined> {
  const query = db.selectFrom('collections').selectAll();
  if (/^\d+$/.test(idOrUuid)) {
    if (Number(idOrUuid) > MAX_ID) return undefined;
    return query.where('id', '=', Number(idOrUuid)).executeTakeFirst();
  }
  return query.where('uuid', '=', idOrUuid.toLowerCase()).executeTakeFirst();
}

/** One page of a user's collections (only public ones unless `withPrivate`), last changed first. */
export async function listCollections(
  db: DB,
  ownerId: number,
  withPrivate: boolean,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: CollectionRow[] }> {
  const base = db
    .selectFrom('collections')
    .where('owner_id', '=', ownerId)
    .$if(!withPrivate, (q) => q.where('visibility', '=', 'public'));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { count: Number(count.count), rows };
}

export async function insertCollection(
  db: Executor,
  values: Omit<CollectionRow, 'id' | 'items_count'>,
): Promise<number> {
  const row = await db.insertInto('collections').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCollection(
  db: Executor,
  id: number,
  values: Partial<Pick<CollectionRow, 'title' | 'description' | 'visibility' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('collections').set(values).where('id', '=', id).execute();
}

export async function deleteCollection(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('collections').where('id', '=', id).execute();
}

/** A collection's items, last added first. */
export async function listItems(db: Executor, collectionId: number) {
  return db
    .selectFrom('collection_items')
    .select(['share_id', 'note', 'added_at'])
    .where('collection_id', '=', collectionId)
    .orderBy('added_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Adds an item; false when the collection holds that template already. */
export async function insertItem(
  trx: Executor,
  values: { collection_id: number; share_id: number; note: string; added_at: string },
): Promise<boolean> {
  const rows = await trx
    .insertInto('collection_items')
    .values(values)
    .onConflict((oc) => oc.columns(['collection_id', 'share_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function deleteItem(trx: Executor, collectionId: number, shareId: number): Promise<boolean> {
  const rows = await trx
    .deleteFrom('collection_items')
    .where('collection_id', '=', collectionId)
    .where('share_id', '=', shareId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Adds `delta` to a collection's item count in place (exact under concurrent writes). */
export async function addToItemsCount(trx: Executor, collectionId: number, delta: number, now: string): Promise<void> {
  await trx
    .updateTable('collections')
    .set({ items_count: sql<number>`items_count + ${delta}`, updated_at: now })
    .where('id', '=', collectionId)
    .execute();
}

/** Takes a withdrawn template out of every collection, counting again what each collection holds. */
export async function removeShareFromCollections(trx: Executor, shareId: number): Promise<void> {
  const holders = await trx
    .selectFrom('collection_items')
    .select('collection_id')
    .where('share_id', '=', shareId)
    .orderBy('collection_id')
    .execute();
  if (holders.length === 0) return;
  await trx.deleteFrom('collection_items').where('share_id', '=', shareId).execute();
  for (const { collection_id } of holders) {
    await trx
      .updateTable('collections')
      .set({
        items_count: (eb) =>
          eb
            .selectFrom('collection_items')
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('collection_items.collection_id', '=', collection_id),
      })
      .where('id', '=', collection_id)
      .execute();
  }
}

export async function deleteCollectionsOf(trx: Executor, ownerId: number): Promise<void> {
  await trx
    .deleteFrom('collection_items')
    .where('collection_id', 'in', (eb) => eb.selectFrom('collections').select('id').where('owner_id', '=', ownerId))
    .execute();
  await trx.deleteFrom('collections').where('owner_id', '=', ownerId).execute();
}
