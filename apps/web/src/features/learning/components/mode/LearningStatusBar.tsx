import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { statusOf, useLearning, useLearningState } from './learning-store.ts';
import classes from './LearningStatusBar.module.css';
import { StatusSegments } from './StatusSegments.tsx';

/**
 * Learning mode's status bar at the foot of a read-only canvas (a template's): the selected node's
 * title and its four statuses, in view with the tree on a desktop and a phone alike, never over a
 * node. The notes, path and cards stay in the details under the canvas.
 */
export function LearningStatusBar() {
  const { t } = useTranslation('learning');
  const learning = useLearning();
  const enabled = useLearningState((s) => s.enabled) ?? false;
  const selectedId = useLearningState((s) => s.selectedId) ?? null;
  const loaded = useLearningState((s) => s.progress !== undefined) ?? false;
  const status = useLearningState((s) => (selectedId ? statusOf(s.progress, selectedId) : 'todo')) ?? 'todo';
  const locked = useLearningState((s) => (selectedId ? s.lockedIds.has(selectedId) : false)) ?? false;
  const acting = Boolean(learning && enabled && selectedId !== null && loaded && !learning.isRoot(selectedId));
  // A node picked (a tap, a deep link) brings the bar on screen with the canvas above it: on a phone
  // the page is taller than the screen, and the bar must not wait below the fold.
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!acting || !selectedId) return;
    // After the frame: the shell's smooth scroll to the top that follows a navigation (a deep link)
    // starts in an effect after this one; an instant scroll then ends it.
    const frame = requestAnimationFrame(() => bar.current?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [acting, selectedId]);
  if (!learning || !enabled) return null;
  const title = selectedId ? learning.titleOf(selectedId) : '';
  return (
    <section ref={bar} className={classes.bar} aria-label={t('node.barLabel')} data-testid="learning-bar">
      {acting && selectedId !== null ? (
        <>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Group gap={4} wrap="nowrap" miw={0}>
              {locked ? (
                <IconLock
                  size={14}
                  role="img"
                  aria-label={t('node.locked', {
                    titles: learning.waitsForTitles(selectedId).join(t('path.separator')),
                  })}
                />
              ) : null}
              <Text fw={700} size="sm" truncate data-testid="learning-bar-title">
                {title}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" visibleFrom="sm" className={classes.keys}>
              {t('node.barKeys')}
            </Text>
          </Group>
          <StatusSegments
            status={status}
            label={t('node.statusOf', { title, status: t(`status.${status}`) })}
            onChange={(value) => learning.setStatus({ node_id: selectedId, status: value })}
            iconClassName={classes.icon}
            data-testid="learning-bar-status"
          />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {selectedId && learning.isRoot(selectedId) ? t('node.rootHint') : t('node.selectHint')}
        </Text>
      )}
    </section>
  );
}
