import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut, type Me } from '../../../lib/session.ts';
import { useServerErrors } from '../../auth/index.ts';
import { CurrentPasswordInput, ReportingForm } from '../../auth/index.ts';
import { useDeleteAccount } from '../api/useDeleteAccount.ts';
import { DialogActions } from '../../../lib/DialogActions.tsx';

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

  async function submit() {
    await remove.mutateAsync({ id: me.id, password: me.has_password ? confirmation : undefined });
    await signOut();
    notifications.show({ color: 'teal', message: t('delete.done') });
    void navigate('/', { replace: true });
  }

  return (
    <ReportingForm errors={errors} onSubmit={submit} intro={<Text size="sm">{t('delete.warning')}</Text>}>
      {me.has_password ? (
        <CurrentPasswordInput
          label={t('delete.password')}
          data-autofocus
          value={confirmation}
          onChange={setConfirmation}
          errors={errors}
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
      <DialogActions
        onCancel={onCancel}
        submit={t('delete.submit')}
        color="red"
        loading={remove.isPending}
        disabled={!ready}
      />
    </ReportingForm>
  );
}
