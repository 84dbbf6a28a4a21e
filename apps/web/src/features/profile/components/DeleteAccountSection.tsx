import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut, type Me } from '../../../lib/session.ts';
import { FormAlert } from '../../auth/components/FormAlert.tsx';
import { useServerErrors } from '../../auth/hooks/useServerErrors.ts';
import { useDeleteAccount } from '../api/useDeleteAccount.ts';

/** The danger zone's one action: delete the account after an explicit confirmation. */
export function DeleteAccountSection({ me }: { me: Me }) {
  const { t } = useTranslation('profile');
  const [opened, setOpened] = useState(false);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" maw={420}>
        {t('delete.explain')}
      </Text>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        {t('delete.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('delete.title')} centered>
        <DeleteForm me={me} onCancel={() => setOpened(false)} />
      </Modal>
    </Group>
  );
}

/**
 * With a password the server wants it; without one, typing the username is the confirmation, so a
 * stray click can never delete an account.
 */
function DeleteForm({ me, onCancel }: { me: Me; onCancel: () => void }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const errors = useServerErrors();
  const remove = useDeleteAccount();
  const [confirmation, setConfirmation] = useState('');
  const ready = me.has_password ? confirmation.length > 0 : confirmation.trim() === me.username;

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    try {
      await remove.mutateAsync({ id: me.id, password: me.has_password ? confirmation : undefined });
    } catch (error) {
      return errors.report(error);
    }
    await signOut();
    notifications.show({ color: 'teal', message: t('delete.done') });
    void navigate('/', { replace: true });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('delete.warning')}</Text>
        <FormAlert message={errors.message} />
        {me.has_password ? (
          <PasswordInput
            label={t('delete.password')}
            name="password"
            autoComplete="current-password"
            required
            data-autofocus
            value={confirmation}
            onChange={(event) => {
              setConfirmation(event.currentTarget.value);
              errors.clearField('password');
            }}
            error={errors.field('password')}
          />
        ) : (
          <TextInput
            label={t('delete.typeUsername', { username: me.username })}
            name="confirm"
            autoComplete="off"
            required
            data-autofocus
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color="red" loading={remove.isPending} disabled={!ready}>
            {t('delete.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
