import { Card, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLearning, useLearningState } from './learning-store.ts';

// Loaded when learning mode is on and a node is picked: the template page paints without it (its
// note editor brings Markdown rendering).
const LearningNodeSection = lazy(() =>
  import('./LearningNodeSection.tsx').then((m) => ({ default: m.LearningNodeSection })),
);
import { NodeCards } from '../recall/register-recall.tsx';

/**
 * The selected node's learning section where a page has no node panel (a template's read-only
 * canvas): shown in learning mode, beside or under the canvas.
 */
export function LearningNodeDetails() {
  const { t } = useTranslation('learning');
  const learning = useLearning();
  const enabled = useLearningState((s) => s.enabled) ?? false;
  const selectedId = useLearningState((s) => s.selectedId) ?? null;
  if (!learning || !enabled) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="learning-details">
      {selectedId ? (
        <>
          <Text fw={700} mb="xs" lineClamp={2}>
            {learning.titleOf(selectedId)}
          </Text>
          <Suspense fallback={<Skeleton h={120} radius="md" />}>
            <LearningNodeSection
              key={selectedId}
              nodeId={selectedId}
              title={learning.titleOf(selectedId)}
              isRoot={learning.isRoot(selectedId)}
            />
          </Suspense>
          <NodeCards nodeId={selectedId} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('node.selectHint')}
        </Text>
      )}
    </Card>
  );
}
