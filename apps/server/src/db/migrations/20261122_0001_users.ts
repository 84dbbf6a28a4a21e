import type { Kysely } from 'kysely';
import { TIMESTAMP, withId } from '../migration-helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('username_lower', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('phone', 'varchar(20)', (c) => c.unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('role', 'varchar(10)', (c) => c.notNull().defaultTo('user'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('date_joined', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
