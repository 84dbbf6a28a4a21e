import type { IntervalRetention, LearnStats } from '@arbor/contract';
import { Group, Paper, Progress, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLearnStats } from '../../api/useLearnStats.ts';
import { bars, minutesOf } from './stats-chart.ts';
import classes from './LearnHome.module.css';
import { LoadError } from '../../../../lib/LoadError.tsx';

const PERIODS = ['30', '90', '365'] as const;
const WIDTH = 600;
const HEIGHT = 120;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

/** Reviews per day as bars, the ones rated Again drawn over them in red; each bar names its day. */
function ReviewsChart({ stats }: { stats: LearnStats }) {
  const { t } = useTranslation('recall');
  const top = Math.max(1, ...stats.days.map((d) => d.reviews));
  const all = bars(
    stats.days.map((d) => d.reviews),
    WIDTH,
    HEIGHT,
    top,
  );
  const again = bars(
    stats.days.map((d) => d.again),
    WIDTH,
    HEIGHT,
    top,
  );
  const busiest = stats.days.reduce((best, d) => (d.reviews > best.reviews ? d : best), stats.days[0]!);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id="learn-stats-reviews-title">
        {t('stats.perDay')}
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className={classes.statsChart}
        role="img"
        aria-labelledby="learn-stats-reviews-title"
        aria-describedby="learn-stats-reviews-summary"
        data-testid="learn-stats-reviews-chart"
      >
        {all.map((bar, i) => (
          <g key={stats.days[i]!.date}>
            <title>
              {t('stats.dayTitle', {
                date: stats.days[i]!.date,
                count: stats.days[i]!.reviews,
                again: stats.days[i]!.again,
                minutes: minutesOf(stats.days[i]!.time_ms),
              })}
            </title>
            <rect {...bar} className={classes.statsBar} />
            <rect {...again[i]!} className={classes.statsAgain} />
          </g>
        ))}
      </svg>
      <Group gap="md" component="ul" className={classes.statsLegend} aria-hidden>
        <li>
          <span className={`${classes.statsSwatch} ${classes.statsBar}`} />
          <Text span size="xs">
            {t('stats.legendReviews')}
          </Text>
        </li>
        <li>
          <span className={`${classes.statsSwatch} ${classes.statsAgain}`} />
          <Text span size="xs">
            {t('stats.legendAgain')}
          </Text>
        </li>
      </Group>
      <Text size="xs" c="dimmed" id="learn-stats-reviews-summary">
        {t('stats.busiest', { date: busiest.date, count: busiest.reviews })}
      </Text>
    </Stack>
  );
}

function intervalLabel(t: TFunction<'recall'>, b: IntervalRetention) {
  if (b.max_days === null) return t('stats.intervalOver', { min: b.min_days });
  if (b.min_days === 0) return t('stats.intervalUpTo', { count: b.max_days });
  return t('stats.intervalRange', { min: b.min_days, max: b.max_days });
}

/** Retention by the days since a card's previous review: a bar and a figure per interval that has reviews. */
function RetentionByInterval({ stats }: { stats: LearnStats }) {
  const { t } = useTranslation('recall');
  const rows = stats.retention_by_interval.filter((b) => b.reviews > 0);
  return (
    <Stack gap={6} component="section" aria-labelledby="learn-stats-interval-title">
      <Text size="sm" fw={600} id="learn-stats-interval-title">
        {t('stats.byInterval')}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('stats.noMatureReviews')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" className={classes.statsList} data-testid="learn-stats-intervals">
          {rows.map((b) => {
            const label = intervalLabel(t, b);
            const percent = Math.round((b.retention ?? 0) * 100);
            return (
              <li key={b.min_days} className={classes.statsRow}>
                <Text size="xs">{label}</Text>
                <Progress value={percent} aria-label={label} />
                <Text size="xs" className={classes.statsRowValue}>
                  {t('stats.intervalValue', { percent, count: b.reviews })}
                </Text>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/** `/learn`'s review statistics (issue #31): reviews per day, time spent and retention by interval. */
export function StatsSection() {
  const { t } = useTranslation('recall');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('30');
  const stats = useLearnStats(Number(period));
  return (
    <Stack gap="md" component="section" aria-labelledby="learn-stats-title" data-testid="learn-stats">
      <Group justify="space-between" gap="sm">
        <Title order={2} id="learn-stats-title" size="h3">
          {t('stats.title')}
        </Title>
        <SegmentedControl
          size="xs"
          value={period}
          onChange={(value) => setPeriod(value as typeof period)}
          aria-label={t('stats.period')}
          data={PERIODS.map((days) => ({ value: days, label: t(`stats.periods.${days}`) }))}
        />
      </Group>
      {stats.isPending ? (
        <Skeleton h={220} radius="md" />
      ) : stats.isError ? (
        <LoadError message={t('stats.loadFailed')} retry={t('review.retry')} onRetry={() => void stats.refetch()} />
      ) : stats.data.totals.reviews === 0 ? (
        <Text c="dimmed" size="sm" data-testid="learn-stats-empty">
          {t('stats.empty')}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure testId="learn-stats-reviews" label={t('stats.reviews')} value={String(stats.data.totals.reviews)} />
            <Figure
              testId="learn-stats-time"
              label={t('stats.time')}
              value={t('stats.minutes', { count: minutesOf(stats.data.totals.time_ms) })}
            />
            <Figure
              testId="learn-stats-days"
              label={t('stats.daysStudied')}
              value={t('stats.days', { count: stats.data.totals.days_studied })}
            />
            <Figure
              testId="learn-stats-retention"
              label={t('stats.retention')}
              value={stats.data.totals.retention === null ? '—' : `${Math.round(stats.data.totals.retention * 100)}%`}
            />
          </SimpleGrid>
          <Paper withBorder radius="md" p="md">
            <Stack gap="lg">
              <ReviewsChart stats={stats.data} />
              <RetentionByInterval stats={stats.data} />
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
