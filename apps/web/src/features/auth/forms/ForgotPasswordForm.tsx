import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { completeLogin } from '../lib/complete-login.ts';
import { usePasswordReset } from '../api/usePasswordReset.ts';
import { tokenLogin } from '../api/useTokenLogin.ts';
import { ChannelSwitch } from '../components/ChannelSwitch.tsx';
import { CodeSection } from '../components/CodeSection.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { NewPasswordInput } from '../components/NewPasswordInput.tsx';
import { useCodeFlow } from '../hooks/useCodeFlow.ts';
import { passwordLengthError } from '../lib/password.ts';

/**
 * Reset with a `reset_password` code. The reset revokes every session of the account, so on success
 * we log straight in with the new password; if that fails the user is sent to the login page.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { search } = useLocation();
  const flow = useCodeFlow('reset_password');
  const reset = usePasswordReset();
  const [password, setPassword] = useState('');
  const [signingIn, setSigningIn] = useState(false);
  const { errors } = flow;

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    const lengthError = passwordLengthError(password);
    if (lengthError) return errors.setField('new_password', t(`password.${lengthError}`));
    try {
      await reset.mutateAsync({
        channel: flow.channel,
        address: flow.address,
        code: flow.code,
        new_password: password,
      });
    } catch (error) {
      return errors.report(error, { codeField: 'code' });
    }
    notifications.show({ color: 'teal', message: t('forgot.done') });
    setSigningIn(true);
    try {
      completeLogin(await tokenLogin({ username: flow.address, password }));
    } catch {
      setSigningIn(false);
      void navigate({ pathname: '/auth/login', search }, { replace: true });
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={errors.message} />
        <ChannelSwitch value={flow.channel} onChange={flow.setChannel} />
        <CodeSection flow={flow} autoFocus />
        <NewPasswordInput
          name="new_password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            errors.clearField('new_password');
          }}
          error={errors.field('new_password') ?? errors.field('password')}
        />
        <Button
          type="submit"
          fullWidth
          size="md"
          loading={reset.isPending || signingIn}
          disabled={!flow.addressValid || !flow.codeComplete || !password}
        >
          {t('forgot.submit')}
        </Button>
      </Stack>
    </form>
  );
}
