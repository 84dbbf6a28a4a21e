// The one visibility rule of templates (API.md "Moderation"): a hidden template is absent from every
// list, feed, collection and count for everyone but its author and admins. Every query that returns
// or counts shares takes its condition from here.
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../plugins/auth.ts';

/**
 * Which hidden items a viewer may see: an admin every one (`'all'`), a signed-in user their own
 * (their id), anonymous nobody (`undefined`). Hidden items leave every aggregate for everyone.
 */
export type HiddenScope = 'all' | number | undefined;

export const hiddenScopeOf = (viewer: AuthUser | null): HiddenScope =>
  viewer === null ? undefined : viewer.role === 'admin' ? 'all' : viewer.id;

/** Whether `viewer` may see an item of `authorId` that a moderator hid (its author and admins). */
export const canSeeHidden = (viewer: AuthUser | null, authorId: number | null): boolean =>
  viewer !== null && (viewer.role === 'admin' || viewer.id === authorId);

/** A visible-to-viewer check: hidden items are absent (404) for everyone but their author and admins. */
export const isVisible = (viewer: AuthUser | null, item: { hidden: number; author_id: number | null }): boolean =>
  item.hidden === 0 || canSeeHidden(viewer, item.author_id);

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
