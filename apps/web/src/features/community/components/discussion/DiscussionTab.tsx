import type { ShareWithData } from '@arbor/contract';
import { Alert, Button, CloseButton, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session.ts';
import { usePostComment, useThreads } from '../../api/comments.ts';
import { itemsOf } from '../../api/pages.ts';
import { TextForm } from '../TextForm.tsx';
import type { CommentContext } from './CommentItem.tsx';
import { NodePicker } from './NodePicker.tsx';
import { nodeTitlesOf } from './node-titles.ts';
import { ThreadItem } from './ThreadItem.tsx';

interface DiscussionTabProps {
  share: ShareWithData;
  /** how the page addresses the template (its uuid or id): the key of its cached queries */
  id: string;
  /** only the threads on this node (a badge on the canvas opened it) */
  nodeFilter: string | null;
  onNodeFilter: (id: string | null) => void;
  onShowNode: (id: string) => void;
}

/** The Discussion tab: threads newest first (all, or those on one node), a form to start one. */
export function DiscussionTab({ share, id, nodeFilter, onNodeFilter, onShowNode }: DiscussionTabProps) {
  const { t } = useTranslation('reviews');
  const me = useSession().user;
  const titles = useMemo(() => nodeTitlesOf(share.data as { nodes?: { id: string; title?: string }[] }), [share.data]);
  const threads = useThreads(id, nodeFilter);
  const post = usePostComment(id);
  // the node of a new thread: the filtered one until the writer picks another
  const [picked, setPicked] = useState<{ for: string | null; node: string | null }>({
    for: nodeFilter,
    node: nodeFilter,
  });
  const node = picked.for === nodeFilter ? picked.node : nodeFilter;
  const shown = itemsOf(threads.data?.pages);
  const count = threads.data?.pages[0]?.count ?? 0;
  const ctx: CommentContext = {
    share: id,
    me: me?.id ?? null,
    nodeTitle: (id) => titles.get(id) ?? null,
    onShowNode,
  };
  const filterTitle = nodeFilter ? (titles.get(nodeFilter) ?? nodeFilter) : null;
  return (
    <Stack gap="lg">
      {filterTitle !== null ? (
        <Paper withBorder p="xs" radius="md" role="status">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <IconFilter size={16} aria-hidden />
              <Text size="sm">{t('discussion.filteredOn', { title: filterTitle })}</Text>
            </Group>
            <CloseButton aria-label={t('discussion.clearFilter')} onClick={() => onNodeFilter(null)} />
          </Group>
        </Paper>
      ) : null}
      {share.abilities.comment ? (
        <Paper withBorder p="md" radius="md">
          <TextForm
            key={nodeFilter ?? ''}
            label={filterTitle !== null ? t('discussion.newOnNode', { title: filterTitle }) : t('discussion.new')}
            submit={t('discussion.post')}
            pending={post.isPending}
            error={post.error}
            extra={
              <NodePicker titles={titles} value={node} onChange={(id) => setPicked({ for: nodeFilter, node: id })} />
            }
            onSubmit={(body) =>
              post.mutateAsync({ body, node_id: node ?? undefined }).then(
                () => true,
                () => false,
              )
            }
          />
        </Paper>
      ) : null}
      <Stack gap="sm" aria-busy={threads.isPending} data-testid="comment-threads">
        {threads.isPending ? (
          <>
            <Skeleton h={100} radius="md" />
            <Skeleton h={100} radius="md" />
          </>
        ) : threads.isError ? (
          <Alert color="red" role="alert">
            {t('discussion.error')}
            <Button variant="light" size="xs" ml="sm" onClick={() => void threads.refetch()}>
              {t('actions.retry')}
            </Button>
          </Alert>
        ) : shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {nodeFilter ? t('discussion.emptyOnNode') : t('discussion.empty')}
          </Text>
        ) : (
          shown.map((head) => <ThreadItem key={head.id} head={head} ctx={ctx} canComment={share.abilities.comment} />)
        )}
        {threads.hasNextPage ? (
          <Button variant="default" onClick={() => void threads.fetchNextPage()} loading={threads.isFetchingNextPage}>
            {t('discussion.more', { shown: shown.length, count })}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
