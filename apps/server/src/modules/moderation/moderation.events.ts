import type { ModerationAction } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import * as repo from './moderation.repository.ts';

/** The events the moderation module publishes. */
declare module '../../lib/events/events.ts' {
  interface DomainEventMap {
    /**
     * an admin resolved a user's report with `action` on its target (`reporterId` null when the
     * reporter's account is gone)
     */
    'report.resolved': {
      reportId: number;
      reporterId: number | null;
      action: ModerationAction;
      targetKind: 'share' | 'review' | 'comment' | 'user';
      targetId: number;
    };
    /** a user filed a report of a template, review, comment or user (admins hear of it) */
    'report.filed': {
      reportId: number;
      reporterId: number;
      targetKind: 'share' | 'review' | 'comment' | 'user';
      targetId: number;
    };
  }
}

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
