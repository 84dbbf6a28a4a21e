import type { ChangeCounts, ChangedNode, MergeConflictNode, SyncUpstreamResponse, TreeUpstream } from '@arbor/contract';
import { Alert, Anchor, Card, List, Modal, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UnsavedEditsError, type EditorExtensionContext } from '../../../trees/index.ts';
import { useRevisionDocument } from '../../api/history.ts';
import { conflictsOf } from '../../api/suggestions.ts';
import { syncUpstream, useUpstreamPreview } from '../../api/upstream.ts';
import { problemText } from '../../lib/problem.ts';
import { ChangeBadges } from '../history/ChangeBadges.tsx';
import { ConflictForm, type Side } from '../merge/ConflictForm.tsx';
import { updateCount } from './upstream-banner.ts';

const MESSAGE_MAX = 500;

interface UpstreamDialogProps {
  ctx: EditorExtensionContext;
  upstream: TreeUpstream;
  onClose: () => void;
}

/** Nodes named in full before "and n more". */
const NODES_SHOWN = 12;

/** The nodes a side changed, by title: "Eigenvalues — added", "Matrices — changed, moved". */
function ChangedNodeList({ nodes, label }: { nodes: ChangedNode[]; label: string }) {
  const { t, i18n } = useTranslation('reviews');
  const list = new Intl.ListFormat(i18n.language, { style: 'short', type: 'unit' });
  const shown = nodes.slice(0, NODES_SHOWN);
  return (
    <List size="sm" spacing={2} aria-label={label} data-testid="changed-nodes">
      {shown.map((node) => (
        <List.Item key={node.node_id}>
          <Text span size="sm" fw={500}>
            {node.title || t('upstream.untitled')}
          </Text>{' '}
          <Text span size="xs" c="dimmed">
            {t('upstream.nodeChanges', { changes: list.format(node.changes.map((c) => t(`upstream.change.${c}`))) })}
          </Text>
        </List.Item>
      ))}
      {nodes.length > shown.length ? (
        <List.Item>
          <Text span size="xs" c="dimmed">
            {t('upstream.moreNodes', { count: nodes.length - shown.length })}
          </Text>
        </List.Item>
      ) : null}
    </List>
  );
}

