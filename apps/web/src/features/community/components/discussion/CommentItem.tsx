import type { Comment } from '@arbor/contract';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../../trees/index.ts';
import { useDeleteComment, useEditComment } from '../../api/comments.ts';
import { problemText } from '../../lib/problem.ts';
import { AuthorByline, useFormatDate } from '../AuthorByline.tsx';
import { EditDeleteButtons } from '../EditDeleteButtons.tsx';
import { confirmDelete } from '../confirm-delete.tsx';
import { ReportButton } from '../report/ReportButton.tsx';
import { TextForm } from '../TextForm.tsx';

export interface CommentContext {
  share: string;
  /** the node a thread is about, by title; null when the node is no longer in the snapshot */
  nodeTitle: (id: string) => string | null;
  /** shows a node on the Tree tab, selected and centred */
  onShowNode: (id: string) => void;
}

interface CommentItemProps {
  comment: Comment;
  ctx: CommentContext;
  /** actions after the comment's own (e.g. "Reply") */
  actions?: ReactNode;
}

/** One comment: author, date, its node (a chip that shows it on the tree), the text, and edit/delete/report as `comment.abilities` allow. */
export function CommentItem({ comment, ctx, actions }: CommentItemProps) {
  const { t } = useTranslation('reviews');
  const formatDate = useFormatDate();
  const [editing, setEditing] = useState(false);
  const edit = useEditComment(ctx.share);
  const remove = useDeleteComment(ctx.share);
  const author = comment.author;
  const may = comment.abilities;
  const nodeTitle = comment.node_id ? ctx.nodeTitle(comment.node_id) : null;
  const texts = { network: t('problem.network'), server: t('problem.server') };
  return (
    <Stack
      gap={6}
      component="article"
      aria-label={t('discussion.commentBy', { author: author?.username ?? t('discussion.deletedAuthor') })}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        {author ? (
          <AuthorByline author={author}>
            {formatDate(comment.created_at)}
            {comment.edited_at ? ` · ${t('item.edited')}` : ''}
          </AuthorByline>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('discussion.deletedAuthor')}
          </Text>
        )}
        {comment.hidden ? <Badge color="gray">{t('item.hidden')}</Badge> : null}
      </Group>
      {comment.node_id && comment.parent === null && nodeTitle !== null ? (
        <Group>
          <Button
            size="compact-xs"
            variant="light"
            radius="xl"
            leftSection={<IconMapPin size={12} aria-hidden />}
            onClick={() => ctx.onShowNode(comment.node_id!)}
            aria-label={t('discussion.showNode', { title: nodeTitle })}
          >
            {nodeTitle}
          </Button>
        </Group>
      ) : null}
      {comment.deleted ? (
        <Text size="sm" c="dimmed" fs="italic">
          {t('discussion.deleted')}
        </Text>
      ) : editing ? (
        <TextForm
          label={t('discussion.editLabel')}
          initial={comment.body}
          submit={t('actions.save')}
          pending={edit.isPending}
          error={edit.error}
          onSubmit={(body) =>
            edit.mutateAsync({ id: comment.id, body }).then(
              () => true,
              () => false,
            )
          }
          onCancel={() => {
            edit.reset();
            setEditing(false);
          }}
          autoFocus
        />
      ) : (
        <MarkdownPreview source={comment.body} />
      )}
      {!editing ? (
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            {actions}
            {may.update ? (
              <EditDeleteButtons
                onEdit={() => setEditing(true)}
                onDelete={() => confirmDelete(t, 'comment', () => remove.mutate(comment.id))}
                deleting={remove.isPending}
              />
            ) : null}
            {!may.update && may.delete ? (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={remove.isPending}
                aria-label={t('discussion.deleteBy', { author: author?.username ?? t('discussion.deletedAuthor') })}
                onClick={() => confirmDelete(t, 'comment', () => remove.mutate(comment.id))}
              >
                {t('actions.delete')}
              </Button>
            ) : null}
          </Group>
          {may.report && author ? (
            <ReportButton
              target={{ kind: 'comment', id: comment.id }}
              label={t('report.comment', { author: author.username })}
            />
          ) : null}
        </Group>
      ) : null}
      {remove.isError ? (
        <Text size="xs" c="red" role="alert">
          {problemText(remove.error, texts)}
        </Text>
      ) : null}
    </Stack>
  );
}
