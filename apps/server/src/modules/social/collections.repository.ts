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

/** Deletes a collection with its items. */
export async function deleteCollection(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('collection_items').where('collection_id', '=', id).execute();
  await db.deleteFrom('collections').where('id', '=', id).execute();
}

/** A collection's items in their owner's order (position, then the last added first). */
export async function listItems(db: Executor, collectionId: number) {
  return db
    .selectFrom('collection_items')
    .select(['share_id', 'note', 'added_at'])
    .where('collection_id', '=', collectionId)
    .orderBy('position', 'asc')
    .orderBy('added_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The templates each of `collectionIds` holds, as (collection, template) pairs. */
export async function itemsOf(
  db: Executor,
  collectionIds: number[],
): Promise<Array<{ collection_id: number; share_id: number }>> {
  if (collectionIds.length === 0) return [];
  return db
    .selectFrom('collection_items')
    .select(['collection_id', 'share_id'])
    .where('collection_id', 'in', collectionIds)
    .execute();
}

/** Which of `collectionIds` hold the template `shareId`. */
export async function collectionsHolding(db: Executor, collectionIds: number[], shareId: number): Promise<Set<number>> {
  if (collectionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('collection_items')
    .select('collection_id')
    .where('share_id', '=', shareId)
    .where('collection_id', 'in', collectionIds)
    .execute();
  return new Set(rows.map((r) => r.collection_id));
}

/** Adds an item before every other (position one less than the first); false when the collection holds that template already. */
export async function insertItem(
  trx: Executor,
  values: { collection_id: number; share_id: number; note: string; added_at: string },
): Promise<boolean> {
  const first = await trx
    .selectFrom('collection_items')
    .select((eb) => eb.fn.min<number | null>('position').as('min'))
    .where('collection_id', '=', values.collection_id)
    .executeTakeFirst();
  const position = first?.min == null ? 0 : Number(first.min) - 1;
  const rows = await trx
    .insertInto('collection_items')
    .values({ ...values, position })
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

/** Changes an item's note; false when the collection does not hold that template. */
export async function updateItemNote(
  trx: Executor,
  collectionId: number,
  shareId: number,
  note: string,
): Promise<boolean> {
  const rows = await trx
    .updateTable('collection_items')
    .set({ note })
    .where('collection_id', '=', collectionId)
    .where('share_id', '=', shareId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Numbers a collection's items 0, 1, 2… in the order of `shareIds`. */
export async function writeItemOrder(trx: Executor, collectionId: number, shareIds: number[]): Promise<void> {
  for (const [position, shareId] of shareIds.entries()) {
    await trx
      .updateTable('collection_items')
      .set({ position })
      .where('collection_id', '=', collectionId)
      .where('share_id', '=', shareId)
      .execute();
  }
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
