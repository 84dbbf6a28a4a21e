// The visibility rule of share-visibility.ts as query conditions: every query of this module that
// returns or counts shares takes its condition from here; other modules ask `visibleShareIds`.
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { hiddenScopeOf, type HiddenScope } from './share-visibility.ts';

/**
 * The condition on the `shares` table of a query that keeps the shares `scope` may see (`undefined`:
 * none hidden, as for anonymous callers and shared aggregates; a user id: theirs too; `'all'`: every one).
 */
export function shareVisibleTo<TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB | 'shares'>,
  scope: HiddenScope,
): Expression<SqlBool> {
  const shares = eb as unknown as ExpressionBuilder<Database, 'shares'>;
  if (scope === 'all') return shares.lit(true);
  const shown = shares('shares.hidden', '=', 0);
  return typeof scope === 'number' ? shares.or([shown, shares('shares.author_id', '=', scope)]) : shown;
}

/** Which of the templates `ids` exist and `viewer` may see (for other modules' lists of them). */
export async function visibleShareIds(
  deps: Pick<Deps, 'db'>,
  viewer: AuthUser | null,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await deps.db
    .selectFrom('shares')
    .select('shares.id')
    .where('shares.id', 'in', ids)
    .where((eb) => shareVisibleTo(eb, hiddenScopeOf(viewer)))
    .execute();
  return new Set(rows.map((r) => r.id));
}
