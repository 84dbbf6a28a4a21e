import { Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLock, IconNote, IconRoute, IconSchool } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeBadgeContext } from '../../../trees/index.ts';
import { statusOf, useLearning, useLearningState } from './learning-store.ts';
import { MemoryChip, MemoryRingFill, MemoryTint } from '../memory/MemoryMarks.tsx';
import { MasteryMark } from '../quiz/MasteryStars.tsx';
import classes from './NodeMarks.module.css';
import { STATUS_LOOK } from './status-icons.ts';
import { STATUSES } from './status-keys.ts';

// Keys on the status button must not reach the editor's shortcuts (Enter adds a sibling there).
const keepKeysHere = (event: KeyboardEvent) => event.stopPropagation();

/**
 * A node's learning marks at its corner: a note icon when the learner wrote one, and the status
 * button (its colour and icon; a lock when the node waits for others) that opens the status menu.
 */
export function LearningBadges({ node }: NodeBadgeContext) {
  const { t } = useTranslation('learning');
  const learning = useLearning();
  const status = useLearningState((s) => statusOf(s.progress, node.id)) ?? 'todo';
  const locked = useLearningState((s) => s.lockedIds.has(node.id)) ?? false;
  const hasNote = useLearningState((s) => s.noteIds.has(node.id)) ?? false;
  const loaded = useLearningState((s) => s.progress !== undefined) ?? false;
  const pathShown = useLearningState((s) => s.pathTarget === node.id) ?? false;
  const mastery = useLearningState((s) => s.progress?.nodes[node.id]?.mastery) ?? 0;
  if (!learning || !loaded) return null;
  const statusName = t(`status.${status}`);
  const lockText = locked
    ? t('node.locked', { titles: learning.waitsForTitles(node.id).join(t('path.separator')) })
    : '';
  const label = [t('node.statusOf', { title: node.title, status: statusName }), lockText].filter(Boolean).join('. ');
  const Icon = locked ? IconLock : STATUS_LOOK[status].icon;
  return (
    <>
      <MemoryChip nodeId={node.id} />
      <MasteryMark mastery={mastery} />
      {hasNote ? (
        <span className={classes.note} role="img" aria-label={t('node.hasNote')} data-testid="learning-note-mark">
          <IconNote size={12} aria-hidden />
        </span>
      ) : null}
      <Menu position="bottom-end" withinPortal shadow="md" width={220}>
        <Menu.Target>
          <Tooltip label={locked ? lockText : statusName} withinPortal multiline maw={260}>
            <button
              type="button"
              className={classes.status}
              data-status={status}
              data-locked={locked || undefined}
              aria-label={label}
              data-testid="learning-status"
              onKeyDown={keepKeysHere}
            >
              <Icon size={14} stroke={2.2} aria-hidden />
            </button>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown onKeyDown={keepKeysHere} aria-label={t('node.menu', { title: node.title })}>
          <Menu.Label>{t('node.menu', { title: node.title })}</Menu.Label>
          {STATUSES.map((value, index) => {
            const StatusIcon = STATUS_LOOK[value].icon;
            return (
              <Menu.Item
                key={value}
                leftSection={
                  <StatusIcon size={16} aria-hidden color={`var(--mantine-color-${STATUS_LOOK[value].color}-6)`} />
                }
                rightSection={
                  value === status ? (
                    <IconCheck size={14} aria-hidden />
                  ) : (
                    <kbd className={classes.kbd} aria-hidden>
                      {index + 1}
                    </kbd>
                  )
                }
                aria-current={value === status ? 'true' : undefined}
                aria-keyshortcuts={String(index + 1)}
                onClick={() => learning.setStatus({ node_id: node.id, status: value })}
              >
                {t(`status.${value}`)}
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconSchool size={16} aria-hidden />}
            onClick={() => learning.setStatus({ node_id: node.id, status: 'done', with_prerequisites: true })}
          >
            {t('node.knowThis')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconRoute size={16} aria-hidden />}
            onClick={() => learning.showPath(pathShown ? null : node.id)}
          >
            {pathShown ? t('node.hidePath') : t('node.showPath')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

/** The node's ring in its status colour, dimmed while locked, highlighted on the path shown. */
export function LearningFrame({ node }: NodeBadgeContext) {
  const status = useLearningState((s) => statusOf(s.progress, node.id)) ?? 'todo';
  const locked = useLearningState((s) => s.lockedIds.has(node.id)) ?? false;
  const onPath = useLearningState((s) => s.pathIds.has(node.id)) ?? false;
  const target = useLearningState((s) => s.path?.target === node.id) ?? false;
  const loaded = useLearningState((s) => s.progress !== undefined) ?? false;
  const memoryView = useLearningState((s) => s.memoryView) ?? false;
  if (!loaded) return null;
  return (
    <>
      <div
        className={classes.frame}
        data-status={status}
        data-locked={locked || undefined}
        data-path={onPath ? (target ? 'target' : 'step') : undefined}
        data-memory={memoryView || undefined}
        aria-hidden
      />
      {memoryView ? <MemoryTint nodeId={node.id} /> : null}
      <MemoryRingFill nodeId={node.id} />
    </>
  );
}
