import { sql, type Kysely } from 'kysely';
import { isPostgres, TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const real = isPostgres(db) ? 'double precision' : 'real';
  await withId(db, db.schema.createTable('ai_configs'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('base_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('api_key_sealed', TEXT, (c) => c.notNull())
    .addColumn('api_key_hint', 'varchar(32)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timeout_s', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  // The database itself guarantees "at most one active provider", whatever the code does.
  await db.schema
    .createIndex('ai_configs_one_active')
    .on('ai_configs')
    .column('is_active')
    .unique()
    .where(sql.ref('is_active'), '=', 1)
    .execute();

  await withId(db, db.schema.createTable('ai_models'))
    .addColumn('config_id', 'integer', (c) => c.notNull().references('ai_configs.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('max_tokens', 'integer')
    .addColumn('temperature', real)
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('ai_models_config_name_unique', ['config_id', 'name'])
    .execute();

  await withId(db, db.schema.createTable('ai_prompts'))
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('system', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('template', TEXT, (c) => c.notNull())
    .addColumn('variables', TEXT, (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('ai_prompts_key_language_unique', ['key', 'language'])
    .execute();

  await withId(db, db.schema.createTable('ai_request_logs'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('model', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latency_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', TEXT)
    .addColumn('request_excerpt', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('response_excerpt', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  // The daily quota counts a user's rows since midnight; the list pages newest first.
  await db.schema
    .createIndex('ai_request_logs_user_idx')
    .on('ai_request_logs')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ai_request_logs_created_idx')
    .on('ai_request_logs')
    .columns(['created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ai_request_logs', 'ai_prompts', 'ai_models', 'ai_configs'])
    await db.schema.dropTable(table).execute();
}
