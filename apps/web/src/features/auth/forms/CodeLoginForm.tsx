import { Button, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { completeLogin } from '../lib/complete-login.ts';
import type { Channel } from '../api/types.ts';
import { useCodeLogin } from '../api/useCodeLogin.ts';
import { CodeSection } from '../components/CodeSection.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { useCodeFlow } from '../hooks/useCodeFlow.ts';

/** Login with a `login` code mailed (`ses`) or texted (`sms`) to the address. */
export function CodeLoginForm({ channel }: { channel: Channel }) {
  const { t } = useTranslation('auth');
  const flow = useCodeFlow('login', { channel });
  const login = useCodeLogin();

  async function submit(event: FormEvent) {
    event.preventDefault();
    flow.errors.clear();
    try {
      completeLogin(await login.mutateAsync({ channel, address: flow.address, code: flow.code }));
    } catch (error) {
      flow.errors.report(error, { codeField: 'code' });
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={flow.errors.message} />
        <CodeSection flow={flow} />
        <Button
          type="submit"
          fullWidth
          size="md"
          loading={login.isPending}
          disabled={!flow.addressValid || !flow.codeComplete}
        >
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
