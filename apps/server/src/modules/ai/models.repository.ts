import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/connection.ts';
import type { AiModelsTable } from '../../db/tables/ai.ts';
import type { PageWindow } from '../../lib/pagination.ts';

interface ModelFilter {
  kind?: 'chat' | 'image';
  configId?: number;
  /** only active models of the active provider: what non-admins may see */
  usableOnly: boolean;
}

function filtered(db: DB, filter: ModelFilter) {
  return db
    .selectFrom('ai_models')
    .innerJoin('ai_configs', 'ai_configs.id', 'ai_models.config_id')
    .$if(filter.kind !== undefined, (q) => q.where('ai_models.kind', '=', filter.kind!))
    .$if(filter.configId !== undefined, (q) => q.where('ai_models.config_id', '=', filter.configId!))
    .$if(filter.usableOnly, (q) => q.where('ai_models.is_active', '=', 1).where('ai_configs.is_active', '=', 1));
}

export const countModels = async (db: DB, filter: ModelFilter) =>
  Number(
    (
      await filtered(db, filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const listModels = (db: DB, filter: ModelFilter, window: PageWindow) =>
  filtered(db, filter)
    .selectAll('ai_models')
    .orderBy('ai_models.kind')
    .orderBy('ai_models.is_default', 'desc')
    .orderBy('ai_models.id')
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();

export const findModel = (db: DB, id: number, filter: ModelFilter) =>
  filtered(db, filter).selectAll('ai_models').where('ai_models.id', '=', id).executeTakeFirst();

/** An active model of a provider named by id or upstream name. */
export const findUsableModel = (db: DB, configId: number, kind: 'chat' | 'image', ref: number | string) =>
  db
    .selectFrom('ai_models')
    .selectAll()
    .where('config_id', '=', configId)
    .where('kind', '=', kind)
    .where('is_active', '=', 1)
    .where(typeof ref === 'number' ? 'id' : 'name', '=', ref)
    .executeTakeFirst();

/** The provider's default model of a kind, else its oldest active one. */
export const findDefaultModel = (db: DB, configId: number, kind: 'chat' | 'image') =>
  db
    .selectFrom('ai_models')
    .selectAll()
    .where('config_id', '=', configId)
    .where('kind', '=', kind)
    .where('is_active', '=', 1)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .executeTakeFirst();

/** The id of a provider's model named `name`, if any. */
export const findModelIdByName = (db: DB, configId: number, name: string) =>
  db.selectFrom('ai_models').select('id').where('config_id', '=', configId).where('name', '=', name).executeTakeFirst();

export const insertModel = (db: DB, values: Insertable<AiModelsTable>) =>
  db.insertInto('ai_models').values(values).returningAll().executeTakeFirstOrThrow();

export const updateModel = (db: DB, id: number, values: Updateable<AiModelsTable>) =>
  db.updateTable('ai_models').set(values).where('id', '=', id).returningAll().executeTakeFirst();

/** One default per provider and kind: cleared on the others before one is made default. */
export const clearOtherDefaults = (db: DB, configId: number, kind: 'chat' | 'image', exceptId: number | null) =>
  db
    .updateTable('ai_models')
    .set({ is_default: 0 })
    .where('config_id', '=', configId)
    .where('kind', '=', kind)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
    .execute();

export const deleteModel = async (db: DB, id: number) =>
  Number((await db.deleteFrom('ai_models').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0;
