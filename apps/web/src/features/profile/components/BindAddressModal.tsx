import { Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../../auth/api/types.ts';
import { CodeSection } from '../../auth/components/CodeSection.tsx';
import { FormAlert } from '../../auth/components/FormAlert.tsx';
import { useCodeFlow } from '../../auth/hooks/useCodeFlow.ts';
import { useBindAddress } from '../api/useBindAddress.ts';

interface BindAddressModalProps {
  channel: Channel;
  opened: boolean;
  onClose: () => void;
  /** true when an address is bound already: the dialog reads "change" instead of "bind" */
  replacing: boolean;
}

/** Bind (or change to) a new email or phone, proven with a `bind_*` code sent to it. */
export function BindAddressModal({ channel, opened, onClose, replacing }: BindAddressModalProps) {
  const { t } = useTranslation('profile');
  const kind = channel === 'ses' ? 'email' : 'phone';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(`contact.${kind}.${replacing ? 'changeTitle' : 'bindTitle'}`)}
      centered
    >
      <BindForm channel={channel} onDone={onClose} />
    </Modal>
  );
}

// A separate component so its state (and captcha) is created when the modal opens and dropped on close.
function BindForm({ channel, onDone }: { channel: Channel; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const flow = useCodeFlow(channel === 'ses' ? 'bind_email' : 'bind_phone', { channel });
  const bind = useBindAddress();
  const kind = channel === 'ses' ? 'email' : 'phone';

  async function submit(event: FormEvent) {
    event.preventDefault();
    flow.errors.clear();
    try {
      await bind.mutateAsync({ channel, address: flow.address, code: flow.code });
      notifications.show({ color: 'teal', message: t(`contact.${kind}.bound`) });
      onDone();
    } catch (error) {
      flow.errors.report(error, { codeField: 'code' });
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={flow.errors.message} />
        <CodeSection flow={flow} addressLabel={t(`contact.${kind}.newLabel`)} autoFocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={bind.isPending} disabled={!flow.addressValid || !flow.codeComplete}>
            {t('actions.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
