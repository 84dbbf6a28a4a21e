import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReviewStats } from '../../api/useReview.ts';
import { CardBrowser } from './CardBrowser.tsx';
import { CustomSessionButton } from './CustomSessionButton.tsx';
import { ForecastBars, ReviewFigures } from './ReviewStatsView.tsx';
import { LoadError } from '../../../../lib/LoadError.tsx';

function TodayPanel() {
  const { t } = useTranslation('recall');
  const stats = useReviewStats();
  if (stats.isPending) return <Skeleton h={160} radius="md" />;
  if (stats.isError)
    return <LoadError message={t('home.loadFailed')} retry={t('review.retry')} onRetry={() => void stats.refetch()} />;
  // One figure for the headline and "Due today": what is left to review today, due and new cards
  // the daily limit admits (the server's one definition, which the subjects' counts follow too).
  const due = stats.data.due_today;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={700} data-testid="cards-due-today">
            {due > 0 ? t('home.due', { count: due }) : t('home.nothingDue')}
          </Text>
          <Group gap="sm">
            <Button
              component={Link}
              to="/learn/review"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              variant={due > 0 ? 'filled' : 'light'}
              data-testid="start-review"
            >
              {t('home.startReview')}
            </Button>
            <CustomSessionButton />
          </Group>
          <ReviewFigures stats={stats.data} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <ForecastBars forecast={stats.data.forecast} />
      </Paper>
    </SimpleGrid>
  );
}

/** `/learn`'s cards: today's reviews with "Start review", the figures and forecast, and the learner's cards. */
export function CardsHomeSection() {
  const { t } = useTranslation('recall');
  return (
    <Stack gap="md" component="section" aria-labelledby="learn-cards-title" data-testid="learn-cards">
      <Title order={2} id="learn-cards-title" size="h3">
        {t('home.title')}
      </Title>
      <TodayPanel />
      <CardBrowser />
    </Stack>
  );
}
