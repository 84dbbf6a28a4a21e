import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn, type Me } from '../../../lib/session.ts';
import type { Channel } from '../../auth/index.ts';
import { usePasswordReset } from '../../auth/index.ts';
import { tokenLogin } from '../../auth/index.ts';
import { ChannelSwitch } from '../../auth/index.ts';
import { CodeSection } from '../../auth/index.ts';
import { NewPasswordInput } from '../../auth/index.ts';
import { useCodeFlow } from '../../auth/index.ts';
import { ReportingForm, useNewPassword } from '../../auth/index.ts';
import { DialogActions } from '../../../lib/DialogActions.tsx';

interface ChangePasswordModalProps {
  me: Me;
  opened: boolean;
  onClose: () => void;
}

/**
 * Change the password with a `reset_password` code to the bound email or phone (API.md has no
 * "old password" endpoint). The reset revokes every session, this one included, so we log in again
 * with the new password right away and the user stays on the page.
 */
export function ChangePasswordModal({ me, opened, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation('profile');
  return (
    <Modal opened={opened} onClose={onClose} title={t('password.changeTitle')} centered>
      <ChangePasswordForm me={me} onDone={onClose} />
    </Modal>
  );
}

function ChangePasswordForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const [channel, setChannel] = useState<Channel>(me.email ? 'ses' : 'sms');
  const both = Boolean(me.email && me.phone);
  return (
    <Stack gap="md">
      {both ? <ChannelSwitch value={channel} onChange={setChannel} /> : null}
      {/* Keyed by channel: a fresh flow (address, countdown) per channel. */}
      <CodeAndPassword key={channel} me={me} channel={channel} onDone={onDone} />
    </Stack>
  );
}

function CodeAndPassword({ me, channel, onDone }: { me: Me; channel: Channel; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const address = (channel === 'ses' ? me.email : me.phone) ?? '';
  const flow = useCodeFlow('reset_password', { channel, fixedAddress: address });
  const reset = usePasswordReset();
  const password = useNewPassword(flow.errors, 'new_password');
  const [signingIn, setSigningIn] = useState(false);

  async function submit() {
    if (!password.check()) return;
    await reset.mutateAsync({ channel, address: flow.address, code: flow.code, new_password: password.value });
    setSigningIn(true);
    try {
      signIn(await tokenLogin({ username: me.username, password: password.value }));
      notifications.show({ color: 'teal', message: t('password.changed') });
      onDone();
    } catch {
      // The password did change; only the automatic re-login failed, and the session is gone.
      notifications.show({ color: 'yellow', message: t('password.changedRelogin') });
    } finally {
      setSigningIn(false);
    }
  }

  return (
    <ReportingForm
      errors={flow.errors}
      onSubmit={submit}
      codeField="code"
      intro={<Text size="sm">{t('password.codeTo', { address })}</Text>}
    >
      <CodeSection flow={flow} />
      <NewPasswordInput {...password.input} />
      <DialogActions
        onCancel={onDone}
        submit={t('password.changeSubmit')}
        loading={reset.isPending || signingIn}
        disabled={!flow.codeComplete || !password.value}
      />
    </ReportingForm>
  );
}
