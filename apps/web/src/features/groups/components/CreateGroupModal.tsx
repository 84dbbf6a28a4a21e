import { Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DialogActions } from '../../../lib/DialogActions.tsx';
import { useCreateGroup } from '../api/useCreateGroup.ts';
import { FormError, GroupFields, type GroupDraft } from './GroupFields.tsx';
import { groupPagePath } from './group-paths.ts';

/** "New group": a name and a kind (class, team, study group); opens the new group's page. */
export function CreateGroupModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const create = useCreateGroup();
  const [draft, setDraft] = useState<GroupDraft>({ name: '', kind: 'class', description: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { ...draft, name: draft.name.trim() },
      { onSuccess: (group) => void navigate(groupPagePath(group.uuid)) },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')}>
      <form onSubmit={submit}>
        <Stack>
          <GroupFields value={draft} onChange={(patch) => setDraft({ ...draft, ...patch })} />
          <FormError error={create.error} />
          <DialogActions
            onCancel={onClose}
            submit={t('create.submit')}
            loading={create.isPending}
            disabled={!draft.name.trim()}
          />
        </Stack>
      </form>
    </Modal>
  );
}
