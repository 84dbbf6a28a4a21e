import { Tabs } from '@mantine/core';
import { IconDeviceMobileMessage, IconKey, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard, AuthLink, CodeLoginForm, PasswordLoginForm } from '../../features/auth/index.ts';
import classes from './LoginPage.module.css';

type Method = 'password' | 'email' | 'sms';

/** `/auth/login`: password, email-code and SMS-code login. The route guard handles `?redirect=`. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<Method>('password');
  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')} <AuthLink to="/auth/register">{t('login.toRegister')}</AuthLink>
        </>
      }
    >
      {/* Unmounting hidden panels keeps one captcha widget at work, for the method in use. */}
      <Tabs
        value={method}
        onChange={(value) => setMethod((value as Method) ?? 'password')}
        keepMounted={false}
        classNames={{ tabSection: classes.tabIcon }}
      >
        <Tabs.List grow mb="lg">
          <Tabs.Tab px="xs" value="password" leftSection={<IconKey size={16} aria-hidden />}>
            {t('login.tabs.password')}
          </Tabs.Tab>
          <Tabs.Tab px="xs" value="email" leftSection={<IconMail size={16} aria-hidden />}>
            {t('login.tabs.email')}
          </Tabs.Tab>
          <Tabs.Tab px="xs" value="sms" leftSection={<IconDeviceMobileMessage size={16} aria-hidden />}>
            {t('login.tabs.sms')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="password">
          <PasswordLoginForm />
        </Tabs.Panel>
        <Tabs.Panel value="email">
          <CodeLoginForm channel="ses" />
        </Tabs.Panel>
        <Tabs.Panel value="sms">
          <CodeLoginForm channel="sms" />
        </Tabs.Panel>
      </Tabs>
    </AuthCard>
  );
}
