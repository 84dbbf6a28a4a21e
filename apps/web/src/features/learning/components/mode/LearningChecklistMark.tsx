import { Badge, Checkbox, Group, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { statusOf, useLearning, useLearningState } from './learning-store.ts';
import { STATUS_LOOK } from './status-icons.ts';

interface ChecklistNode {
  id: string;
  title: string;
  parent_id: string | null;
}

/**
 * A node's line of the outline as a checklist (learning mode): a checkbox that marks it done (or back
 * to do), its status when it is being learnt or skipped, and a lock while it waits for others.
 */
export function LearningChecklistMark({ node }: { node: ChecklistNode }) {
  const { t } = useTranslation('learning');
  const learning = useLearning();
  const enabled = useLearningState((s) => s.enabled) ?? false;
  const loaded = useLearningState((s) => s.progress !== undefined) ?? false;
  const status = useLearningState((s) => statusOf(s.progress, node.id)) ?? 'todo';
  const locked = useLearningState((s) => s.lockedIds.has(node.id)) ?? false;
  // Nothing waits for the root and it is never counted: it carries no status.
  if (!learning || !enabled || !loaded || node.parent_id === null) return null;
  const lockText = locked
    ? t('node.locked', { titles: learning.waitsForTitles(node.id).join(t('path.separator')) })
    : '';
  return (
    <Group gap={4} wrap="nowrap" pt={1}>
      <Checkbox
        size="sm"
        color="teal"
        checked={status === 'done'}
        onChange={(event) =>
          learning.setStatus({ node_id: node.id, status: event.currentTarget.checked ? 'done' : 'todo' })
        }
        aria-label={t('node.check', { title: node.title })}
        aria-description={lockText || undefined}
        data-status={status}
        data-testid="checklist-check"
      />
      {status === 'learning' || status === 'skipped' ? (
        <Badge size="xs" variant="light" color={STATUS_LOOK[status].color} tt="none">
          {t(`status.${status}`)}
        </Badge>
      ) : null}
      {locked ? (
        <Tooltip label={lockText} withinPortal multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
          <IconLock size={14} aria-label={lockText} role="img" tabIndex={0} />
        </Tooltip>
      ) : null}
    </Group>
  );
}
