import type { Executor } from '../../db/connection.ts';
import { inBatches } from '../../db/batches.ts';

export interface CardImageRow {
  id: number;
  user_id: number;
  storage_key: string;
  secret: string;
  width: number;
  height: number;
  bytes: number;
  content_type: string;
  created_at: string;
}

const COLUMNS = [
  'id',
  'user_id',
  'storage_key',
  'secret',
  'width',
  'height',
  'bytes',
  'content_type',
  'created_at',
] as const;

export async function insertCardImage(db: Executor, row: Omit<CardImageRow, 'id'>): Promise<CardImageRow> {
  const inserted = await db.insertInto('learning_card_images').values(row).returning('id').executeTakeFirstOrThrow();
  return { id: inserted.id, ...row };
}

/** One of a learner's own card images, or undefined (another learner's is as good as absent). */
export async function findOwnCardImage(db: Executor, userId: number, id: number): Promise<CardImageRow | undefined> {
  return db
    .selectFrom('learning_card_images')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A card image by id whoever owns it (the capability URL checks its secret itself). */
export async function findCardImage(db: Executor, id: number): Promise<CardImageRow | undefined> {
  return db.selectFrom('learning_card_images').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Some of a learner's card images by id (others' are left out). */
export async function findOwnCardImages(db: Executor, userId: number, ids: readonly number[]): Promise<CardImageRow[]> {
  const found: CardImageRow[] = [];
  for (const batch of inBatches([...new Set(ids)])) {
    found.push(
      ...(await db
        .selectFrom('learning_card_images')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .where('id', 'in', batch)
        .execute()),
    );
  }
  return found;
}

/** Of `ids`, the images no card uses any more. */
export async function findUnusedCardImages(db: Executor, ids: readonly number[]): Promise<CardImageRow[]> {
  const unused: CardImageRow[] = [];
  for (const batch of inBatches([...new Set(ids)])) {
    unused.push(
      ...(await db
        .selectFrom('learning_card_images as i')
        .select(COLUMNS.map((column) => `i.${column}` as const))
        .where('i.id', 'in', batch)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('learning_cards as c').select('c.id').whereRef('c.image_id', '=', 'i.id'))),
        )
        .execute()),
    );
  }
  return unused;
}

export async function deleteCardImageRows(db: Executor, ids: readonly number[]): Promise<void> {
  for (const batch of inBatches([...new Set(ids)]))
    await db.deleteFrom('learning_card_images').where('id', 'in', batch).execute();
}

/** Every stored file of a learner's card images (an account's deletion removes them after its commit). */
export async function findCardImageKeysOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('learning_card_images')
    .select('storage_key')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.storage_key);
}

/** Whether any card of the learner uses the image. */
export async function isCardImageUsed(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('learning_cards').select('id').where('image_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}
