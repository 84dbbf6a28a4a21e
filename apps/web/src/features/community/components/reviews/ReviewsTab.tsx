import type { ShareWithData } from '@arbor/contract';
import { Button, Group, Select, Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session.ts';
import { STARS, useMyReview, useReviewList, type ReviewOrdering } from '../../api/reviews.ts';
import { PagedList } from '../PagedList.tsx';
import { RatingSummary } from './RatingSummary.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { ReviewItem } from './ReviewItem.tsx';

const ORDERINGS: readonly ReviewOrdering[] = ['-helpful_count', '-created_at', '-rating', 'rating'];

/** The Reviews tab (`id`: how the page addresses the template, the key of its cached queries): the rating histogram, my review (write or edit), and every review, sorted and filtered. */
export function ReviewsTab({ share, id }: { share: ShareWithData; id: string }) {
  const { t } = useTranslation('reviews');
  const session = useSession();
  const me = session.user;
  const [ordering, setOrdering] = useState<ReviewOrdering>('-helpful_count');
  const [rating, setRating] = useState<number | null>(null);
  // `null`: closed; otherwise the form was opened for my review as it was then (remounted on open)
  const [formKey, setFormKey] = useState<number | null>(null);
  const list = useReviewList(id, { ordering, rating });
  const mine = useMyReview(id, share.abilities.review ? me?.username : undefined);
  const openForm = () => setFormKey(Date.now());
  return (
    <Stack gap="lg">
      <RatingSummary share={share} id={id} rating={rating} onRating={setRating} />
      {share.abilities.review ? (
        <Group>
          <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={openForm} disabled={mine.isLoading}>
            {mine.data ? t('form.editMine') : t('form.write')}
          </Button>
        </Group>
      ) : null}
      {formKey !== null && !mine.isLoading ? (
        <ReviewForm
          key={formKey}
          share={id}
          mine={mine.data ?? null}
          startRating={share.my_rating ?? 0}
          opened
          onClose={() => setFormKey(null)}
        />
      ) : null}
      <Group gap="sm" align="flex-end">
        <Select
          label={t('list.sort')}
          data={ORDERINGS.map((value) => ({ value, label: t(`list.orderings.${value}`) }))}
          value={ordering}
          onChange={(value) => value && setOrdering(value as ReviewOrdering)}
          allowDeselect={false}
          w={180}
        />
        <Select
          label={t('list.filter')}
          data={[
            { value: 'all', label: t('list.allStars') },
            ...STARS.map((stars) => ({ value: String(stars), label: t('stars', { count: stars }) })),
          ]}
          value={rating === null ? 'all' : String(rating)}
          onChange={(value) => setRating(!value || value === 'all' ? null : Number(value))}
          allowDeselect={false}
          w={160}
        />
      </Group>
      <PagedList
        query={list}
        testId="review-list"
        error={t('list.error')}
        empty={rating === null ? t('list.empty') : t('list.emptyFiltered')}
        more={(shown, count) => t('list.more', { shown, count })}
        renderItem={(review) => <ReviewItem key={review.id} share={id} review={review} onEdit={openForm} />}
      />
    </Stack>
  );
}
