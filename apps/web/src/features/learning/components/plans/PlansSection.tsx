import type { Plan } from '@arbor/contract';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '../../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconFlag, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../../lib/api-client.ts';
import { currentLocale } from '../../../../lib/i18n.ts';
import { useDeletePlan, usePlans } from '../../api/usePlans.ts';
import { subjectPath } from '../home/subject-links.ts';
import { formatDate } from './calendar-grid.ts';
import { useFormatMinutes } from './Duration.tsx';
import { LoadError } from '../../../../lib/LoadError.tsx';

const CalendarDialog = lazy(() => import('./CalendarDialog.tsx').then((m) => ({ default: m.CalendarDialog })));

/** Where a plan is followed: its subject in learning mode, on its target node when it has one. */
export function planLink(plan: Plan): string {
  return subjectPath(plan.subject.kind, plan.subject.uuid, plan.target ?? undefined);
}

/** The title of a plan's target: the last node of its schedule is the target itself. */
const targetTitle = (plan: Plan): string | undefined =>
  plan.target ? plan.schedule.at(-1)?.items.findLast((i) => i.node_id === plan.target)?.title : undefined;

/** `/learn`'s "My plans": each plan's subject and finish date, a link to follow it, delete, and "Add to calendar". */
export function PlansSection() {
  const { t } = useTranslation('plans');
  const plans = usePlans();
  const [calendarOpened, setCalendarOpened] = useState(false);
  const [calendarLoaded, setCalendarLoaded] = useState(false);
  return (
    <Stack gap="md" component="section" aria-labelledby="learn-plans-title" data-testid="learn-plans">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id="learn-plans-title" size="h3">
          {t('home.title')}
        </Title>
        {plans.data && plans.data.length > 0 ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCalendarPlus size={14} aria-hidden />}
            onClick={() => {
              setCalendarLoaded(true);
              setCalendarOpened(true);
            }}
            data-testid="learn-plans-calendar"
          >
            {t('calendar.button')}
          </Button>
        ) : null}
      </Group>
      {plans.isPending ? (
        <Skeleton h={96} radius="md" />
      ) : plans.isError ? (
        <LoadError message={t('plan.loadFailed')} retry={t('home.retry')} onRetry={() => void plans.refetch()} />
      ) : plans.data.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="learn-plans-empty">
          {t('home.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </SimpleGrid>
      )}
      {calendarLoaded ? (
        <Suspense fallback={null}>
          <CalendarDialog opened={calendarOpened} onClose={() => setCalendarOpened(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation('plans');
  const minutes = useFormatMinutes();
  const remove = useDeletePlan();
  const target = targetTitle(plan);
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('home.deleteTitle'),
      children: <Text size="sm">{t('home.deleteBody', { title: plan.subject.title })}</Text>,
      labels: { confirm: t('home.delete'), cancel: t('calendar.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'plan-delete-confirm' } as Record<string, unknown>,
      onConfirm: () =>
        remove.mutate(plan.id, {
          onError: (error) =>
            notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : String(error) }),
        }),
    });
  return (
    <Card withBorder radius="md" padding="md" data-testid="plan-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={planLink(plan)} fw={700} lineClamp={2} data-testid="plan-card-link">
            {plan.subject.title}
          </Anchor>
          <Tooltip label={t('home.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('home.deleteOf', { title: plan.subject.title })}
              loading={remove.isPending}
              onClick={confirmDelete}
              data-testid="plan-delete"
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text size="sm" c="dimmed">
          {target ? t('home.target', { title: target }) : t('home.wholeTree')}
        </Text>
        <Group gap={6} wrap="nowrap">
          <IconFlag size={16} aria-hidden />
          <Text size="sm" fw={600} data-testid="plan-card-finish">
            {plan.finish_date
              ? t('home.finish', { date: formatDate(plan.finish_date, currentLocale()) })
              : plan.remaining_minutes === 0
                ? t('home.finished')
                : t('plan.noFinishShort')}
          </Text>
        </Group>
        {plan.remaining_minutes > 0 ? (
          <Text size="sm" c="dimmed">
            {t('home.remaining', { duration: minutes(plan.remaining_minutes) })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
