import type { Deps } from '../../deps.ts';
import * as repo from './moderation.repository.ts';

/**
 * Moderation's part in other modules' events: a template that started hidden because its tree was
 * withheld (`share.withheld`, in the sharing transaction) gets an open report without reporter, so
 * that it comes before the admins.
 */
export function subscribeModeration(deps: Deps): void {
  deps.events.within('share.withheld', async (trx, { shareId }) => {
    await repo.insertReport(trx, {
      reporter_id: null,
      target_kind: 'share',
      target_id: shareId,
      reason: 'other',
      details: '',
      created_at: deps.clock.nowIso(),
    });
  });
}
