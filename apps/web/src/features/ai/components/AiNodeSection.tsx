import type { GenerateMode, SuggestedChild } from '@arbor/contract';
import { Button, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconListTree, IconPencilBolt, IconTextCaption } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n.ts';
import type { NodePanelExtensionContext } from '../../trees/index.ts';
import type { GenerateNodeInput } from '../api/generation.ts';
import { useAiStatus } from '../api/status.ts';
import { AiProblemAlert } from './AiProblemAlert.tsx';
import { BatchImages } from './BatchImages.tsx';
import { GenerationPreview } from './GenerationPreview.tsx';
import { ImageGenerator } from './ImageGenerator.tsx';
import { SectionLabel } from './SectionLabel.tsx';
import { useNodeGeneration } from './useNodeGeneration.ts';

const ACTIONS: Array<{ mode: GenerateMode; icon: typeof IconPencilBolt; testId: string }> = [
  { mode: 'content', icon: IconPencilBolt, testId: 'ai-write-content' },
  { mode: 'children', icon: IconListTree, testId: 'ai-suggest-children' },
  { mode: 'summary', icon: IconTextCaption, testId: 'ai-summarise' },
];

/** What the server needs to write for this node: the node, where it sits, and what it already says. */
function requestFor(ctx: NodePanelExtensionContext, mode: GenerateMode): GenerateNodeInput {
  const { tree, doc, node, path } = ctx;
  const siblings = doc.nodes.filter(
    (n) => n.parent_id === node.parent_id && n.id !== node.id && node.parent_id !== null,
  );
  return {
    tree: tree.id,
    node_id: node.id,
    title: node.title,
    path: path.slice(-50),
    siblings: siblings.slice(0, 200).map((n) => n.title),
    // the working copy may be ahead of the saved one
    ...(node.content ? { content: node.content } : {}),
    mode,
    language: currentLocale(),
  };
}

/** The node panel's "AI" section: write content, suggest children, summarise (streamed), images. */
export function AiNodeSection({ ctx }: { ctx: NodePanelExtensionContext }) {
  const { t } = useTranslation('ai');
  const status = useAiStatus(!ctx.readOnly);
  const { state, start, stop, reset } = useNodeGeneration();
  if (ctx.readOnly) return null;
  const { node, commands } = ctx;

  const acceptText = (text: string) => {
    const trimmed = text.trim();
    // The document caps a summary at 1,000 characters; a model may write more.
    if (state.mode === 'summary') commands.update(node.id, { summary: trimmed.slice(0, 1000) });
    else commands.update(node.id, { content: trimmed.slice(0, 100_000) });
    reset();
  };
  const addChildren = (chosen: SuggestedChild[]) => {
    commands.addChildren(
      node.id,
      chosen.map((c) => ({ title: c.title.slice(0, 200), summary: c.summary.slice(0, 1000) })),
    );
    reset();
  };

  const body = () => {
    if (status.isPending) return <Skeleton h={30} radius="sm" />;
    if (status.data && (!status.data.configured || !status.data.chat))
      return <AiProblemAlert problem={{ kind: 'not_configured', detail: '' }} />;
    const quotaUsed = status.data?.quota.remaining === 0;
    const busy = state.phase === 'streaming';
    return (
      <>
        {quotaUsed ? <AiProblemAlert problem={{ kind: 'quota', detail: '' }} /> : null}
        <Group gap={6}>
          {ACTIONS.map(({ mode, icon: Icon, testId }) => (
            <Button
              key={mode}
              size="xs"
              variant="light"
              leftSection={<Icon size={14} />}
              disabled={busy || quotaUsed}
              onClick={() => void start(requestFor(ctx, mode))}
              data-testid={testId}
            >
              {t(`action.${mode}`)}
            </Button>
          ))}
        </Group>
        <GenerationPreview
          state={state}
          onStop={stop}
          onAcceptText={acceptText}
          onAddChildren={addChildren}
          onDiscard={reset}
          onRetry={() => state.mode && void start(requestFor(ctx, state.mode))}
        />
        {status.data?.image && !quotaUsed ? (
          <>
            <Divider variant="dashed" />
            <ImageGenerator ctx={ctx} />
            <BatchImages ctx={ctx} />
          </>
        ) : null}
        {status.data && !status.data.image ? (
          <Text size="xs" c="dimmed">
            {t('image.noModel')}
          </Text>
        ) : null}
      </>
    );
  };

  return (
    <Stack gap={8} data-testid="ai-section">
      <Group justify="space-between">
        <SectionLabel>{t('node.section')}</SectionLabel>
        {status.data?.configured ? (
          <Text size="xs" c="dimmed">
            {t('node.quota', { remaining: status.data.quota.remaining, limit: status.data.quota.limit })}
          </Text>
        ) : null}
      </Group>
      {body()}
    </Stack>
  );
}
