import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/connection.ts';
import type { AiConfigsTable } from '../../db/tables/ai.ts';
import type { PageWindow } from '../../lib/pagination.ts';

export const countConfigs = async (db: DB) =>
  Number(
    (
      await db
        .selectFrom('ai_configs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const listConfigs = (db: DB, window: PageWindow) =>
  db.selectFrom('ai_configs').selectAll().orderBy('id', 'desc').limit(window.pageSize).offset(window.offset).execute();

export const findConfigById = (db: DB, id: number) =>
  db.selectFrom('ai_configs').selectAll().where('id', '=', id).executeTakeFirst();

export const findActiveConfig = (db: DB) =>
  db.selectFrom('ai_configs').selectAll().where('is_active', '=', 1).executeTakeFirst();

/** The id of the provider named `name`, if any. */
export const findConfigIdByName = (db: DB, name: string) =>
  db.selectFrom('ai_configs').select('id').where('name', '=', name).executeTakeFirst();

export const insertConfig = (db: DB, values: Insertable<AiConfigsTable>) =>
  db.insertInto('ai_configs').values(values).returningAll().executeTakeFirstOrThrow();

export const updateConfig = (db: DB, id: number, values: Updateable<AiConfigsTable>) =>
  db.updateTable('ai_configs').set(values).where('id', '=', id).returningAll().executeTakeFirst();

/** Clears the active flag everywhere but `exceptId`: the one-active rule before activating another. */
export const deactivateOtherConfigs = (db: DB, exceptId: number | null, now: string) =>
  db
    .updateTable('ai_configs')
    .set({ is_active: 0, updated_at: now })
    .where('is_active', '=', 1)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
    .execute();

export const deleteConfig = async (db: DB, id: number) =>
  Number((await db.deleteFrom('ai_configs').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0;
