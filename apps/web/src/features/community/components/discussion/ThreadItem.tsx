import type { Comment } from '@arbor/contract';
import { Button, Paper, Stack } from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePostComment, useReplies } from '../../api/comments.ts';
import { itemsOf } from '../../api/pages.ts';
import { TextForm } from '../TextForm.tsx';
import { CommentItem, type CommentContext } from './CommentItem.tsx';
import classes from './discussion.module.css';

/** A thread: its head comment, its replies (opened on demand, oldest first) and a reply form (`head.abilities.reply`). */
export function ThreadItem({ head, ctx }: { head: Comment; ctx: CommentContext }) {
  const { t } = useTranslation('reviews');
  const [open, setOpen] = useState(false);
  const [replying, setReplying] = useState(false);
  const replies = useReplies(ctx.share, head.id, open && head.replies_count > 0);
  const post = usePostComment(ctx.share);
  const shown = itemsOf(replies.data?.pages);
  return (
    <Paper withBorder p="md" radius="md" data-testid="comment-thread">
      <Stack gap="sm">
        <CommentItem
          comment={head}
          ctx={ctx}
          actions={
            <>
              {head.replies_count > 0 ? (
                <Button size="compact-sm" variant="subtle" aria-expanded={open} onClick={() => setOpen(!open)}>
                  {open ? t('discussion.hideReplies') : t('discussion.showReplies', { count: head.replies_count })}
                </Button>
              ) : null}
              {head.abilities.reply && !replying ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconMessageReply size={14} aria-hidden />}
                  onClick={() => setReplying(true)}
                >
                  {t('discussion.reply')}
                </Button>
              ) : null}
            </>
          }
        />
        {open && shown.length > 0 ? (
          <Stack gap="sm" className={classes.replies}>
            {shown.map((reply) => (
              <CommentItem key={reply.id} comment={reply} ctx={ctx} />
            ))}
            {replies.hasNextPage ? (
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => void replies.fetchNextPage()}
                loading={replies.isFetchingNextPage}
              >
                {t('discussion.moreReplies')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        {replying ? (
          <div className={classes.replies}>
            <TextForm
              label={t('discussion.replyLabel')}
              submit={t('discussion.sendReply')}
              pending={post.isPending}
              error={post.error}
              onSubmit={(body) =>
                post.mutateAsync({ body, parent: head.id }).then(
                  () => {
                    setOpen(true);
                    return true;
                  },
                  () => false,
                )
              }
              onCancel={() => {
                post.reset();
                setReplying(false);
              }}
              autoFocus
            />
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
