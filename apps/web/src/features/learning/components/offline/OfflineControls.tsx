import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconCloudCheck, IconCloudDownload } from '@tabler/icons-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { withOfflineStore } from '../../../offline/index.ts';
import type { SubjectRef } from '../../api/useProgress.ts';
import { subscribeOfflineEdits, waitingEdits } from './offline-edits.ts';
import { ensureOfflineMessages } from '../../../pwa/index.ts';

// this feature's strings are the `offline` namespace's (its zh-CN messages come with the pwa chunk)
ensureOfflineMessages();

/** "N changes wait for the connection", while any do. */
export function WaitingEdits() {
  const { t } = useTranslation('offline');
  const count = useSyncExternalStore(subscribeOfflineEdits, waitingEdits, () => 0);
  if (count === 0) return null;
  return (
    <Text size="xs" c="dimmed" aria-live="polite" data-testid="learning-waiting">
      {t('learning.waiting', { count })}
    </Text>
  );
}

/**
 * "Available offline": keeps the tree, progress and notes on this device whatever its last activity
 * (trees learnt in the last 30 days are kept anyway).
 */
export function AvailableOfflineToggle({ subject }: { subject: SubjectRef }) {
  const { t } = useTranslation('offline');
  const [pinned, setPinned] = useState<boolean | null>(null);
  useEffect(() => {
    void withOfflineStore(async (store, db) => Boolean((await store.keptSubject(db, subject))?.pinned)).then((on) =>
      setPinned(on ?? null),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subject.kind, subject.uuid]);
  if (pinned === null) return null; // no IndexedDB here
  const toggle = () => {
    const next = !pinned;
    setPinned(next);
    void withOfflineStore((store, db) => store.setPinned(db, subject, next, new Date()));
  };
  return (
    <Tooltip label={t('learning.availableHint')} multiline maw={260}>
      <ActionIcon
        variant={pinned ? 'filled' : 'subtle'}
        color="teal"
        aria-label={t('learning.available')}
        aria-pressed={pinned}
        onClick={toggle}
        data-testid="available-offline"
      >
        {pinned ? <IconCloudCheck size={18} aria-hidden /> : <IconCloudDownload size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
