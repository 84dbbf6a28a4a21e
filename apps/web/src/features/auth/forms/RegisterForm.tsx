import { Username } from '@arbor/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { completeLogin } from '../lib/complete-login.ts';
import { useSignup } from '../api/useSignup.ts';
import { ChannelSwitch } from '../components/ChannelSwitch.tsx';
import { CodeSection } from '../components/CodeSection.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { NewPasswordInput } from '../components/NewPasswordInput.tsx';
import { useCodeFlow } from '../hooks/useCodeFlow.ts';
import { passwordLengthError } from '../lib/password.ts';

/**
 * Sign up with an email or phone code and a password; the username is optional (the server makes one
 * up). The signup itself needs a second captcha payload, which the widget solved after the send.
 */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const flow = useCodeFlow('signup');
  const signup = useSignup();
  const [password, setPassword] = useState('');
  const [username, setUsername] = useState('');
  const [solving, setSolving] = useState(false);
  const { errors } = flow;

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    const lengthError = passwordLengthError(password);
    if (lengthError) return errors.setField('password', t(`password.${lengthError}`));
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
    try {
      const answer = await signup.mutateAsync({
        channel: flow.channel,
        address: flow.address,
        code: flow.code,
        password,
        username: username.trim() || undefined,
        altcha,
      });
      completeLogin(answer);
    } catch (error) {
      errors.report(error, { codeField: 'code' });
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={errors.message} />
        <ChannelSwitch value={flow.channel} onChange={flow.setChannel} />
        <CodeSection flow={flow} autoFocus />
        <NewPasswordInput
          label={t('fields.password')}
          value={password}
          onChange={(value) => {
            setPassword(value);
            errors.clearField('password');
          }}
          error={errors.field('password')}
        />
        <TextInput
          label={t('fields.username')}
          name="username"
          autoComplete="username"
          description={t('hints.username')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={username}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            errors.clearField('username');
          }}
          error={errors.field('username')}
        />
        <Button
          type="submit"
          fullWidth
          size="md"
          loading={solving || signup.isPending}
          disabled={!flow.addressValid || !flow.codeComplete || !password}
        >
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
