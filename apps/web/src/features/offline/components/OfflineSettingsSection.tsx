import { Alert, Button, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { modals } from '../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureOfflineMessages } from '../../pwa/index.ts';
import { clearOfflineStorage, offlineStorage, startOfflineSync, type OfflineStorage } from '../offline-sync.ts';
import { offlineStatus, subscribeOfflineStatus } from '../status-store.ts';

const ID = 'offline-settings';

/** Bytes as the learner reads them (KB, MB), in the page's language. */
function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/**
 * Settings → Offline: what the device keeps for offline reviews (the cards, the grades still waiting,
 * the space the site uses), and "Clear offline data" behind a confirmation that warns when grades have
 * not reached the server yet (they would be lost).
 */
export function OfflineSettingsSection() {
  ensureOfflineMessages();
  const { t, i18n } = useTranslation('offline');
  const [stored, setStored] = useState<OfflineStorage | null>(null);
  const read = useCallback(() => void offlineStorage().then(setStored), []);
  useEffect(startOfflineSync, []);
  // read again when grades are queued or synced (a sync keeps the server's cards again)
  const { pending, syncedAt } = useSyncExternalStore(subscribeOfflineStatus, offlineStatus, offlineStatus);
  useEffect(read, [read, pending, syncedAt]);

  const clear = () => {
    const waiting = stored?.pending ?? 0;
    modals.openConfirmModal({
      title: t('settings.confirmTitle'),
      children: (
        <Text size="sm">
          {waiting > 0 ? t('settings.confirmPending', { count: waiting }) : t('settings.confirmBody')}
        </Text>
      ),
      labels: { confirm: t('settings.clear'), cancel: t('settings.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void clearOfflineStorage().then(
          () => {
            notifications.show({ color: 'teal', message: t('settings.cleared') });
            read();
          },
          () => notifications.show({ color: 'red', message: t('settings.clearFailed') }),
        ),
    });
  };

  const rows: [string, string][] = stored
    ? [
        [t('settings.cards'), String(stored.cards)],
        [t('settings.pending'), String(stored.pending)],
        [t('settings.usage'), stored.usage === null ? t('settings.unknown') : formatBytes(stored.usage, i18n.language)],
      ]
    : [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${ID}-title`} id={ID} data-testid={ID}>
      <Title order={2} fz="h4" mb={4} id={`${ID}-title`}>
        {t('settings.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('settings.intro')}
      </Text>
      {stored ? (
        <Table variant="vertical" layout="fixed" withTableBorder mb="md">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="60%">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Skeleton h={120} radius="md" mb="md" />
      )}
      {stored && stored.pending > 0 ? (
        <Alert color="yellow" mb="md">
          {t('settings.pendingWarning', { count: stored.pending })}
        </Alert>
      ) : null}
      <Group>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={clear}
          disabled={!stored}
        >
          {t('settings.clear')}
        </Button>
      </Group>
    </Card>
  );
}
