import type { Review } from '@arbor/contract';
import { Badge, Button, Group, Paper, Rating, Stack, Text } from '@mantine/core';
import { IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../../trees/index.ts';
import { useDeleteReview, useHelpful } from '../../api/reviews.ts';
import { problemText } from '../../lib/problem.ts';
import { AuthorByline, useFormatDate } from '../AuthorByline.tsx';
import { EditDeleteButtons } from '../EditDeleteButtons.tsx';
import { confirmDelete } from '../confirm-delete.tsx';
import { ReportButton } from '../report/ReportButton.tsx';
import { ReviewReply } from './ReviewReply.tsx';

interface ReviewItemProps {
  share: string;
  review: Review;
  /** opens the form of my review (shown when I may update this one: it is mine) */
  onEdit: () => void;
}

/** One review: author, stars, date, the text, "Helpful (n)", the author's reply, and what I may do with it (`review.abilities`). */
export function ReviewItem({ share, review, onEdit }: ReviewItemProps) {
  const { t } = useTranslation('reviews');
  const formatDate = useFormatDate();
  const helpful = useHelpful(share);
  const remove = useDeleteReview(share);
  const may = review.abilities;
  const edited = review.updated_at !== review.created_at;
  return (
    <Paper
      component="article"
      withBorder
      p="md"
      radius="md"
      aria-label={t('item.label', { author: review.author.username })}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <AuthorByline author={review.author}>
            {formatDate(review.created_at)}
            {edited ? ` · ${t('item.edited')}` : ''}
          </AuthorByline>
          {review.hidden ? <Badge color="gray">{t('item.hidden')}</Badge> : null}
        </Group>
        <Rating value={review.rating} readOnly size="sm" role="img" aria-label={t('stars', { count: review.rating })} />
        <MarkdownPreview source={review.body} />
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            {!may.mark_helpful ? (
              <Text size="xs" c="dimmed">
                {t('item.helpfulCount', { count: review.helpful_count })}
              </Text>
            ) : (
              <Button
                size="compact-sm"
                variant={review.my_helpful ? 'light' : 'subtle'}
                aria-pressed={review.my_helpful}
                leftSection={
                  review.my_helpful ? (
                    <IconThumbUpFilled size={14} aria-hidden />
                  ) : (
                    <IconThumbUp size={14} aria-hidden />
                  )
                }
                loading={helpful.isPending}
                onClick={() => helpful.mutate({ id: review.id, helpful: !review.my_helpful })}
              >
                {t('item.helpful', { count: review.helpful_count })}
              </Button>
            )}
            {may.update || may.delete ? (
              <EditDeleteButtons
                onEdit={may.update ? onEdit : undefined}
                onDelete={() => confirmDelete(t, 'review', () => remove.mutate(review.id))}
                deleting={remove.isPending}
              />
            ) : null}
          </Group>
          {may.report ? (
            <ReportButton
              target={{ kind: 'review', id: review.id }}
              label={t('report.review', { author: review.author.username })}
            />
          ) : null}
        </Group>
        {helpful.isError || remove.isError ? (
          <Text size="xs" c="red" role="alert">
            {problemText(helpful.error ?? remove.error, { network: t('problem.network'), server: t('problem.server') })}
          </Text>
        ) : null}
        <ReviewReply share={share} review={review} />
      </Stack>
    </Paper>
  );
}
