import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { completeLogin } from '../lib/complete-login.ts';
import { usePhonePasswordLogin } from '../api/usePhonePasswordLogin.ts';
import { useTokenLogin } from '../api/useTokenLogin.ts';
import { AuthLink } from '../components/AuthLink.tsx';
import { useServerErrors } from '../hooks/useServerErrors.ts';
import { looksLikePhone, normalizePhone } from '../lib/identifiers.ts';
import { CurrentPasswordInput } from './fields/CurrentPasswordInput.tsx';
import { ReportingForm } from './fields/ReportingForm.tsx';

/**
 * Username, email or phone with a password. A phone goes to the phone-password endpoint (which takes
 * E.164, so "138 0013 8000" is normalised first); everything else to the token endpoint. The route
 * guard leaves the page once `signIn` has stored the session.
 */
export function PasswordLoginForm() {
  const { t } = useTranslation('auth');
  const errors = useServerErrors();
  const tokenLogin = useTokenLogin();
  const phoneLogin = usePhonePasswordLogin();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const pending = tokenLogin.isPending || phoneLogin.isPending;

  async function submit() {
    try {
      const answer = looksLikePhone(login)
        ? await phoneLogin.mutateAsync({ phone: normalizePhone(login), password })
        : await tokenLogin.mutateAsync({ username: login.trim(), password });
      completeLogin(answer);
    } catch (error) {
      // Wrong login and wrong password get one answer from the server (no account probing); say it
      // in the user's language rather than the server's English detail.
      if (
        error instanceof ApiError &&
        (error.status === 401 || (error.status === 400 && !Object.keys(error.fields).length))
      ) {
        errors.clear();
        errors.setMessage(t('errors.badCredentials'));
      } else throw error;
    }
  }

  const loginError = errors.field('username') ?? errors.field('phone') ?? errors.field('email');
  return (
    <ReportingForm errors={errors} onSubmit={submit}>
      <TextInput
        label={t('fields.login')}
        name="username"
        autoComplete="username"
        placeholder={t('placeholders.login')}
        leftSection={<IconUser size={16} />}
        required
        data-autofocus
        value={login}
        onChange={(event) => {
          setLogin(event.currentTarget.value);
          errors.clearField('username');
        }}
        error={loginError}
      />
      <Stack gap={4}>
        <CurrentPasswordInput label={t('fields.password')} value={password} onChange={setPassword} errors={errors} />
        <Group justify="flex-end">
          <AuthLink to="/auth/forgotpassword" size="xs">
            {t('login.forgot')}
          </AuthLink>
        </Group>
      </Stack>
      <Button type="submit" fullWidth size="md" loading={pending} disabled={!login.trim() || !password}>
        {t('login.submit')}
      </Button>
    </ReportingForm>
  );
}
