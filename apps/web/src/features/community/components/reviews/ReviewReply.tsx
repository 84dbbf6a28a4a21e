import type { Review } from '@arbor/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../../trees/index.ts';
import { useReviewReply } from '../../api/reviews.ts';
import { useFormatDate } from '../AuthorByline.tsx';
import { EditDeleteButtons } from '../EditDeleteButtons.tsx';
import { confirmDelete } from '../confirm-delete.tsx';
import { TextForm } from '../TextForm.tsx';
import classes from './reviews.module.css';

/** The template author's answer under a review; the author (`review.abilities.reply`) writes, edits and deletes it here. */
export function ReviewReply({ share, review }: { share: string; review: Review }) {
  const { t } = useTranslation('reviews');
  const formatDate = useFormatDate();
  const [editing, setEditing] = useState(false);
  const reply = useReviewReply(share);
  const send = async (body: string) => {
    try {
      await reply.mutateAsync({ id: review.id, body });
      return true;
    } catch {
      return false;
    }
  };
  if (editing)
    return (
      <TextForm
        label={t('reply.label')}
        initial={review.reply?.body}
        submit={t('reply.save')}
        pending={reply.isPending}
        error={reply.error}
        onSubmit={send}
        onCancel={() => {
          reply.reset();
          setEditing(false);
        }}
        autoFocus
      />
    );
  if (!review.reply)
    return review.abilities.reply ? (
      <Group>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconMessageReply size={14} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          {t('reply.write')}
        </Button>
      </Group>
    ) : null;
  return (
    <Stack gap={4} className={classes.reply}>
      <Text size="xs" c="dimmed">
        {t('reply.from', { date: formatDate(review.reply.updated_at) })}
      </Text>
      <MarkdownPreview source={review.reply.body} />
      {review.abilities.reply ? (
        <Group gap="xs">
          <EditDeleteButtons
            onEdit={() => setEditing(true)}
            onDelete={() => confirmDelete(t, 'reply', () => reply.mutate({ id: review.id, body: '' }))}
            deleting={reply.isPending}
            editLabel={t('reply.edit')}
            deleteLabel={t('reply.delete')}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
