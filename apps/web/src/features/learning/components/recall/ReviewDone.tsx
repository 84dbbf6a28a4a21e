import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconConfetti, IconMoodSmile } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recallKeys } from '../../api/useCards.ts';
import type { SubjectRef } from '../../api/useProgress.ts';
import { subjectPath } from '../home/subject-links.ts';
import { useReviewStats } from '../../api/useReview.ts';
import { ForecastBars, ReviewFigures } from './ReviewStatsView.tsx';

/**
 * The end of a session (or an empty queue): today's figures and the way back to /learn (and, after one
 * subject's session, to that subject).
 */
export function ReviewDone({
  reviewed,
  settled,
  back,
  custom = false,
}: {
  reviewed: number;
  settled?: Promise<unknown>;
  back?: SubjectRef;
  /** a session other than today's whole queue */
  custom?: boolean;
}) {
  const { t } = useTranslation('recall');
  const client = useQueryClient();
  const stats = useReviewStats();
  // the figures as they are after this session's grades (once the last ones have reached the server)
  useEffect(() => {
    void (settled ?? Promise.resolve()).then(() => client.invalidateQueries({ queryKey: recallKeys.stats() }));
  }, [client, reviewed, settled]);
  const Icon = reviewed > 0 ? IconConfetti : IconMoodSmile;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="review-done">
      <Stack gap="md" align="stretch">
        <Stack gap="xs" align="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="teal">
            <Icon size={32} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h3" ta="center" aria-live="polite">
            {reviewed > 0 ? t(custom ? 'session.doneTitle' : 'review.doneTitle') : t('review.emptyTitle')}
          </Title>
          <Text c="dimmed" ta="center" size="sm">
            {reviewed > 0 ? t('review.doneText', { count: reviewed }) : t('review.emptyText')}
          </Text>
        </Stack>
        {stats.data ? (
          <>
            <ReviewFigures stats={stats.data} />
            <ForecastBars forecast={stats.data.forecast} />
          </>
        ) : stats.isPending ? (
          <Skeleton h={80} radius="md" />
        ) : null}
        <Group grow gap="sm">
          <Button component={Link} to="/learn" size="md" data-testid="review-back-to-learn">
            {t('review.backToLearn')}
          </Button>
          {back ? (
            <Button
              component={Link}
              to={subjectPath(back.kind, back.uuid)}
              size="md"
              variant="default"
              data-testid="review-back-to-subject"
            >
              {t('session.backToSubject')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
