import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SaveVersionDialogProps {
  opened: boolean;
  onClose: () => void;
  onSave: (message: string) => Promise<void>;
}

/** Names a version of the tree ("Save version"); the message is optional. */
export function SaveVersionDialog({ opened, onClose, onSave }: SaveVersionDialogProps) {
  const { t } = useTranslation('trees');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = () => {
    setBusy(true);
    onSave(message.trim())
      .then(() => {
        setMessage('');
        onClose();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('version.saveTitle')} centered>
      <form onSubmit={(e) => (e.preventDefault(), submit())}>
        <Stack>
          <TextInput
            label={t('version.message')}
            placeholder={t('version.messagePlaceholder')}
            value={message}
            maxLength={200}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-autofocus
            data-testid="version-message"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="version-save">
              {t('version.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
