import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFlame, IconTrophy } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivity } from '../../api/useActivity.ts';
import { ActivityHeatmap } from './ActivityHeatmap.tsx';
import { buildHeatmap } from './heatmap.ts';
import { LoadError } from '../../../../lib/LoadError.tsx';

function Streak({ icon, label, days, testId }: { icon: ReactNode; label: string; days: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Group gap="sm" wrap="nowrap">
        {icon}
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg">
            {days}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The year of activity: current and longest streak, a summary line, and the heatmap of days. */
export function ActivitySection() {
  const { t } = useTranslation('learning');
  const activity = useActivity();
  const totals = useMemo(() => (activity.data ? buildHeatmap(activity.data.days) : null), [activity.data]);
  return (
    <Stack gap="md" component="section" aria-labelledby="learn-activity-title" data-testid="learn-activity">
      <Title order={2} id="learn-activity-title" size="h3">
        {t('activity.title')}
      </Title>
      {activity.isPending ? (
        <Skeleton h={180} radius="md" />
      ) : activity.isError ? (
        <LoadError message={t('activity.loadFailed')} retry={t('home.retry')} onRetry={() => void activity.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 2 }} maw={480}>
            <Streak
              testId="streak-current"
              icon={
                <ThemeIcon variant="light" color="orange" radius="xl" size="lg">
                  <IconFlame size={20} aria-hidden />
                </ThemeIcon>
              }
              label={t('activity.current')}
              days={t('activity.days', { count: activity.data.streak.current })}
            />
            <Streak
              testId="streak-longest"
              icon={
                <ThemeIcon variant="light" color="yellow" radius="xl" size="lg">
                  <IconTrophy size={20} aria-hidden />
                </ThemeIcon>
              }
              label={t('activity.longest')}
              days={t('activity.days', { count: activity.data.streak.longest })}
            />
          </SimpleGrid>
          <Paper withBorder radius="md" p="md">
            <Text size="sm" mb="xs" data-testid="activity-summary">
              {t('activity.summary', {
                count: totals?.activeDays ?? 0,
                progress: totals?.totalProgress ?? 0,
                reviews: totals?.totalReviews ?? 0,
              })}
            </Text>
            <ActivityHeatmap days={activity.data.days} />
            <Text size="xs" c="dimmed" mt={4}>
              {t('activity.timezone', { timezone: activity.data.timezone })}
            </Text>
          </Paper>
        </>
      )}
    </Stack>
  );
}
