import type { LearningSubjectSummary } from '@arbor/contract';
import { ActionIcon, Badge, Button, Card, Group, Menu, RingProgress, Stack, Text } from '@mantine/core';
import { modals } from '../../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustmentsHorizontal,
  IconArrowRight,
  IconCards,
  IconDots,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForgetSubject } from '../../api/useForgetSubject.ts';
import { LazyCustomSessionDialog } from '../recall/CustomSessionButton.tsx';
import { reviewSessionPath } from '../recall/review-session-link.ts';
import { AssignmentBadges } from './AssignmentBadges.tsx';
import { relativeTime } from './relative-time.ts';
import { subjectPath } from './subject-links.ts';
import classes from './LearnHome.module.css';

/** One subject on `/learn`: its percent as a ring, due cards, last activity, Continue, and Forget in a menu. */
export function SubjectCard({ subject }: { subject: LearningSubjectSummary }) {
  const { t, i18n } = useTranslation('learning');
  const { t: tr } = useTranslation('recall');
  const [customOpened, setCustomOpened] = useState(false);
  const ref = { kind: subject.kind, uuid: subject.uuid };
  // the subject's retention now: null until one of its cards has been reviewed
  const retention = subject.retention === null ? null : Math.round(subject.retention * 100);
  const forget = useForgetSubject();
  const { percent, done, skipped, counted } = subject.summary;
  const confirmForget = () =>
    modals.openConfirmModal({
      title: t('home.forgetTitle', { title: subject.title }),
      children: <Text size="sm">{t('home.forgetBody')}</Text>,
      labels: { confirm: t('home.forget'), cancel: t('home.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-forget' } as Record<string, string>,
      onConfirm: () =>
        forget.mutate(
          { kind: subject.kind, uuid: subject.uuid },
          {
            onSuccess: () =>
              notifications.show({ color: 'teal', message: t('home.forgotten', { title: subject.title }) }),
            onError: () => notifications.show({ color: 'red', message: t('home.forgetFailed') }),
          },
        ),
    });
  return (
    <Card withBorder radius="md" padding="md" className={classes.subject} data-testid="subject-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Badge size="sm" variant="light" color={subject.kind === 'tree' ? 'blue' : 'grape'} tt="none">
            {t(`home.kind.${subject.kind}`)}
          </Badge>
          <Text fw={700} lineClamp={2} title={subject.title} component="h3" className={classes.subjectTitle}>
            {subject.title}
          </Text>
          <AssignmentBadges assignments={subject.assignments} />
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('home.menu', { title: subject.title })}
              data-testid="subject-menu"
            >
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              onClick={() => setCustomOpened(true)}
              data-testid="subject-custom-session"
            >
              {tr('session.custom')}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmForget}>
              {t('home.forget')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group gap="md" wrap="nowrap" mt="sm">
        <RingProgress
          size={76}
          thickness={8}
          roundCaps
          sections={[{ value: percent, color: percent >= 100 ? 'teal' : 'blue' }]}
          label={
            <Text ta="center" fw={700} size="sm" data-testid="subject-percent">
              {percent}%
            </Text>
          }
          aria-label={t('home.percentLabel', { percent })}
          role="img"
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm">{t('home.counts', { done: done + skipped, counted })}</Text>
          {retention === null ? null : (
            <Text size="sm" data-testid="subject-retention">
              {t('memory.retention', { percent: retention })}
            </Text>
          )}
          <Group gap={4} wrap="nowrap" c={subject.due_cards > 0 ? undefined : 'dimmed'}>
            <IconCards size={14} aria-hidden />
            <Text size="sm" c="inherit">
              {subject.due_cards > 0 ? t('home.due', { count: subject.due_cards }) : t('home.noDue')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            <time
              dateTime={subject.last_activity_at}
              title={new Date(subject.last_activity_at).toLocaleString(i18n.language)}
            >
              {t('home.lastActivity', { time: relativeTime(subject.last_activity_at, i18n.language) })}
            </time>
          </Text>
        </Stack>
      </Group>
      <Group mt="md" gap="xs" grow>
        <Button
          component={Link}
          to={subjectPath(subject.kind, subject.uuid)}
          variant="light"
          rightSection={<IconArrowRight size={16} aria-hidden />}
          aria-label={t('home.continueLabel', { title: subject.title })}
          data-testid="subject-continue"
        >
          {t('home.continue')}
        </Button>
        <Button
          component={Link}
          to={reviewSessionPath({ mode: 'due', subject: ref })}
          variant={subject.due_cards > 0 ? 'filled' : 'default'}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          aria-label={tr('session.reviewSubjectLabel', { title: subject.title })}
          data-testid="subject-review"
        >
          {tr('session.reviewSubject')}
        </Button>
      </Group>
      <LazyCustomSessionDialog
        opened={customOpened}
        onClose={() => setCustomOpened(false)}
        subject={{ ...ref, title: subject.title }}
      />
    </Card>
  );
}
