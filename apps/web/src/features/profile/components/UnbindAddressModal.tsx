import { Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../../auth/index.ts';
import { CodeSection } from '../../auth/index.ts';
import { useCodeFlow } from '../../auth/index.ts';
import { ReportingForm } from '../../auth/index.ts';
import { useCancelAddress } from '../api/useCancelAddress.ts';
import { DialogActions } from '../../../lib/DialogActions.tsx';

interface UnbindAddressModalProps {
  channel: Channel;
  /** the bound address the `cancel_*` code is sent to */
  address: string;
  opened: boolean;
  onClose: () => void;
}

/** Unbind the email or phone with a `cancel_*` code sent to that same address. */
export function UnbindAddressModal({ channel, address, opened, onClose }: UnbindAddressModalProps) {
  const { t } = useTranslation('profile');
  const kind = channel === 'ses' ? 'email' : 'phone';
  return (
    <Modal opened={opened} onClose={onClose} title={t(`contact.${kind}.unbindTitle`)} centered>
      <UnbindForm channel={channel} address={address} onDone={onClose} />
    </Modal>
  );
}

function UnbindForm({ channel, address, onDone }: { channel: Channel; address: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const flow = useCodeFlow(channel === 'ses' ? 'cancel_email' : 'cancel_phone', { channel, fixedAddress: address });
  const cancel = useCancelAddress();
  const kind = channel === 'ses' ? 'email' : 'phone';

  async function submit() {
    await cancel.mutateAsync({ channel, code: flow.code });
    notifications.show({ color: 'teal', message: t(`contact.${kind}.unbound`) });
    onDone();
  }

  return (
    <ReportingForm
      errors={flow.errors}
      onSubmit={submit}
      codeField="code"
      intro={<Text size="sm">{t(`contact.${kind}.unbindExplain`, { address })}</Text>}
    >
      <CodeSection flow={flow} />
      <DialogActions
        onCancel={onDone}
        submit={t('contact.unbind')}
        color="red"
        loading={cancel.isPending}
        disabled={!flow.codeComplete}
      />
    </ReportingForm>
  );
}
