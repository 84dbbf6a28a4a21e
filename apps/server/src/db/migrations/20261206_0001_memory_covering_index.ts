import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../migration-helpers.ts';

/**
 * Reading the memory of a subject (`GET /api/learn/memory/`) without re-reading its cards every time.
 *
 * - An index holding every column that read needs (node, state, due date, stability, last review), so
 *   10,000 cards are one index range and never the card rows with their fronts and backs. It replaces
 *   `learning_cards_node_idx`, its prefix, so card writes keep the same number of indexes.
 * - `learning_card_versions`: a counter per learner and subject that triggers raise on every insert,
 *   update and delete of that learner's cards of that subject, whichever code (or cascade) makes it.
 *   A process may keep the cards it read under the counter it read first and use them while the counter
 *   is unchanged (`memory-cards.ts`). No foreign key: deleting a user deletes cards, whose triggers
 *   write here within the same statement; an orphan counter is a few bytes and only ever goes up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('learning_cards_node_idx').execute();
  await db.schema
    .createIndex('learning_cards_memory_idx')
    .on('learning_cards')
    .columns(['user_id', 'subject_kind', 'subject_id', 'node_id', 'state', 'due', 'stability', 'last_review'])
    .execute();
  await db.schema
    .createTable('learning_card_versions')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('subject_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('learning_card_versions_pk', ['user_id', 'subject_kind', 'subject_id'])
    .execute();
  await sql`
    INSERT INTO learning_card_versions (user_id, subject_kind, subject_id, version)
    SELECT DISTINCT user_id, subject_kind, subject_id, 1 FROM learning_cards`.execute(db);
  if (isPostgres(db)) await createPostgresTrigger(db);
  else await createSqliteTriggers(db);
}

async function createPostgresTrigger(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION learning_cards_bump_version() RETURNS trigger AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        INSERT INTO learning_card_versions (user_id, subject_kind, subject_id, version)
        VALUES (OLD.user_id, OLD.subject_kind, OLD.subject_id, 1)
        ON CONFLICT (user_id, subject_kind, subject_id)
        DO UPDATE SET version = learning_card_versions.version + 1;
      END IF;
      IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.user_id, NEW.subject_kind, NEW.subject_id)
          IS DISTINCT FROM (OLD.user_id, OLD.subject_kind, OLD.subject_id)) THEN
        INSERT INTO learning_card_versions (user_id, subject_kind, subject_id, version)
        VALUES (NEW.user_id, NEW.subject_kind, NEW.subject_id, 1)
        ON CONFLICT (user_id, subject_kind, subject_id)
        DO UPDATE SET version = learning_card_versions.version + 1;
      END IF;
      RETURN NULL;
    END
    $$ LANGUAGE plpgsql`.execute(db);
  await sql`
    CREATE TRIGGER learning_cards_version AFTER INSERT OR UPDATE OR DELETE ON learning_cards
    FOR EACH ROW EXECUTE FUNCTION learning_cards_bump_version()`.execute(db);
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const bump = (row: 'NEW' | 'OLD') =>
    sql.raw(`
      INSERT INTO learning_card_versions (user_id, subject_kind, subject_id, version)
      VALUES (${row}.user_id, ${row}.subject_kind, ${row}.subject_id, 1)
      ON CONFLICT (user_id, subject_kind, subject_id) DO UPDATE SET version = version + 1;`);
  await sql`CREATE TRIGGER learning_cards_version_insert AFTER INSERT ON learning_cards BEGIN ${bump('NEW')} END`.execute(
    db,
  );
  await sql`CREATE TRIGGER learning_cards_version_delete AFTER DELETE ON learning_cards BEGIN ${bump('OLD')} END`.execute(
    db,
  );
  await sql`CREATE TRIGGER learning_cards_version_update AFTER UPDATE ON learning_cards BEGIN
    ${bump('OLD')}
    INSERT INTO learning_card_versions (user_id, subject_kind, subject_id, version)
    SELECT NEW.user_id, NEW.subject_kind, NEW.subject_id, 1
    WHERE NEW.user_id IS NOT OLD.user_id OR NEW.subject_kind IS NOT OLD.subject_kind OR NEW.subject_id IS NOT OLD.subject_id
    ON CONFLICT (user_id, subject_kind, subject_id) DO UPDATE SET version = version + 1;
  END`.execute(db);
}
