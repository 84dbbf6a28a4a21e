import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../../lib/session.ts';
import { FormAlert } from '../../auth/index.ts';
import { NewPasswordInput } from '../../auth/index.ts';
import { useServerErrors } from '../../auth/index.ts';
import { passwordLengthError } from '../../auth/index.ts';
import { useSetFirstPassword } from '../api/useSetFirstPassword.ts';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';

/** Set a first password (accounts made by code have none) or change it through a code. */
export function PasswordSection({ me }: { me: Me }) {
  return me.has_password ? <ChangePassword me={me} /> : <SetFirstPassword />;
}

function ChangePassword({ me }: { me: Me }) {
  const { t } = useTranslation('profile');
  const [opened, setOpened] = useState(false);
  const reachable = Boolean(me.email || me.phone);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" maw={420}>
        {reachable ? t('password.hasPassword') : t('password.needContact')}
      </Text>
      <Button variant="light" onClick={() => setOpened(true)} disabled={!reachable}>
        {t('password.change')}
      </Button>
      {reachable ? <ChangePasswordModal me={me} opened={opened} onClose={() => setOpened(false)} /> : null}
    </Group>
  );
}

function SetFirstPassword() {
  const { t } = useTranslation('profile');
  const errors = useServerErrors();
  const setFirst = useSetFirstPassword();
  const [password, setPassword] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    const lengthError = passwordLengthError(password);
    if (lengthError) return errors.setField('password', t(`password.${lengthError}`, { ns: 'auth' }));
    try {
      await setFirst.mutateAsync(password);
      notifications.show({ color: 'teal', message: t('password.set') });
      setPassword('');
    } catch (error) {
      errors.report(error);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('password.noPassword')}
        </Text>
        <FormAlert message={errors.message} />
        <NewPasswordInput
          value={password}
          onChange={(value) => {
            setPassword(value);
            errors.clearField('password');
          }}
          error={errors.field('password')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={setFirst.isPending} disabled={!password}>
            {t('password.setSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
