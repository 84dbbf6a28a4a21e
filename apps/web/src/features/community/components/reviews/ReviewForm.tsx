import type { Review } from '@arbor/contract';
import { Alert, Input, Modal, Rating, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../../lib/DialogActions.tsx';
import { useSaveReview } from '../../api/reviews.ts';
import { problemText } from '../../lib/problem.ts';

export const BODY_MAX = 5000;

interface ReviewFormProps {
  share: string;
  /** my review when I have one (the form edits it), else a new one starting from my stars rating */
  mine: Review | null;
  startRating: number;
  opened: boolean;
  onClose: () => void;
}

/** Write or edit my review: 1–5 stars (arrow keys move between them) and a Markdown text. */
export function ReviewForm({ share, mine, startRating, opened, onClose }: ReviewFormProps) {
  const { t } = useTranslation('reviews');
  const starsLabel = useId();
  const [rating, setRating] = useState(mine?.rating ?? startRating);
  const [body, setBody] = useState(mine?.body ?? '');
  const [tried, setTried] = useState(false);
  const save = useSaveReview(share);
  const ratingMissing = rating < 1;
  const bodyMissing = body.trim().length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (ratingMissing || bodyMissing) return;
    save.mutate(
      { id: mine?.id, rating, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t(mine ? 'form.updated' : 'form.posted') });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t(mine ? 'form.editTitle' : 'form.writeTitle')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Input.Wrapper
            label={t('form.rating')}
            labelProps={{ id: starsLabel }}
            required
            error={tried && ratingMissing ? t('form.ratingMissing') : undefined}
          >
            <Rating
              value={rating}
              onChange={setRating}
              size="lg"
              mt={4}
              role="radiogroup"
              aria-labelledby={starsLabel}
              getSymbolLabel={(value) => t('stars', { count: value })}
            />
          </Input.Wrapper>
          <Textarea
            label={t('form.body')}
            description={t('form.bodyHint')}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            maxLength={BODY_MAX}
            autosize
            minRows={5}
            maxRows={14}
            required
            error={tried && bodyMissing ? t('form.bodyMissing') : undefined}
            data-autofocus
          />
          {save.isError ? (
            <Alert color="red" role="alert">
              {problemText(save.error, { network: t('problem.network'), server: t('problem.server') })}
            </Alert>
          ) : null}
          <DialogActions onCancel={onClose} submit={t(mine ? 'form.update' : 'form.post')} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
