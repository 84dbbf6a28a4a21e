import type { Assignment, Group } from '@arbor/contract';
import { ActionIcon, Badge, Button, Card, Group as Row, Menu, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconTable, IconDots, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dueDay, subjectPath } from '../../learning/index.ts';
import { LoadError } from '../../../lib/LoadError.tsx';
import { useAssignments } from '../api/useAssignments.ts';
import { useDeleteAssignment } from '../api/useDeleteAssignment.ts';
import { AssignModal } from './AssignModal.tsx';
import { DashboardGrid } from './DashboardGrid.tsx';

/** Assignments: "Assign" (owner, mentors), each assignment with my progress, or the group's and its grid. */
export function AssignmentsTab({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const assignments = useAssignments(group.uuid);
  const [assigning, setAssigning] = useState(false);
  return (
    <Stack gap="md">
      {group.abilities.assign ? (
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAssigning(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('assign.open')}
        </Button>
      ) : null}
      {assignments.isPending ? (
        <Skeleton h={120} />
      ) : assignments.isError ? (
        <LoadError message={t('assignments.loadError')} retry={t('retry')} onRetry={() => void assignments.refetch()} />
      ) : assignments.data.length === 0 ? (
        <Text c="dimmed">{group.abilities.assign ? t('assignments.emptyOwner') : t('assignments.empty')}</Text>
      ) : (
        assignments.data.map((assignment) => (
          <AssignmentCard key={assignment.id} groupUuid={group.uuid} assignment={assignment} />
        ))
      )}
      {assigning ? <AssignModal uuid={group.uuid} onClose={() => setAssigning(false)} /> : null}
    </Stack>
  );
}

function AssignmentCard({ groupUuid, assignment }: { groupUuid: string; assignment: Assignment }) {
  const { t, i18n } = useTranslation('groups');
  const [showGrid, setShowGrid] = useState(false);
  const remove = useDeleteAssignment(groupUuid);
  const { subject, stats, mine, abilities } = assignment;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('assignments.deleteTitle', { title: subject.title }),
      children: <Text size="sm">{t('assignments.deleteBody')}</Text>,
      labels: { confirm: t('assignments.delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(assignment.id, {
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <Card withBorder radius="md" padding="md" data-testid="assignment-card" style={{ overflow: 'visible' }}>
      <Row justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Row gap={6}>
            <Badge size="sm" variant="light" color={subject.kind === 'tree' ? 'blue' : 'grape'} tt="none">
              {t(`subjectKind.${subject.kind}`)}
            </Badge>
            {assignment.due_date ? (
              <Badge size="sm" variant="outline" color="gray" tt="none">
                {t('assignments.due', { date: dueDay(assignment.due_date, i18n.language) })}
              </Badge>
            ) : null}
          </Row>
          <Text fw={700} component="h2" size="lg" m={0} style={{ overflowWrap: 'anywhere' }}>
            {subject.title}
          </Text>
          {assignment.target_title ? (
            <Text size="sm" c="dimmed">
              {t('assignments.target', { title: assignment.target_title })}
            </Text>
          ) : null}
          {assignment.note ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {assignment.note}
            </Text>
          ) : null}
        </Stack>
        {abilities.delete ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('assignments.menu', { title: subject.title })}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete}>
                {t('assignments.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Row>
      {stats ? (
        <Text size="sm" mt="sm" data-testid="assignment-stats">
          {t('assignments.stats', {
            complete: stats.complete,
            members: stats.members,
            percent: stats.avg_percent,
            overdue: stats.overdue,
          })}
          {stats.avg_retention === null
            ? ''
            : ` · ${t('assignments.avgRetention', { percent: Math.round(stats.avg_retention * 100) })}`}
        </Text>
      ) : null}
      {/* my own progress: what a member learns; owners and mentors see it once they learn it too */}
      {stats === null || mine.percent > 0 ? (
        <Stack gap={4} mt="sm">
          <Row justify="space-between">
            <Text size="sm">{mine.complete ? t('assignments.mineComplete') : t('assignments.mine')}</Text>
            <Text size="sm" fw={700} data-testid="assignment-mine">
              {mine.percent}%
            </Text>
          </Row>
          <Progress value={mine.percent} color={mine.complete ? 'teal' : 'blue'} aria-label={t('assignments.mine')} />
        </Stack>
      ) : null}
      <Row mt="md" gap="xs">
        <Button
          component={Link}
          to={subjectPath(subject.kind, subject.uuid, assignment.target ?? undefined)}
          variant="light"
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          {t('assignments.learn')}
        </Button>
        {abilities.view_progress ? (
          <Button
            variant={showGrid ? 'filled' : 'default'}
            leftSection={<IconTable size={16} aria-hidden />}
            onClick={() => setShowGrid(!showGrid)}
            aria-expanded={showGrid}
          >
            {t('assignments.progress')}
          </Button>
        ) : null}
      </Row>
      {abilities.view_progress && showGrid ? (
        <Stack mt="md">
          <DashboardGrid groupUuid={groupUuid} assignment={assignment} />
        </Stack>
      ) : null}
    </Card>
  );
}
