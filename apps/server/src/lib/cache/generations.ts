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

/**
 * Reads of one generation shared by every request that asks before the read starts: the read runs
 * on the next turn of the event loop, so requests that arrive together (50 connections at once)
 * make one query, and each request gets a value read after it arrived, never an older one (a
 * request answered after a change was committed and noted sees that change).
 */
export class GenerationReader {
  private next: Promise<number> | null = null;

  constructor(private readonly name: string) {}

  read(db: DB): Promise<number> {
    this.next ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        this.next = null;
        readGeneration(db, this.name).then(resolve, reject);
      });
    });
    return this.next;
  }
}
