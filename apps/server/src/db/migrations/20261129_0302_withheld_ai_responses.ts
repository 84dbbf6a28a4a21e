import type { Kysely } from 'kysely';

/**
 * A quiz's answers must not be readable in its learner's own AI request log before the quiz is
 * submitted: a log row can hold its response back from its user (`response_withheld`), and a quiz
 * keeps the id of the log of its generation, whose response the submit shows again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ai_request_logs')
    .addColumn('response_withheld', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('learning_quizzes').addColumn('request_log_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('learning_quizzes').dropColumn('request_log_id').execute();
  await db.schema.alterTable('ai_request_logs').dropColumn('response_withheld').execute();
}
