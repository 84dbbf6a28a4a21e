import { Box, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDailyTotals } from './api.ts';
import { fillDays } from './days.ts';
import { formatNumber } from './format.ts';
import classes from './admin.module.css';

const DAYS = 14;

/** Tokens per day for the last two weeks as a small bar chart, with the period's totals. */
export function DailyTotals() {
  const { t, i18n } = useTranslation('ai');
  const totals = useDailyTotals(DAYS);
  if (totals.isPending) return <Skeleton h={120} radius="md" />;
  if (!totals.data) return null;
  const days = fillDays(totals.data, DAYS);
  const tokens = (d: (typeof days)[number]) => d.prompt_tokens + d.completion_tokens;
  const peak = Math.max(1, ...days.map(tokens));
  const sum = (pick: (d: (typeof days)[number]) => number) =>
    formatNumber(
      days.reduce((s, d) => s + pick(d), 0),
      i18n.language,
    );

  return (
    <Paper withBorder radius="md" p="md" data-testid="ai-daily-totals">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600} size="sm">
            {t('logs.daily', { days: DAYS })}
          </Text>
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="lg" verticalSpacing="xs">
            {[
              [t('logs.calls'), sum((d) => d.calls)],
              [t('logs.errors'), sum((d) => d.errors)],
              [t('logs.promptTokens'), sum((d) => d.prompt_tokens)],
              [t('logs.completionTokens'), sum((d) => d.completion_tokens)],
            ].map(([label, value]) => (
              <Stack key={label} gap={0}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} size="sm">
                  {value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Group>
        <div className={classes.chart} role="img" aria-label={t('logs.daily', { days: DAYS })}>
          {days.map((d) => (
            <Tooltip
              key={d.date}
              label={t('logs.dayTooltip', {
                date: d.date,
                calls: d.calls,
                tokens: formatNumber(tokens(d), i18n.language),
              })}
            >
              <Box className={classes.barSlot}>
                <Box
                  className={classes.bar}
                  style={{ height: `${Math.max(tokens(d) ? 4 : 0, (tokens(d) / peak) * 100)}%` }}
                />
              </Box>
            </Tooltip>
          ))}
        </div>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {days[0]?.date}
          </Text>
          <Text size="xs" c="dimmed">
            {days.at(-1)?.date}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
