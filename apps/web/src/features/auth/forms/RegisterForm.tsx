import { Username } from '@arbor/contract';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completeLogin } from '../lib/complete-login.ts';
import { useSignup } from '../api/useSignup.ts';
import { ChannelSwitch } from '../components/ChannelSwitch.tsx';
import { CodeSection } from '../components/CodeSection.tsx';
import { NewPasswordInput } from '../components/NewPasswordInput.tsx';
import { useCodeFlow } from '../hooks/useCodeFlow.ts';
import { ReportingForm } from './fields/ReportingForm.tsx';
import { UsernameInput } from './fields/UsernameInput.tsx';
import { useNewPassword } from './fields/useNewPassword.ts';

/**
 * Sign up with an email or phone code and a password; the username is optional (the server makes one
 * up). The signup itself needs a second captcha payload, which the widget solved after the send.
 */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const flow = useCodeFlow('signup');
  const signup = useSignup();
  const password = useNewPassword(flow.errors);
  const [username, setUsername] = useState('');
  const [solving, setSolving] = useState(false);
  const { errors } = flow;

  async function submit() {
    if (!password.check()) return;
    if (username.trim() && !Username.safeParse(username).success)
      return errors.setField('username', t('hints.usernameRule'));
    let altcha: string;
    setSolving(true);
    try {
      altcha = await flow.captcha.current!.take();
    } catch {
      return errors.setField('altcha', t('errors.captcha'));
    } finally {
      setSolving(false);
    }
    const answer = await signup.mutateAsync({
      channel: flow.channel,
      address: flow.address,
      code: flow.code,
      password: password.value,
      username: username.trim() || undefined,
      altcha,
    });
    completeLogin(answer);
  }

  return (
    <ReportingForm errors={errors} onSubmit={submit} codeField="code">
      <ChannelSwitch value={flow.channel} onChange={flow.setChannel} />
      <CodeSection flow={flow} autoFocus />
      <NewPasswordInput label={t('fields.password')} {...password.input} />
      <UsernameInput
        label={t('fields.username')}
        description={t('hints.username')}
        value={username}
        onChange={setUsername}
        errors={errors}
      />
      <Button
        type="submit"
        fullWidth
        size="md"
        loading={solving || signup.isPending}
        disabled={!flow.addressValid || !flow.codeComplete || !password.value}
      >
        {t('register.submit')}
      </Button>
    </ReportingForm>
  );
}
