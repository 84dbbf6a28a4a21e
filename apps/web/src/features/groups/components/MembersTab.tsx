import type { Group, GroupMember } from '@arbor/contract';
import { ActionIcon, Avatar, Badge, Group as Row, Select, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../lib/LoadError.tsx';
import { useSession } from '../../../lib/session.ts';
import { useMembers } from '../api/useMembers.ts';
import { useRemoveMember } from '../api/useRemoveMember.ts';
import { useUpdateMember } from '../api/useUpdateMember.ts';
import { InviteCard } from './InviteCard.tsx';

/** Members: the invite (owner, mentors), then everyone with their role; the owner changes roles. */
export function MembersTab({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const members = useMembers(group.uuid);
  return (
    <Stack gap="md">
      {group.join_code ? <InviteCard code={group.join_code} open={group.join_open} /> : null}
      {members.isPending ? (
        <Skeleton h={120} />
      ) : members.isError ? (
        <LoadError message={t('members.loadError')} retry={t('retry')} onRetry={() => void members.refetch()} />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="member-list">
          {members.data.map((member) => (
            <MemberRow key={member.user.id} group={group} member={member} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function MemberRow({ group, member }: { group: Group; member: GroupMember }) {
  const { t } = useTranslation('groups');
  const me = useSession().user;
  const update = useUpdateMember(group.uuid);
  const remove = useRemoveMember(group.uuid);
  const isMe = me?.id === member.user.id;
  const name = member.user.username;
  // The server decides; this only hides what it would refuse (owner: anyone else; mentors: members).
  const removable =
    !isMe &&
    member.role !== 'owner' &&
    group.abilities.remove_members &&
    (group.my_role === 'owner' || member.role === 'member');
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('members.removeTitle', { name }),
      children: <Text size="sm">{t('members.removeBody')}</Text>,
      labels: { confirm: t('members.remove'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(member.user.id, {
          onError: () => notifications.show({ color: 'red', message: t('members.removeFailed') }),
        }),
    });
  return (
    <Row component="li" justify="space-between" wrap="nowrap" gap="sm" data-testid="member-row">
      <Row gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={member.user.avatar_url} alt="" size={32} radius="xl" />
        <Text truncate fw={isMe ? 700 : 400}>
          {name}
        </Text>
      </Row>
      <Row gap="xs" wrap="nowrap">
        {group.abilities.manage_roles && member.role !== 'owner' ? (
          <Select
            size="xs"
            w={130}
            aria-label={t('members.roleOf', { name })}
            value={member.role}
            data={(['member', 'mentor'] as const).map((role) => ({ value: role, label: t(`role.${role}`) }))}
            onChange={(role) =>
              role &&
              update.mutate(
                { userId: member.user.id, role: role as 'member' | 'mentor' },
                { onError: () => notifications.show({ color: 'red', message: t('members.roleFailed') }) },
              )
            }
            allowDeselect={false}
          />
        ) : (
          <Badge variant={member.role === 'member' ? 'outline' : 'light'} color="gray" tt="none">
            {t(`role.${member.role}`)}
          </Badge>
        )}
        {removable ? (
          <Tooltip label={t('members.removeLabel', { name })} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={confirmRemove}
              aria-label={t('members.removeLabel', { name })}
            >
              <IconUserMinus size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Row>
    </Row>
  );
}
