import { sql } from 'kysely';
import type { DB } from '../../db/connection.ts';

/** The cheapest query there is: proves the database answers. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
