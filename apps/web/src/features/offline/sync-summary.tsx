import { notifications } from '@mantine/notifications';
import { i18n } from '../../lib/i18n.ts';
import { ensureOfflineMessages } from '../pwa/index.ts';
import type { SyncSummary } from './review-store.ts';

/**
 * Tells the learner what a replay did when it was more than a quiet success: grades the server refused
 * (the card was deleted, or reviewed later elsewhere) are dropped, and said so.
 */
export function showSyncSummary(summary: SyncSummary) {
  if (summary.dropped.length === 0) return;
  ensureOfflineMessages();
  const t = i18n.getFixedT(null, 'offline');
  notifications.show({
    color: 'yellow',
    title: t('summary.title'),
    message: [
      t('summary.synced', { count: summary.synced }),
      t('summary.dropped', { count: summary.dropped.length }),
    ].join(' · '),
    autoClose: false,
  });
}
