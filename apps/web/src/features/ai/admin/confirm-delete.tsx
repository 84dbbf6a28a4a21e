import { Text } from '@mantine/core';
import { modals } from '../../../lib/modals.ts';
import type { TFunction } from 'i18next';

/** Asks before deleting an admin item; `run` does the deletion. */
export function confirmDelete(t: TFunction<'ai'>, name: string, run: () => void) {
  modals.openConfirmModal({
    title: t('admin.deleteTitle'),
    children: <Text size="sm">{t('admin.deleteBody', { name })}</Text>,
    labels: { confirm: t('admin.delete'), cancel: t('admin.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: run,
  });
}
