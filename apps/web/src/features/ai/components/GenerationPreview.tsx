import type { SuggestedChild } from '@arbor/contract';
import { Box, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { IconCheck, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../trees/index.ts';
import { AiProblemAlert } from './AiProblemAlert.tsx';
import { ChildrenChecklist } from './ChildrenChecklist.tsx';
import type { GenerationState } from './useNodeGeneration.ts';
import classes from './ai.module.css';

interface GenerationPreviewProps {
  state: GenerationState;
  onStop: () => void;
  /** applies the text (content or summary) to the node */
  onAcceptText: (text: string) => void;
  onAddChildren: (chosen: SuggestedChild[]) => void;
  onDiscard: () => void;
  /** runs the same action again (after a failure) */
  onRetry: () => void;
}

/** The answer as it streams in, then what can be done with it: accept, pick children, or discard. */
export function GenerationPreview({
  state,
  onStop,
  onAcceptText,
  onAddChildren,
  onDiscard,
  onRetry,
}: GenerationPreviewProps) {
  const { t } = useTranslation('ai');
  const textRef = useRef<HTMLDivElement>(null);
  const streaming = state.phase === 'streaming';

  // Follow the text as it grows, like a chat window.
  useEffect(() => {
    if (streaming && textRef.current) textRef.current.scrollTop = textRef.current.scrollHeight;
  }, [state.text, streaming]);

  if (state.phase === 'idle') return null;
  const children = state.mode === 'children' && state.phase === 'done' ? (state.result?.children ?? []) : null;
  // A stopped content or summary is still usable text; a stopped children list is half a JSON document.
  const canAcceptText =
    state.mode !== 'children' && (state.phase === 'done' || (state.phase === 'stopped' && state.text.trim() !== ''));

  return (
    <Paper withBorder radius="md" p="sm" className={classes.preview} data-testid="ai-preview" data-phase={state.phase}>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          {streaming ? <Loader size={14} type="dots" /> : null}
          <Text size="xs" fw={600} c="dimmed">
            {t(`phase.${state.phase}`, { mode: t(`mode.${state.mode ?? 'content'}`) })}
          </Text>
        </Group>
        {streaming ? (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            leftSection={<IconPlayerStop size={12} />}
            onClick={onStop}
            data-testid="ai-stop"
          >
            {t('node.stop')}
          </Button>
        ) : null}
      </Group>
      {state.problem ? <AiProblemAlert problem={state.problem} /> : null}
      {children === null && (state.text || streaming) ? (
        <Box
          ref={textRef}
          className={state.mode === 'children' ? classes.streamText : `${classes.streamText} ${classes.streamMarkdown}`}
          data-testid="ai-stream-text"
          aria-live="polite"
          aria-busy={streaming}
        >
          {/* Content and summaries are Markdown: shown as the node will show them, sanitised the same way.
              A children answer is JSON on its way to the checklist, so it stays plain text. */}
          {state.mode === 'children' ? state.text : <MarkdownPreview source={state.text} />}
          {streaming ? <span className={classes.caret} aria-hidden /> : null}
        </Box>
      ) : null}
      {children ? <ChildrenChecklist items={children} onAdd={onAddChildren} onDiscard={onDiscard} /> : null}
      {canAcceptText ? (
        <Group gap="xs" mt="xs">
          <Button
            size="xs"
            leftSection={<IconCheck size={14} />}
            onClick={() => onAcceptText(state.text)}
            data-testid="ai-accept"
          >
            {t(state.mode === 'summary' ? 'node.acceptSummary' : 'node.acceptContent')}
          </Button>
          <Button size="xs" variant="default" onClick={onDiscard} data-testid="ai-discard">
            {t('node.discard')}
          </Button>
        </Group>
      ) : null}
      {state.phase === 'error' || (state.phase === 'stopped' && !canAcceptText) ? (
        <Group gap="xs" mt="xs">
          {state.problem?.kind === 'upstream' || state.problem?.kind === 'other' || state.phase === 'stopped' ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={onRetry}
              data-testid="ai-retry"
            >
              {t('node.retry')}
            </Button>
          ) : null}
          <Button size="xs" variant="default" onClick={onDiscard}>
            {t('node.dismiss')}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
