import { Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLearningState } from '../mode/learning-store.ts';
import { memoryTone, nextReviewInDays, retentionPercent, TONE_COLORS } from './memory-look.ts';
import classes from './memory.module.css';

/**
 * A node's retention as the fill of its ring (UI.md "Memory view"): only nodes with reviewed cards
 * draw one. Each node reads its own entry of the one memory answer, so a new answer re-renders only
 * the nodes whose entry changed.
 */
export function MemoryRingFill({ nodeId }: { nodeId: string }) {
  const retention = useLearningState((s) => s.memory?.nodes[nodeId]?.retention) ?? null;
  const target = useLearningState((s) => s.retentionTarget) ?? 0.9;
  if (retention === null) return null;
  const tone = memoryTone(retention, target);
  return (
    <svg className={classes.ring} viewBox="0 0 230 74" preserveAspectRatio="none" aria-hidden data-tone={tone}>
      <rect
        x="1"
        y="1"
        width="228"
        height="72"
        rx="18"
        pathLength={100}
        fill="none"
        stroke={TONE_COLORS[tone]}
        strokeWidth="3"
        strokeDasharray={`${retention * 100} 100`}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** The retention chip at the node's corner, with "remembered 83 %, next review in 4 days" as its tooltip. */
export function MemoryChip({ nodeId }: { nodeId: string }) {
  const { t } = useTranslation('learning');
  const entry = useLearningState((s) => s.memory?.nodes[nodeId]);
  const target = useLearningState((s) => s.retentionTarget) ?? 0.9;
  const previewing = useLearningState((s) => s.memoryAt !== null) ?? false;
  if (!entry || entry.retention === null) return null;
  const percent = retentionPercent(entry.retention);
  const days = entry.due > 0 ? 0 : nextReviewInDays(entry, target, new Date());
  const next = days === null ? '' : days === 0 ? t('memory.reviewDue') : t('memory.nextReview', { count: days });
  const label = [t('memory.remembered', { percent }), previewing ? '' : next].filter(Boolean).join(t('memory.comma'));
  return (
    <Tooltip label={label} withinPortal>
      <span
        className={classes.chip}
        data-tone={memoryTone(entry.retention, target)}
        role="img"
        aria-label={label}
        data-testid="memory-chip"
      >
        {percent}
      </span>
    </Tooltip>
  );
}

/** The node's tint while "Memory" colours the whole canvas (nodes without reviewed cards step back). */
export function MemoryTint({ nodeId }: { nodeId: string }) {
  const retention = useLearningState((s) => s.memory?.nodes[nodeId]?.retention) ?? null;
  const target = useLearningState((s) => s.retentionTarget) ?? 0.9;
  return (
    <div
      className={classes.tint}
      data-tone={retention === null ? 'none' : memoryTone(retention, target)}
      data-testid="memory-tint"
      aria-hidden
    />
  );
}
