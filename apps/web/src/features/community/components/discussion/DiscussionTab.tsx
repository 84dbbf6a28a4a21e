import type { ShareWithData } from '@arbor/contract';
import { CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePostComment, useThreads } from '../../api/comments.ts';
import { PagedList } from '../PagedList.tsx';
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
  const titles = useMemo(() => nodeTitlesOf(share.data), [share.data]);
  const threads = useThreads(id, nodeFilter);
  const post = usePostComment(id);
  // the node of a new thread: the filtered one until the writer picks another
  const [picked, setPicked] = useState<{ for: string | null; node: string | null }>({
    for: nodeFilter,
    node: nodeFilter,
  });
  const node = picked.for === nodeFilter ? picked.node : nodeFilter;
  const ctx: CommentContext = {
    share: id,
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
      <PagedList
        query={threads}
        testId="comment-threads"
        error={t('discussion.error')}
        empty={nodeFilter ? t('discussion.emptyOnNode') : t('discussion.empty')}
        more={(shown, count) => t('discussion.more', { shown, count })}
        renderItem={(head) => <ThreadItem key={head.id} head={head} ctx={ctx} />}
      />
    </Stack>
  );
}
