import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { completeLogin } from '../lib/complete-login.ts';
import { usePasswordReset } from '../api/usePasswordReset.ts';
import { tokenLogin } from '../api/useTokenLogin.ts';
import { ChannelSwitch } from '../components/ChannelSwitch.tsx';
import { CodeSection } from '../components/CodeSection.tsx';
import { NewPasswordInput } from '../components/NewPasswordInput.tsx';
import { useCodeFlow } from '../hooks/useCodeFlow.ts';
import { ReportingForm } from './fields/ReportingForm.tsx';
import { useNewPassword } from './fields/useNewPassword.ts';

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
  const password = useNewPassword(flow.errors, 'new_password');
  const [signingIn, setSigningIn] = useState(false);

  async function submit() {
    if (!password.check()) return;
    await reset.mutateAsync({
      channel: flow.channel,
      address: flow.address,
      code: flow.code,
      new_password: password.value,
    });
    notifications.show({ color: 'teal', message: t('forgot.done') });
    setSigningIn(true);
    try {
      completeLogin(await tokenLogin({ username: flow.address, password: password.value }));
    } catch {
      setSigningIn(false);
      void navigate({ pathname: '/auth/login', search }, { replace: true });
    }
  }

  return (
    <ReportingForm errors={flow.errors} onSubmit={submit} codeField="code">
      <ChannelSwitch value={flow.channel} onChange={flow.setChannel} />
      <CodeSection flow={flow} autoFocus />
      <NewPasswordInput {...password.input} />
      <Button
        type="submit"
        fullWidth
        size="md"
        loading={reset.isPending || signingIn}
        disabled={!flow.addressValid || !flow.codeComplete || !password.value}
      >
        {t('forgot.submit')}
      </Button>
    </ReportingForm>
  );
}
