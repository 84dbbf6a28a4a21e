import { Button, Group, Progress, Text, Tooltip } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AvailableOfflineToggle, WaitingEdits } from '../offline/OfflineControls.tsx';
import { PlanButton } from '../plans/PlanButton.tsx';
import { useLearning, useLearningState } from './learning-store.ts';
import { HintTooltip } from '../../../shell/index.ts';
import classes from './LearningModeControls.module.css';

const MemoryControls = lazy(() => import('../memory/MemoryControls.tsx').then((m) => ({ default: m.MemoryControls })));

/**
 * The learner's percent as a bar with its number (the summary is the server's, never guessed), the memory
 * controls and the edits waiting on this device (shown only while some wait).
 */
export function LearningProgress() {
  const { t } = useTranslation('learning');
  const summary = useLearningState((s) => s.progress?.summary);
  const failed = useLearningState((s) => s.progressError) ?? false;
  if (failed)
    return (
      <Text size="xs" c="red" role="alert">
        {t('mode.loadFailed')}
      </Text>
    );
  if (!summary) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      <Tooltip label={t('mode.counts', { done: summary.done + summary.skipped, counted: summary.counted })}>
        <Group gap={8} wrap="nowrap" className={classes.progress} data-testid="learning-progress">
          <Progress.Root size="md" radius="xl" className={classes.bar}>
            <Progress.Section
              value={summary.percent}
              color="teal"
              aria-label={t('mode.progressLabel')}
              aria-valuetext={t('mode.progress', { percent: summary.percent })}
            />
          </Progress.Root>
          <Text size="sm" fw={700} className={classes.percent} data-testid="learning-percent">
            {summary.percent}%
          </Text>
        </Group>
      </Tooltip>
      <Suspense fallback={null}>
        <MemoryControls />
      </Suspense>
      <WaitingEdits />
    </Group>
  );
}

/**
 * "Learn" (on/off, with the keys it enables in its tooltip) and, while on, the progress bar and "Plan
 * my study" (`withPlan`; the editor's toolbar has it as its own extension, in its More menu on a phone).
 */
export function LearningModeControls({ withPlan = true }: { withPlan?: boolean }) {
  const { t } = useTranslation('learning');
  const learning = useLearning();
  const enabled = useLearningState((s) => s.enabled) ?? false;
  if (!learning) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      <HintTooltip label={enabled ? t('mode.keysHint') : t('mode.toggleHint')} multiline maw={260}>
        <Button
          size="xs"
          variant={enabled ? 'filled' : 'light'}
          color="teal"
          leftSection={<IconSchool size={16} aria-hidden />}
          aria-pressed={enabled}
          onClick={() => learning.setEnabled(!enabled)}
          data-testid="learning-toggle"
        >
          {t('mode.toggle')}
        </Button>
      </HintTooltip>
      {enabled ? <LearningProgress /> : null}
      {enabled ? <AvailableOfflineToggle subject={learning.subject} /> : null}
      {enabled && withPlan ? <PlanButton subject={learning.subject} compact /> : null}
    </Group>
  );
}
