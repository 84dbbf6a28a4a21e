import { Badge, Group as Row, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { LoadError } from '../../../lib/LoadError.tsx';
import { useSetPageSubject } from '../../../lib/page-subject.ts';
import { useGroup } from '../api/useGroup.ts';
import { AssignmentsTab } from './AssignmentsTab.tsx';
import { MembersTab } from './MembersTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';

const TABS = ['assignments', 'members', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** The group page: Assignments · Members · Settings (the tab is kept in `?tab=`). */
export function GroupView({ uuid }: { uuid: string }) {
  const { t } = useTranslation('groups');
  const group = useGroup(uuid);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'assignments';
  useSetPageSubject(group.data?.name);
  if (group.isPending) return <Skeleton h={200} radius="md" />;
  if (group.isError) {
    const gone = group.error instanceof ApiError && group.error.status === 404;
    return gone ? (
      <Text role="alert">{t('group.notFound')}</Text>
    ) : (
      <LoadError message={t('group.loadError')} retry={t('retry')} onRetry={() => void group.refetch()} />
    );
  }
  const g = group.data;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Row gap={6}>
          <Badge variant="light" tt="none">
            {t(`kind.${g.kind}`)}
          </Badge>
          <Badge variant="outline" color="gray" tt="none" data-testid="my-role">
            {t(`role.${g.my_role}`)}
          </Badge>
        </Row>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {g.name}
        </Title>
        {g.description ? (
          <Text c="dimmed" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {g.description}
          </Text>
        ) : null}
      </Stack>
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = new URLSearchParams(search);
          if (value && value !== 'assignments') next.set('tab', value);
          else next.delete('tab');
          setSearch(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="assignments">{t('tabs.assignments')}</Tabs.Tab>
          <Tabs.Tab value="members">{t('tabs.members', { count: g.members_count })}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('tabs.settings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="assignments" pt="md">
          <AssignmentsTab group={g} />
        </Tabs.Panel>
        <Tabs.Panel value="members" pt="md">
          <MembersTab group={g} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsTab group={g} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
