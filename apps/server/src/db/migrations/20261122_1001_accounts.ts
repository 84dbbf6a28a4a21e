import type { Kysely } from 'kysely';
import { TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('profiles'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('nickname', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('locale', 'varchar(10)', (c) => c.notNull().defaultTo('zh-CN'))
    .addColumn('avatar_key', 'varchar(200)')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();

  // Every address a user owns; the primary one is mirrored in users.email / users.phone (the login).
  for (const [table, column, size] of [
    ['email_addresses', 'email', 254],
    ['phone_numbers', 'phone', 20],
  ] as const) {
    await withId(db, db.schema.createTable(table))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn(column, `varchar(${size})`, (c) => c.notNull().unique())
      .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).column('user_id').execute();
  }

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family', 'varchar(36)', (c) => c.notNull())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('revoked_at', TIMESTAMP)
    .addColumn('replaced_by', 'varchar(36)')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  await withId(db, db.schema.createTable('one_time_codes'))
    .addColumn('channel', 'varchar(5)', (c) => c.notNull())
    .addColumn('address', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('consumed_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('one_time_codes_lookup_idx')
    .on('one_time_codes')
    .columns(['channel', 'address', 'purpose', 'id'])
    .execute();

  await db.schema
    .createTable('captcha_solutions')
    .addColumn('challenge', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .execute();

  // Sliding-window counters (login failures, sends, signups): in the database so every process agrees.
  await withId(db, db.schema.createTable('throttle_events'))
    .addColumn('bucket', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('throttle_events_bucket_idx')
    .on('throttle_events')
    .columns(['bucket', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'throttle_events',
    'captcha_solutions',
    'one_time_codes',
    'refresh_tokens',
    'phone_numbers',
    'email_addresses',
    'profiles',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
