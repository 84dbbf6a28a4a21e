import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Dialect, Executor, Trx } from '../../db/connection.ts';
import type { ShareSuggestionsTable, SuggestionStatus } from '../../db/tables/community.ts';

export type SuggestionRow = Selectable<ShareSuggestionsTable>;
/** A suggestion without its stored proposal (lists). */
export type SuggestionMetaRow = Omit<SuggestionRow, 'proposal'>;

const META_COLUMNS = [
  'id',
  'share_id',
  'author_id',
  'title',
  'message',
  'status',
  'base_revision',
  'added',
  'removed',
  'changed',
  'moved',
  'reason',
  'created_at',
  'decided_at',
  'decided_by',
] as const;

export async function insertSuggestion(db: Executor, values: Insertable<ShareSuggestionsTable>): Promise<number> {
  const row = await db.insertInto('share_suggestions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** One suggestion with its proposal. */
export async function findSuggestion(db: Executor, id: number): Promise<SuggestionRow | undefined> {
  return db.selectFrom('share_suggestions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One suggestion, locked until `trx` ends (PostgreSQL; SQLite runs one writer at a time). */
export async function lockSuggestion(trx: Trx, dialect: Dialect, id: number): Promise<SuggestionRow | undefined> {
  return trx
    .selectFrom('share_suggestions')
    .selectAll()
    .where('id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** A template's suggestions, of one status or all, newest first. */
export async function listSuggestions(
  db: Executor,
  filter: { shareId: number; status?: SuggestionStatus },
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: SuggestionMetaRow[] }> {
  const base = db
    .selectFrom('share_suggestions')
    .where('share_id', '=', filter.shareId)
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!));
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base.select(META_COLUMNS).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
  ]);
  return { count: Number(count), rows };
}

/** Writes a decision (or withdrawal) of a suggestion. */
export async function decideSuggestion(
  trx: Executor,
  id: number,
  values: Pick<Updateable<ShareSuggestionsTable>, 'status' | 'reason' | 'decided_at' | 'decided_by'>,
): Promise<void> {
  await trx.updateTable('share_suggestions').set(values).where('id', '=', id).execute();
}