/** One side's changes since the base revision: badges, then the changed nodes by name ("No changes" when none). */
function SideSummary({
  title,
  changes,
  nodes,
}: {
  title: string;
  changes: ChangeCounts | undefined;
  nodes: ChangedNode[] | undefined;
}) {
  const { t } = useTranslation('reviews');
  return (
    <Card withBorder padding="sm" radius="md">
      <Stack gap={6}>
        <Title order={3} fz="sm">
          {title}
        </Title>
        {!changes ? (
          <Skeleton h={20} />
        ) : updateCount(changes) === 0 ? (
          <Text size="sm">{t('upstream.noChanges')}</Text>
        ) : (
          <>
            <ChangeBadges changes={changes} />
            {nodes && nodes.length > 0 ? <ChangedNodeList nodes={nodes} label={title} /> : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** "Updated to revision 3 as version 5: 1 added, 2 changed", from what the sync applied. */
function useAppliedMessage() {
  const { t, i18n } = useTranslation('reviews');
  return ({ applied, version, tree }: SyncUpstreamResponse) => {
    const revision = tree.upstream?.base_revision ?? 0;
    if (!version) return t('upstream.upToDate', { revision });
    const kinds = (['added', 'removed', 'changed', 'moved'] as const).filter((kind) => applied[kind] > 0);
    const changes = new Intl.ListFormat(i18n.language, { style: 'short', type: 'unit' }).format(
      kinds.map((kind) => t(`changes.${kind}`, { count: applied[kind] })),
    );
    return t('upstream.applied', { revision, version: version.number, changes });
  };
}

/**
 * "Review update" of a fork: what the template changed and what I changed since the base revision,
 * the nodes both changed with my value beside the template's and a side to keep for each, an optional
 * changelog line, then "Apply update" (a new version of my tree; progress and notes stay, as they
 * are keyed by node). My edits are saved before the preview is read and before the update is sent.
 */
export function UpstreamDialog({ ctx, upstream, onClose }: UpstreamDialogProps) {
  const { t } = useTranslation('reviews');
  const phone = useMediaQuery('(max-width: 36em)');
  const { tree, flushSave, applyServerChange } = ctx;
  const preview = useUpstreamPreview(tree.id, upstream.latest_revision);
  const theirs = useRevisionDocument(upstream.share, upstream.latest_revision);
  const appliedMessage = useAppliedMessage();
  // the conflicts of a refused update (409: the tree or the template changed since the preview)
  const [refused, setRefused] = useState<MergeConflictNode[] | null>(null);
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  // The preview the banner read may predate my last edits: save them, then read it again.
  const refresh = useEffectEvent(() => void flushSave().then(() => preview.refetch()));
  useEffect(() => refresh(), []);

  const apply = async (resolve: Record<string, Side>) => {
    setPending(true);
    setFailure(null);
    try {
      const result = await applyServerChange((revision) =>
        syncUpstream(tree.id, revision, { resolve, ...(message.trim() ? { message: message.trim() } : {}) }),
      );
      notifications.show({ color: 'teal', message: appliedMessage(result) });
      onClose();
    } catch (error) {
      const conflicts = conflictsOf(error);
      if (conflicts) setRefused(conflicts);
      else setFailure(error);
    } finally {
      setPending(false);
    }
  };

  const conflicts = refused ?? preview.data?.conflicts;
  const failureText =
    failure instanceof UnsavedEditsError
      ? t('upstream.unsaved')
      : failure
        ? problemText(failure, { network: t('problem.network'), server: t('problem.server') })
        : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('upstream.dialogTitle')}
      size="xl"
      fullScreen={phone}
      data-testid="upstream-dialog"
    >
      <Stack gap="md">
        <Text size="sm">
          {t('upstream.revisions', {
            title: upstream.title,
            base: upstream.base_revision,
            latest: upstream.latest_revision,
          })}{' '}
          <Anchor component={Link} to={`/community/${upstream.share}?tab=history`} size="sm" underline="always">
            {t('upstream.history')}
          </Anchor>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SideSummary
            title={t('upstream.theirChanges')}
            changes={preview.data?.upstream_changes}
            nodes={preview.data?.upstream_nodes}
          />
          <SideSummary
            title={t('upstream.myChanges')}
            changes={preview.data?.local_changes}
            nodes={preview.data?.local_nodes}
          />
        </SimpleGrid>
        {preview.isError ? (
          <Alert color="red" role="alert">
            {problemText(preview.error, { network: t('problem.network'), server: t('problem.server') })}
          </Alert>
        ) : !conflicts ? (
          <Skeleton h={120} radius="md" />
        ) : (
          <>
            {conflicts.length === 0 ? <Text size="sm">{t('upstream.noConflicts')}</Text> : null}
            {theirs.isError ? (
              <Alert color="orange" role="status">
                {t('upstream.valuesError')}
              </Alert>
            ) : null}
            <ConflictForm
              // a refusal's conflicts start a fresh set of choices
              key={conflicts.map((c) => c.node_id).join()}
              conflicts={conflicts}
              labels={{
                title: t('upstream.conflicts.title'),
                intro: t('upstream.conflicts.intro'),
                mine: t('upstream.conflicts.mine'),
                theirs: t('upstream.conflicts.theirs'),
                submit: t('upstream.apply'),
              }}
              mine={ctx.doc}
              theirs={theirs.data}
              pending={pending}
              onSubmit={(resolve) => void apply(resolve)}
              onCancel={onClose}
            >
              <Textarea
                label={t('upstream.message')}
                description={t('upstream.messageHint')}
                value={message}
                onChange={(event) => setMessage(event.currentTarget.value)}
                maxLength={MESSAGE_MAX}
                autosize
                minRows={2}
              />
              {failureText ? (
                <Alert color="red" role="alert">
                  {failureText}
                </Alert>
              ) : null}
            </ConflictForm>
          </>
        )}
      </Stack>
    </Modal>
  );
}
