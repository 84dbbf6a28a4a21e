import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/connection.ts';
import type { AiPromptsTable } from '../../db/tables/ai.ts';
import type { PageWindow } from '../../lib/pagination.ts';

interface PromptFilter {
  key?: string;
  language?: AiPromptsTable['language'];
  activeOnly: boolean;
}

function filtered(db: DB, filter: PromptFilter) {
  return db
    .selectFrom('ai_prompts')
    .$if(filter.key !== undefined, (q) => q.where('key', '=', filter.key!))
    .$if(filter.language !== undefined, (q) => q.where('language', '=', filter.language!))
    .$if(filter.activeOnly, (q) => q.where('is_active', '=', 1));
}

export const countPrompts = async (db: DB, filter: PromptFilter) =>
  Number(
    (
      await filtered(db, filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const listPrompts = (db: DB, filter: PromptFilter, window: PageWindow) =>
  filtered(db, filter)
    .selectAll()
    .orderBy('key')
    .orderBy('language')
    .orderBy('id')
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();

export const findPrompt = (db: DB, id: number, filter: PromptFilter) =>
  filtered(db, filter).selectAll().where('id', '=', id).executeTakeFirst();

export const findActivePromptByKey = (db: DB, key: string, language: AiPromptsTable['language']) =>
  db
    .selectFrom('ai_prompts')
    .selectAll()
    .where('key', '=', key)
    .where('language', '=', language)
    .where('is_active', '=', 1)
    .executeTakeFirst();

export const insertPrompt = (db: DB, values: Insertable<AiPromptsTable>) =>
  db.insertInto('ai_prompts').values(values).returningAll().executeTakeFirstOrThrow();

/** Inserts unless a prompt with that key and language exists (seeding must not overwrite admins' edits). */
export const insertPromptIfMissing = (db: DB, values: Insertable<AiPromptsTable>) =>
  db
    .insertInto('ai_prompts')
    .values(values)
    .onConflict((oc) => oc.columns(['key', 'language']).doNothing())
    .execute();

export const updatePrompt = (db: DB, id: number, values: Updateable<AiPromptsTable>) =>
  db.updateTable('ai_prompts').set(values).where('id', '=', id).returningAll().executeTakeFirst();

export const deletePrompt = async (db: DB, id: number) =>
  Number((await db.deleteFrom('ai_prompts').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0;
