import type { Group } from '@arbor/contract';
import { Badge, Button, Card, Group as Row, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../lib/LoadError.tsx';
import { useGroups } from '../api/useGroups.ts';
import { CreateGroupModal } from './CreateGroupModal.tsx';
import { groupPagePath } from './group-paths.ts';

/** `/groups`: the groups I own, mentor or belong to, and "New group". */
export function GroupsHome() {
  const { t } = useTranslation('groups');
  const groups = useGroups();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="lg">
      <Row justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('home.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('home.intro')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('home.create')}
        </Button>
      </Row>
      {groups.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
        </SimpleGrid>
      ) : groups.isError ? (
        <LoadError message={t('home.loadError')} retry={t('retry')} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <Text c="dimmed">{t('home.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {groups.data.map((group) => (
            <li key={group.uuid}>
              <GroupCard group={group} />
            </li>
          ))}
        </SimpleGrid>
      )}
      {creating ? <CreateGroupModal opened onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}

function GroupCard({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  return (
    <Card withBorder radius="md" padding="md" component={Link} to={groupPagePath(group.uuid)} data-testid="group-card">
      <Row gap={6} mb={6}>
        <Badge variant="light" tt="none">
          {t(`kind.${group.kind}`)}
        </Badge>
        <Badge variant="outline" color="gray" tt="none">
          {t(`role.${group.my_role}`)}
        </Badge>
      </Row>
      <Text fw={700} component="h2" size="lg" lineClamp={2} m={0}>
        {group.name}
      </Text>
      <Row gap="md" mt="xs" c="dimmed">
        <Row gap={4}>
          <IconUsers size={14} aria-hidden />
          <Text size="sm" c="inherit">
            {t('home.members', { count: group.members_count })}
          </Text>
        </Row>
        <Text size="sm" c="inherit">
          {t('home.assignments', { count: group.assignments_count })}
        </Text>
      </Row>
    </Card>
  );
}
