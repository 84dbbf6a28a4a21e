import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { completeLogin } from '../lib/complete-login.ts';
import type { Channel } from '../api/types.ts';
import { useCodeLogin } from '../api/useCodeLogin.ts';
import { CodeSection } from '../components/CodeSection.tsx';
import { useCodeFlow } from '../hooks/useCodeFlow.ts';
import { ReportingForm } from './fields/ReportingForm.tsx';

/** Login with a `login` code mailed (`ses`) or texted (`sms`) to the address. */
export function CodeLoginForm({ channel }: { channel: Channel }) {
  const { t } = useTranslation('auth');
  const flow = useCodeFlow('login', { channel });
  const login = useCodeLogin();

  async function submit() {
    completeLogin(await login.mutateAsync({ channel, address: flow.address, code: flow.code }));
  }

  return (
    <ReportingForm errors={flow.errors} onSubmit={submit} codeField="code">
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
    </ReportingForm>
  );
}
