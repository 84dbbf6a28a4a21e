import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn, type Me } from '../../../lib/session.ts';
import type { Channel } from '../../auth/api/types.ts';
import { usePasswordReset } from '../../auth/api/usePasswordReset.ts';
import { tokenLogin } from '../../auth/api/useTokenLogin.ts';
import { ChannelSwitch } from '../../auth/components/ChannelSwitch.tsx';
import { CodeSection } from '../../auth/components/CodeSection.tsx';
import { FormAlert } from '../../auth/components/FormAlert.tsx';
import { NewPasswordInput } from '../../auth/components/NewPasswordInput.tsx';
import { useCodeFlow } from '../../auth/hooks/useCodeFlow.ts';
import { passwordLengthError } from '../../auth/lib/password.ts';

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
  const [password, setPassword] = useState('');
  const [signingIn, setSigningIn] = useState(false);
  const { errors } = flow;

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    const lengthError = passwordLengthError(password);
    if (lengthError) return errors.setField('new_password', t(`auth:password.${lengthError}`));
    try {
      await reset.mutateAsync({ channel, address: flow.address, code: flow.code, new_password: password });
    } catch (error) {
      return errors.report(error, { codeField: 'code' });
    }
    setSigningIn(true);
    try {
      signIn(await tokenLogin({ username: me.username, password }));
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
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('password.codeTo', { address })}</Text>
        <FormAlert message={errors.message} />
        <CodeSection flow={flow} />
        <NewPasswordInput
          name="new_password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            errors.clearField('new_password');
          }}
          error={errors.field('new_password') ?? errors.field('password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={reset.isPending || signingIn} disabled={!flow.codeComplete || !password}>
            {t('password.changeSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
