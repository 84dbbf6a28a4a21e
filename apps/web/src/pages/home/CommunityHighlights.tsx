import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHotTags, useShares, ShareGrid } from '../../features/community/index.ts';

function HotTemplates() {
  const { t } = useTranslation('community');
  const { data, isPending } = useShares({ ordering: '-hot', pageSize: 4 });
  return (
    <Stack gap="md" component="section" aria-labelledby="home-hot-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="h3" id="home-hot-title">
          {t('home.hot')}
        </Title>
        <Button
          component={Link}
          to="/community"
          variant="subtle"
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          {t('home.viewAll')}
        </Button>
      </Group>
      {data && data.count === 0 ? (
        <Text c="dimmed">{t('home.emptyHot')}</Text>
      ) : (
        <ShareGrid shares={data?.results} loading={isPending} skeletons={4} />
      )}
    </Stack>
  );
}

function HotTags() {
  const { t } = useTranslation('community');
  const { data } = useHotTags(14);
  if (!data?.length) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-tags-title">
      <Title order={2} fz="h4" id="home-tags-title">
        {t('home.hotTags')}
      </Title>
      <Group gap="xs">
        {data.map(({ tag, count }) => (
          <Badge
            key={tag}
            component={Link}
            to={`/community?tags=${encodeURIComponent(tag)}`}
            size="lg"
            variant="light"
            radius="xl"
            style={{ cursor: 'pointer', textTransform: 'none' }}
            rightSection={
              <Text span size="xs" c="dimmed">
                {count}
              </Text>
            }
          >
            {tag}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/** The community on the landing page: hot templates and hot tags, each a way into `/community`. */
export function CommunityHighlights() {
  return (
    <Stack gap={40}>
      <HotTemplates />
      <HotTags />
    </Stack>
  );
}
