import { Box, Button, VisuallyHidden } from '@mantine/core';
import { IconCloudCheck, IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HintTooltip } from '../../shell/index.ts';
import { offlineStatus, subscribeOfflineStatus } from '../status-store.ts';
import './OfflineIndicator.css';

/** How long "Synced" stays after a replay. */
const SYNCED_SHOWN_MS = 5000;

type Shown = 'offline' | 'syncing' | 'pending' | 'synced';

/**
 * The header's sync status (OfflineIndicator loads it for a signed-in user once the first page is
 * shown): "Offline" (with the grades waiting), "3 to sync", "Syncing…" and briefly "Synced"; nothing
 * when all is sent. The IndexedDB code (offline-sync.ts) is a chunk of its own. A click syncs what
 * waits, or (offline, synced) opens Settings → Offline. On a phone the label is the icon and the count;
 * the full text is its name, its hint, and a polite status for screen readers.
 */
export default function OfflineIndicatorView() {
  const status = useSyncExternalStore(subscribeOfflineStatus, offlineStatus, offlineStatus);
  const { t } = useTranslation('offline');
  const navigate = useNavigate();
  const [recentlySynced, setRecentlySynced] = useState(false);
  useEffect(() => {
    void import('../offline-sync.ts').then((sync) => sync.startOfflineSync());
  }, []);
  useEffect(() => {
    if (status.syncedAt === null) return;
    setRecentlySynced(true);
    const timer = setTimeout(() => setRecentlySynced(false), SYNCED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [status.syncedAt]);

  const shown: Shown | null = !status.ready
    ? null
    : !status.online
      ? 'offline'
      : status.syncing
        ? 'syncing'
        : status.pending > 0
          ? 'pending'
          : recentlySynced
            ? 'synced'
            : null;
  const pending = t('status.pending', { count: status.pending });
  const text =
    shown === 'offline'
      ? [t('status.offline'), ...(status.pending > 0 ? [pending] : [])].join(' · ')
      : shown === 'pending'
        ? pending
        : shown
          ? t(`status.${shown}`)
          : '';
  const Icon = shown === 'offline' ? IconWifiOff : shown === 'synced' ? IconCloudCheck : IconCloudUpload;
  const onClick = () => {
    if (shown === 'pending') void import('../offline-sync.ts').then((sync) => sync.flushPendingGrades());
    else void navigate('/settings#offline-settings');
  };
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite">
        {text}
      </VisuallyHidden>
      {shown ? (
        <HintTooltip label={`${t('status.label')}: ${text}`}>
          <Button
            variant="light"
            color={shown === 'offline' ? 'gray' : shown === 'synced' ? 'teal' : 'blue'}
            size="compact-sm"
            radius="xl"
            leftSection={<Icon size={16} aria-hidden />}
            aria-label={`${t('status.label')}: ${text}`}
            data-testid="offline-indicator"
            data-offline-indicator
            data-state={shown}
            onClick={onClick}
          >
            <Box component="span" visibleFrom="sm">
              {text}
            </Box>
            {status.pending > 0 ? (
              <Box component="span" hiddenFrom="sm">
                {status.pending}
              </Box>
            ) : null}
          </Button>
        </HintTooltip>
      ) : null}
    </>
  );
}
