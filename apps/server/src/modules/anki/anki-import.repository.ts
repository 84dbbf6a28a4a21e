import type { Executor } from '../../db/connection.ts';
import type { AnkiImportsTable } from '../../db/tables/anki.ts';

export type AnkiImportRow = Omit<AnkiImportsTable, 'id'> & { id: number };

export async function insertImport(db: Executor, row: Omit<AnkiImportRow, 'id'>): Promise<void> {
  await db.insertInto('anki_imports').values(row).execute();
}

/** An import of one learner by its uuid (another learner's is as good as absent). */
export async function findOwnImport(db: Executor, userId: number, uuid: string): Promise<AnkiImportRow | undefined> {
  return db
    .selectFrom('anki_imports')
    .selectAll()
    .where('uuid', '=', uuid)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findImport(db: Executor, uuid: string): Promise<AnkiImportRow | undefined> {
  return db.selectFrom('anki_imports').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

export async function updateImport(
  db: Executor,
  uuid: string,
  changes: Partial<
    Pick<AnkiImportRow, 'status' | 'percent' | 'upload_key' | 'result' | 'error' | 'error_values' | 'updated_at'>
  >,
): Promise<void> {
  await db.updateTable('anki_imports').set(changes).where('uuid', '=', uuid).execute();
}
