import { Badge, Loader, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudOff, IconPencil } from '@tabler/icons-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Autosave, SaveStatus } from '../state/autosave.ts';

const LOOK: Record<SaveStatus, { color: string; icon: ReactNode }> = {
  saved: { color: 'teal', icon: <IconCheck size={12} /> },
  pending: { color: 'gray', icon: <IconPencil size={12} /> },
  saving: { color: 'blue', icon: <Loader size={10} color="blue" /> },
  offline: { color: 'orange', icon: <IconCloudOff size={12} /> },
  conflict: { color: 'red', icon: <IconAlertTriangle size={12} /> },
  error: { color: 'red', icon: <IconAlertTriangle size={12} /> },
};

export function useSaveStatus(autosave: Autosave | null): SaveStatus {
  return useSyncExternalStore(
    autosave?.subscribe ?? noopSubscribe,
    autosave?.getStatus ?? savedStatus,
    autosave?.getStatus ?? savedStatus,
  );
}
const noopSubscribe = () => () => undefined;
const savedStatus = (): SaveStatus => 'saved';

/** "Saved / saving / offline — retrying": always visible, so the user knows whether an edit is safe. */
export function SaveStatusBadge({ autosave }: { autosave: Autosave }) {
  const { t } = useTranslation('trees');
  const status = useSaveStatus(autosave);
  const look = LOOK[status];
  const badge = (
    <Badge
      variant="light"
      color={look.color}
      leftSection={look.icon}
      radius="sm"
      size="lg"
      tt="none"
      fw={500}
      // Never squeezed by the toolbar: the save state is read in full or not at all.
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
      data-testid="save-status"
      data-status={status}
      aria-live="polite"
    >
      {t(`save.${status}`)}
    </Badge>
  );
  if (status === 'error' || status === 'offline') {
    return (
      <Tooltip label={t('save.retryNow')}>
        <UnstyledButton onClick={() => autosave.retry()}>{badge}</UnstyledButton>
      </Tooltip>
    );
  }
  return badge;
}
