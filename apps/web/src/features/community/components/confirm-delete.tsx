import { Text } from '@mantine/core';
import { modals } from '../../../lib/modals.ts';
import type { TFunction } from 'i18next';

/** Asks before deleting a review, a reply or a comment (`what` is its `confirm.*` key); `run` deletes it. */
export function confirmDelete(t: TFunction<'reviews'>, what: 'review' | 'reply' | 'comment', run: () => void) {
  modals.openConfirmModal({
    title: t(`confirm.${what}Title`),
    children: <Text size="sm">{t(`confirm.${what}Body`)}</Text>,
    labels: { confirm: t('actions.delete'), cancel: t('actions.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: run,
  });
}
