import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconLock, IconRoute, IconSchool } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NoteEditor } from '../notes/NoteEditor.tsx';
import { PlanButton } from '../plans/PlanButton.tsx';
import { MasteryStars } from '../quiz/MasteryStars.tsx';
import { QuizButton } from '../quiz/QuizButton.tsx';
import { statusOf, useLearning, useLearningState } from './learning-store.ts';
import { PathList } from './PathList.tsx';
import { StatusSegments } from './StatusSegments.tsx';

interface LearningNodeSectionProps {
  nodeId: string;
  title: string;
  /** the root carries no status (nothing waits for it, it is never counted); it may have a note */
  isRoot: boolean;
}

/** Learning mode's part of a node's details: its status, "I know this", the path to it, and the learner's note. */
export function LearningNodeSection({ nodeId, title, isRoot }: LearningNodeSectionProps) {
  const { t } = useTranslation('learning');
  const learning = useLearning();
  const status = useLearningState((s) => statusOf(s.progress, nodeId)) ?? 'todo';
  const locked = useLearningState((s) => s.lockedIds.has(nodeId)) ?? false;
  const loaded = useLearningState((s) => s.progress !== undefined) ?? false;
  const pathShown = useLearningState((s) => s.pathTarget === nodeId) ?? false;
  const mastery = useLearningState((s) => s.progress?.nodes[nodeId]?.mastery) ?? 0;
  const headingId = useId();
  if (!learning) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="learning-section">
      <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
        {t('node.section')}
      </Text>
      {isRoot || !loaded ? null : (
        <>
          <StatusSegments
            status={status}
            label={t('node.status')}
            onChange={(value) => learning.setStatus({ node_id: nodeId, status: value })}

            data-testid="learning-status-control"
          />
          {locked ? (
            <Alert color="gray" p="xs" icon={<IconLock size={16} aria-hidden />} data-testid="learning-locked">
              <Text size="sm">
                {t('node.locked', { titles: learning.waitsForTitles(nodeId).join(t('path.separator')) })}
              </Text>
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              color="teal"
              leftSection={<IconSchool size={14} aria-hidden />}
              disabled={status === 'done'}
              title={t('node.knowThisHint')}
              onClick={() => learning.setStatus({ node_id: nodeId, status: 'done', with_prerequisites: true })}
            >
              {t('node.knowThis')}
            </Button>
            <Button
              size="xs"
              variant={pathShown ? 'filled' : 'default'}
              leftSection={<IconRoute size={14} aria-hidden />}
              aria-pressed={pathShown}
              onClick={() => learning.showPath(pathShown ? null : nodeId)}
            >
              {t('node.showPath')}
            </Button>
          </Group>
          {pathShown ? <PathList target={nodeId} /> : null}
          <Group gap="xs" align="center" data-testid="learning-recall">
            <QuizButton subject={learning.subject} nodeId={nodeId} title={title} />
            <PlanButton subject={learning.subject} target={nodeId} targetTitle={title} />
            <MasteryStars mastery={mastery} testId="learning-mastery" />
          </Group>
        </>
      )}
      <NoteEditor nodeId={nodeId} title={title} />
    </Stack>
  );
}
