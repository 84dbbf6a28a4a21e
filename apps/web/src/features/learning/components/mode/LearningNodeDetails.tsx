import { Button, Card, Group, Skeleton, Text } from '@mantine/core';
import { IconMessage2 } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLearning, useLearningState } from './learning-store.ts';

// Loaded when learning mode is on and a node is picked: the template page paints without it (its
// note editor brings Markdown rendering).
// The tutor brings Markdown rendering, the card form and recall's strings: loaded when opened.
const TutorPanel = lazy(() => import('../tutor/TutorPanel.tsx').then((m) => ({ default: m.TutorPanel })));
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
  // Recall's namespace (the tutor's strings are there): the template page's route loads it.
  const { t: recallT } = useTranslation('recall');
  const learning = useLearning();
  const enabled = useLearningState((s) => s.enabled) ?? false;
  const selectedId = useLearningState((s) => s.selectedId) ?? null;
  // The node the tutor was opened on: it stays open while a cited node is selected.
  const [tutorOn, setTutorOn] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  if (!learning || !enabled) return null;
  // The template's canvas selects and centres the node of `?node=`.
  const selectNode = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('node', id);
    setParams(next, { replace: true });
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="learning-details">
      {selectedId ? (
        <>
          <Group justify="space-between" wrap="nowrap" mb="xs" gap="xs">
            <Text fw={700} lineClamp={2}>
              {learning.titleOf(selectedId)}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              color="teal"
              leftSection={<IconMessage2 size={14} aria-hidden />}
              onClick={() => setTutorOn(selectedId)}
              data-testid="tutor-open"
            >
              {recallT('tutor.open')}
            </Button>
          </Group>
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
      {tutorOn !== null ? (
        <Suspense fallback={null}>
          <TutorPanel
            opened
            onClose={() => setTutorOn(null)}
            subject={learning.subject}
            nodeId={tutorOn}
            titleOf={learning.titleOf}
            onSelectNode={selectNode}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
