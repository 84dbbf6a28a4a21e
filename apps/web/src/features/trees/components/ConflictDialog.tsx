import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConflictDialogProps {
  opened: boolean;
  onReload: () => Promise<void>;
  onOverwrite: () => Promise<void>;
}

/** A save hit 412: someone (another tab, another device) saved first. The user picks which side wins. */
export function ConflictDialog({ opened, onReload, onOverwrite }: ConflictDialogProps) {
  const { t } = useTranslation('trees');
  const [busy, setBusy] = useState<'reload' | 'overwrite' | null>(null);
  const run = (which: 'reload' | 'overwrite', action: () => Promise<void>) => {
    setBusy(which);
    void action().finally(() => setBusy(null));
  };
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={
        <Group gap="xs">
          <IconAlertTriangle size={20} color="var(--mantine-color-orange-6)" />
          <Text fw={700}>{t('conflict.title')}</Text>
        </Group>
      }
    >
      <Stack>
        <Text size="sm">{t('conflict.body')}</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            loading={busy === 'reload'}
            disabled={busy !== null}
            onClick={() => run('reload', onReload)}
            data-testid="conflict-reload"
          >
            {t('conflict.reload')}
          </Button>
          <Button
            color="red"
            loading={busy === 'overwrite'}
            disabled={busy !== null}
            onClick={() => run('overwrite', onOverwrite)}
            data-testid="conflict-overwrite"
          >
            {t('conflict.overwrite')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
