import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../../auth/index.ts';
import { CodeSection } from '../../auth/index.ts';
import { useCodeFlow } from '../../auth/index.ts';
import { ReportingForm } from '../../auth/index.ts';
import { useBindAddress } from '../api/useBindAddress.ts';
import { DialogActions } from '../../../lib/DialogActions.tsx';

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

  async function submit() {
    await bind.mutateAsync({ channel, address: flow.address, code: flow.code });
    notifications.show({ color: 'teal', message: t(`contact.${kind}.bound`) });
    onDone();
  }

  return (
    <ReportingForm errors={flow.errors} onSubmit={submit} codeField="code">
      <CodeSection flow={flow} addressLabel={t(`contact.${kind}.newLabel`)} autoFocus />
      <DialogActions
        onCancel={onDone}
        submit={t('actions.confirm')}
        loading={bind.isPending}
        disabled={!flow.addressValid || !flow.codeComplete}
      />
    </ReportingForm>
  );
}
