import type { DB } from '../../db/connection.ts';

/**
 * The current value of a named generation (0 before the first change). An in-process cache puts it
 * into its keys, so an entry made before a change, by any process, is never read after it.
 */
export async function readGeneration(db: DB, name: string): Promise<number> {
  const row = await db.selectFrom('cache_generations').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? 0;
}

/** Marks a change of the data behind a generation; call it after the change is committed. */
export async function bumpGeneration(db: DB, name: string): Promise<void> {
  await db
    .insertInto('cache_generations')
    .values({ name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('cache_generations.value', '+', 1) })))
    .execute();
}
