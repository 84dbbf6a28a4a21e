import type { Kysely } from 'kysely';

const ORDERINGS = ['created_at', 'likes_count', 'rating_avg', 'views_count', 'uses_count', 'hot_score'];

/**
 * The community list reads visible templates only (`hidden = 0`, moderation): one partial index per
 * ordering over them, so PostgreSQL walks a page's ids from the index alone again instead of
 * fetching every skipped row to test the flag (the list served a third of its earlier throughput).
 * The full indexes stay for the author's and the admins' views, which include hidden templates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ORDERINGS) {
    await db.schema
      .createIndex(`shares_visible_${column}_idx`)
      .on('shares')
      .columns([`${column} desc`, 'id desc'])
      .where('hidden', '=', 0)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ORDERINGS) await db.schema.dropIndex(`shares_visible_${column}_idx`).execute();
}
