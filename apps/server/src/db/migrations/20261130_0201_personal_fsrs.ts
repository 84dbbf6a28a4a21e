import type { Kysely } from 'kysely';
import { isPostgres, TEXT, TIMESTAMP } from '../migration-helpers.ts';

/**
 * Personal FSRS parameters (API.md "Memory on the tree"): the learner's `auto_optimize` setting, and
 * in a table of their own the parameters the optimiser adopted with the figures of its last try,
 * which no settings call writes. `auto_claimed_at` is when the last automatic optimisation was
 * claimed: claiming is a conditional update of this row, so that two processes never both run one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const real = isPostgres(db) ? 'double precision' : 'real';
  await db.schema
    .alterTable('learner_settings')
    .addColumn('auto_optimize', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('learner_fsrs')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    /** JSON array of the 21 adopted parameters; null: ts-fsrs's defaults */
    .addColumn('parameters', TEXT)
    .addColumn('trained_on', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trained_at', TIMESTAMP)
    .addColumn('log_loss_before', real)
    .addColumn('log_loss_after', real)
    .addColumn('rmse_before', real)
    .addColumn('rmse_after', real)
    .addColumn('auto_claimed_at', TIMESTAMP)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('learner_fsrs').execute();
  await db.schema.alterTable('learner_settings').dropColumn('auto_optimize').execute();
}
