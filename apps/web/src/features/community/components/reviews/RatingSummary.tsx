import type { ShareWithData } from '@arbor/contract';
import { Group, Rating, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STARS, useReviewHistogram } from '../../api/reviews.ts';
import classes from './reviews.module.css';

interface RatingSummaryProps {
  share: ShareWithData;
  /** how the page addresses the template (its uuid or id): the key of its cached queries */
  id: string;
  /** the star filter of the list below; a bar toggles it */
  rating: number | null;
  onRating: (rating: number | null) => void;
}

/** The average with its stars, and one bar per star count (5 → 1, every rating the average counts) that filters the list by it. */
export function RatingSummary({ share, id, rating, onRating }: RatingSummaryProps) {
  const { t, i18n } = useTranslation('reviews');
  const histogram = useReviewHistogram(id);
  const total = histogram.counts.reduce((sum, n) => sum + n, 0);
  const average = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return (
    <Group align="flex-start" gap="xl" wrap="wrap" data-testid="rating-summary">
      <Stack gap={4} align="center" miw={120}>
        <Text fz={40} fw={700} lh={1}>
          {share.rating_count ? average.format(share.rating_avg) : '—'}
        </Text>
        <Rating
          value={share.rating_avg}
          fractions={10}
          readOnly
          role="img"
          aria-label={t('summary.average', { avg: share.rating_avg.toFixed(1) })}
        />
        <Text size="xs" c="dimmed">
          {t('summary.ratings', { count: share.rating_count })}
        </Text>
      </Stack>
      <Stack gap={4} className={classes.histogram} aria-label={t('summary.histogram')} role="group">
        {STARS.map((stars, index) => {
          const count = histogram.counts[index] ?? 0;
          const active = rating === stars;
          return histogram.isPending ? (
            <Skeleton key={stars} h={22} />
          ) : (
            <UnstyledButton
              key={stars}
              className={classes.bar}
              data-active={active || undefined}
              aria-pressed={active}
              aria-label={t('summary.bar', { stars, count })}
              onClick={() => onRating(active ? null : stars)}
            >
              <Text size="sm" w={48} aria-hidden>
                {t('summary.starsShort', { stars })}
              </Text>
              <span className={classes.track} aria-hidden>
                <span className={classes.fill} style={{ width: `${total ? (count / total) * 100 : 0}%` }} />
              </span>
              <Text size="sm" w={32} ta="right" aria-hidden>
                {count}
              </Text>
            </UnstyledButton>
          );
        })}
        <Text size="xs" c="dimmed">
          {t('summary.written', { count: histogram.written })}
        </Text>
      </Stack>
    </Group>
  );
}
