import { Anchor, Badge, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconEye, IconGitFork, IconHeart, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyShares } from '../api/my-shares.ts';

const PAGE_SIZE = 20;

/** The caller's shared templates with their counters, for the profile page. */
export function MyShares() {
  const { t } = useTranslation('community');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useMyShares(page);
  if (isLoading) return <Skeleton h={120} />;
  if (isError) return <Text c="red">{t('error')}</Text>;
  if (!data || data.count === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('mine.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {data.results.map((share) => (
        <Paper key={share.id} withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/community/${share.uuid}`} fw={600} truncate>
                {share.title}
              </Anchor>
              <Group gap={4}>
                {share.tags.slice(0, 4).map((tag) => (
                  <Badge key={tag} size="xs" variant="light" tt="none">
                    {tag}
                  </Badge>
                ))}
              </Group>
            </Stack>
            <Group gap="md" c="dimmed">
              <Group gap={4} aria-label={`${t('stats.likes')}: ${share.likes_count}`}>
                <IconHeart size={14} aria-hidden />
                <Text size="sm">{share.likes_count}</Text>
              </Group>
              <Group
                gap={4}
                aria-label={t('card.rating', { avg: share.rating_avg.toFixed(1), count: share.rating_count })}
              >
                <IconStar size={14} aria-hidden />
                <Text size="sm">{share.rating_count ? share.rating_avg.toFixed(1) : '—'}</Text>
              </Group>
              <Group gap={4} aria-label={`${t('stats.views')}: ${share.views_count}`}>
                <IconEye size={14} aria-hidden />
                <Text size="sm">{share.views_count}</Text>
              </Group>
              <Group gap={4} aria-label={`${t('stats.uses')}: ${share.uses_count}`}>
                <IconGitFork size={14} aria-hidden />
                <Text size="sm">{share.uses_count}</Text>
              </Group>
            </Group>
          </Group>
        </Paper>
      ))}
      {data.count > PAGE_SIZE && (
        <Pagination total={Math.ceil(data.count / PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
      )}
    </Stack>
  );
}
