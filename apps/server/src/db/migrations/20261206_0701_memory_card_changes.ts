import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../migration-helpers.ts';

/**
 * Which cards changed since a version, so a process that keeps a subject's cards for memory answers
 * (`memory-cards.ts`) re-reads those cards rather than all 10,000 after every grade.
 *
 * - `learning_card_changes`: one row per raise of `learning_card_versions` (the version it raised to
 *   and the card that raised it), written by the same triggers in the same statement, so it is exactly
 *   as complete as the counter. Each subject keeps its last CARD_CHANGES_KEPT rows: the triggers delete
 *   older ones every 100 versions; a process further behind than that reads the subject's cards again.
 * - The memory index gains the card's id (PostgreSQL reads ids from the index alone then; on SQLite the
 *   rowid was already in it).
 */
const CARD_CHANGES_KEPT = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('learning_card_changes')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('subject_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('learning_card_changes_pk', ['user_id', 'subject_kind', 'subject_id', 'version'])
    .execute();
  await db.schema.dropIndex('learning_cards_memory_idx').execute();
  await db.schema
    .createIndex('learning_cards_memory_idx')
    .on('learning_cards')
    .columns(['user_id', 'subject_kind', 'subject_id', 'node_id', 'state', 'due', 'stability', 'last_review', 'id'])
    .execute();
  if (isPostgres(db)) await replacePostgresTrigger(db);
  else await replaceSqliteTriggers(db);
}

async function replacePostgresTrigger(db: Kysely<unknown>): Promise<void> {
  // The function the trigger runs is replaced in place; the trigger itself stays.
  await sql`
    CREATE OR REPLACE FUNCTION learning_cards_bump_version() RETURNS trigger AS $$
    DECLARE
      raised bigint;
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        INSERT INTO learning_card_versions (user_id, subject_kind, subject_id, version)
        VALUES (OLD.user_id, OLD.subject_kind, OLD.subject_id, 1)
        ON CONFLICT (user_id, subject_kind, subject_id)
        DO UPDATE SET version = learning_card_versions.version + 1
        RETURNING version INTO raised;
        PERFORM learning_cards_log_change(OLD.user_id, OLD.subject_kind, OLD.subject_id, raised, OLD.id);
      END IF;
      IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.user_id, NEW.subject_kind, NEW.subject_id)
          IS DISTINCT FROM (OLD.user_id, OLD.subject_kind, OLD.subject_id)) THEN
        INSERT INTO learning_card_versions (user_id, subject_kind, subject_id, version)
        VALUES (NEW.user_id, NEW.subject_kind, NEW.subject_id, 1)
        ON CONFLICT (user_id, subject_kind, subject_id)
        DO UPDATE SET version = learning_card_versions.version + 1
        RETURNING version INTO raised;
        PERFORM learning_cards_log_change(NEW.user_id, NEW.subject_kind, NEW.subject_id, raised, NEW.id);
      END IF;
      RETURN NULL;
    END
    $$ LANGUAGE plpgsql`.execute(db);
  await sql`
    CREATE FUNCTION learning_cards_log_change(
      p_user integer, p_kind varchar, p_subject integer, p_version bigint, p_card integer
    ) RETURNS void AS $$
    BEGIN
      INSERT INTO learning_card_changes (user_id, subject_kind, subject_id, version, card_id)
      VALUES (p_user, p_kind, p_subject, p_version, p_card)
      ON CONFLICT (user_id, subject_kind, subject_id, version) DO UPDATE SET card_id = EXCLUDED.card_id;
      IF p_version % 100 = 0 THEN
        DELETE FROM learning_card_changes
        WHERE user_id = p_user AND subject_kind = p_kind AND subject_id = p_subject
          AND version <= p_version - ${sql.lit(CARD_CHANGES_KEPT)};
      END IF;
    END
    $$ LANGUAGE plpgsql`.execute(db);
}

async function replaceSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const name of ['insert', 'delete', 'update'])
    await sql.raw(`DROP TRIGGER learning_cards_version_${name}`).execute(db);
  /** Raises the counter of `row`'s subject (only `when` it holds) and logs the card under the raised version. */
  const bumpAndLog = (row: 'NEW' | 'OLD', when = '1') => {
    const subject = `user_id = ${row}.user_id AND subject_kind = ${row}.subject_kind AND subject_id = ${row}.subject_id`;
    const raised = `(SELECT version FROM learning_card_versions WHERE ${subject})`;
    return sql.raw(`
      INSERT INTO learning_card_versions (user_id, subject_kind, subject_id, version)
      SELECT ${row}.user_id, ${row}.subject_kind, ${row}.subject_id, 1 WHERE ${when}
      ON CONFLICT (user_id, subject_kind, subject_id) DO UPDATE SET version = version + 1;
      INSERT OR REPLACE INTO learning_card_changes (user_id, subject_kind, subject_id, version, card_id)
      SELECT ${row}.user_id, ${row}.subject_kind, ${row}.subject_id, ${raised}, ${row}.id WHERE ${when};
      DELETE FROM learning_card_changes
      WHERE ${when} AND ${subject} AND ${raised} % 100 = 0 AND version <= ${raised} - ${CARD_CHANGES_KEPT};`);
  };
  await sql`CREATE TRIGGER learning_cards_version_insert AFTER INSERT ON learning_cards BEGIN ${bumpAndLog('NEW')} END`.execute(
    db,
  );
  await sql`CREATE TRIGGER learning_cards_version_delete AFTER DELETE ON learning_cards BEGIN ${bumpAndLog('OLD')} END`.execute(
    db,
  );
  const moved =
    'NEW.user_id IS NOT OLD.user_id OR NEW.subject_kind IS NOT OLD.subject_kind OR NEW.subject_id IS NOT OLD.subject_id';
  await sql`CREATE TRIGGER learning_cards_version_update AFTER UPDATE ON learning_cards BEGIN
    ${bumpAndLog('OLD')}
    ${bumpAndLog('NEW', `(${moved})`)}
  END`.execute(db);
}
