import type { ReviewStats } from '@arbor/contract';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './recall.module.css';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** Due today, reviews today and 30-day retention, as three figures. */
export function ReviewFigures({ stats }: { stats: ReviewStats }) {
  const { t, i18n } = useTranslation('recall');
  const retention =
    stats.retention_30d === null
      ? t('review.noRetention')
      : new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(
          stats.retention_30d,
        );
  return (
    <SimpleGrid cols={3} spacing="xs">
      <Figure label={t('review.dueToday')} value={String(stats.due_today)} testId="stats-due" />
      <Figure label={t('review.reviewedToday')} value={String(stats.reviews_today)} testId="stats-reviews" />
      <Figure label={t('review.retention')} value={retention} testId="stats-retention" />
    </SimpleGrid>
  );
}

/** The next seven days' due counts as a small bar chart (a list, so it reads as one). */
export function ForecastBars({ forecast }: { forecast: ReviewStats['forecast'] }) {
  const { t, i18n } = useTranslation('recall');
  const max = Math.max(1, ...forecast.map((d) => d.due));
  const weekday = (date: string) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const longDate = (date: string) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString(i18n.language, {
      weekday: 'long',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" id="recall-forecast-label">
        {t('home.forecast')}
      </Text>
      <ul className={classes.forecast} aria-labelledby="recall-forecast-label" data-testid="stats-forecast">
        {forecast.map((d) => (
          <li
            key={d.date}
            className={classes.forecastDay}
            aria-label={t('home.forecastDay', { date: longDate(d.date), count: d.due })}
          >
            <span aria-hidden>{d.due}</span>
            <span className={classes.forecastBar} style={{ height: `${(d.due / max) * 60}%` }} aria-hidden />
            <span aria-hidden>{weekday(d.date)}</span>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
