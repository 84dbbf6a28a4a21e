import type { Group } from '@arbor/contract';
import { Button, Card, Group as Row, Stack, Switch, Text } from '@mantine/core';
import { modals } from '../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import { IconDoorExit, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useDeleteGroup } from '../api/useDeleteGroup.ts';
import { useRemoveMember } from '../api/useRemoveMember.ts';
import { useRotateCode } from '../api/useRotateCode.ts';
import { useUpdateGroup } from '../api/useUpdateGroup.ts';
import { FormError, GroupFields, type GroupDraft } from './GroupFields.tsx';

/** Settings: rename and describe (owner, mentors), a new join code, delete (owner), or leave (members). */
export function SettingsTab({ group }: { group: Group }) {
  const { abilities } = group;
  return (
    <Stack gap="md" maw={640}>
      {abilities.update ? <GroupForm group={group} /> : null}
      {abilities.rotate_code ? <RotateCode group={group} /> : null}
      {abilities.leave ? <LeaveGroup group={group} /> : null}
      {abilities.delete ? <DeleteGroup group={group} /> : null}
    </Stack>
  );
}

function GroupForm({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const update = useUpdateGroup(group.uuid);
  const [draft, setDraft] = useState<GroupDraft>({
    name: group.name,
    kind: group.kind,
    description: group.description,
  });
  const [joinOpen, setJoinOpen] = useState(group.join_open);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { ...draft, name: draft.name.trim(), join_open: joinOpen },
      { onSuccess: () => notifications.show({ color: 'teal', message: t('settings.saved') }) },
    );
  };
  return (
    <Card withBorder radius="md" component="form" onSubmit={submit}>
      <Stack>
        <GroupFields value={draft} onChange={(patch) => setDraft({ ...draft, ...patch })} />
        <Switch
          label={t('settings.joinOpen')}
          description={t('settings.joinOpenHint')}
          checked={joinOpen}
          onChange={(e) => setJoinOpen(e.currentTarget.checked)}
        />
        <FormError error={update.error} />
        <Row justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!draft.name.trim()}>
            {t('settings.save')}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}

/** A titled card with one action: a sentence saying what it does, then its button. */
function ActionCard({ title, body, children }: { title: string; body: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md">
      <Stack gap="xs" align="flex-start">
        <Text fw={700} component="h2" size="md" m={0}>
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {body}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

function RotateCode({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const rotate = useRotateCode(group.uuid);
  return (
    <ActionCard title={t('settings.rotateTitle')} body={t('settings.rotateBody')}>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden />}
        loading={rotate.isPending}
        onClick={() =>
          rotate.mutate(undefined, {
            onSuccess: () => notifications.show({ color: 'teal', message: t('settings.rotated') }),
            onError: (error) => notifications.show({ color: 'red', message: error.message }),
          })
        }
      >
        {t('settings.rotate')}
      </Button>
    </ActionCard>
  );
}

function LeaveGroup({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const me = useSession().user;
  const navigate = useNavigate();
  const leave = useRemoveMember(group.uuid);
  const confirm = () =>
    modals.openConfirmModal({
      title: t('settings.leaveTitle', { name: group.name }),
      children: <Text size="sm">{t('settings.leaveBody')}</Text>,
      labels: { confirm: t('settings.leave'), cancel: t('cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-leave' } as Record<string, string>,
      onConfirm: () =>
        me &&
        leave.mutate(me.id, {
          onSuccess: () => void navigate('/groups'),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <ActionCard title={t('settings.leave')} body={t('settings.leaveHint')}>
      <Button color="red" variant="light" leftSection={<IconDoorExit size={16} aria-hidden />} onClick={confirm}>
        {t('settings.leave')}
      </Button>
    </ActionCard>
  );
}

function DeleteGroup({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const remove = useDeleteGroup(group.uuid);
  const confirm = () =>
    modals.openConfirmModal({
      title: t('settings.deleteTitle', { name: group.name }),
      children: <Text size="sm">{t('settings.deleteBody')}</Text>,
      labels: { confirm: t('settings.delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => void navigate('/groups'),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <ActionCard title={t('settings.delete')} body={t('settings.deleteHint')}>
      <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirm}>
        {t('settings.delete')}
      </Button>
    </ActionCard>
  );
}
