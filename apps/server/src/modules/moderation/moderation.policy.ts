import type { AuthUser } from '../../plugins/auth.ts';
import { invalidField } from '../../lib/http-errors.ts';

/** What may be reported: nobody reports their own content or themselves. */
export function authorizeReport(reporter: AuthUser, ownerId: number | null): void {
  if (ownerId === reporter.id) throw invalidField('target_id', 'You cannot report your own content or yourself.');
}
