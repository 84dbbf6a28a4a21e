import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CommunityBrowser } from '../features/community/index.ts';
import { FollowingFeed, readCommunityTab } from '../features/social/index.ts';

/**
 * `/community`: the skill-tree template community. Two tabs, the chosen one in the URL: All (search,
 * tags, ordering; no `tab` parameter) and Following (`?tab=following`: the feed of followed authors).
 */
export default function CommunityPage() {
  const { t } = useTranslation(['community', 'social']);
  const [params, setParams] = useSearchParams();
  const tab = readCommunityTab(params);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>
      <Tabs
        value={tab}
        onChange={(next) => setParams(next === 'following' ? { tab: 'following' } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="all">{t('social:tabs.all')}</Tabs.Tab>
          <Tabs.Tab value="following">{t('social:tabs.following')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all" pt="lg">
          <CommunityBrowser heading={false} />
        </Tabs.Panel>
        <Tabs.Panel value="following" pt="lg">
          <FollowingFeed />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
