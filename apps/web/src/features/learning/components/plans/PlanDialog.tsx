import type { LearnerSettings, LearnerSettingsPatch, Plan } from '@arbor/contract';
import { Alert, Button, Collapse, Group, Modal, NumberInput, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '../../../../lib/modals.ts';
import { IconCalendarPlus, IconFlag, IconHourglass } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client.ts';
import { currentLocale } from '../../../../lib/i18n.ts';
import { useLearnerSettings, useUpdateLearnerSettings } from '../../api/useLearnerSettings.ts';
import { planOf, usePlans, useSavePlan } from '../../api/usePlans.ts';
import type { SubjectRef } from '../../api/useProgress.ts';
import { StudyDaysPicker } from '../settings/StudyDaysPicker.tsx';
import { CalendarLinkPanel } from './CalendarLinkPanel.tsx';
import { dailyBudget, formatDate, todayLocal } from './calendar-grid.ts';
import { useFormatMinutes } from './Duration.tsx';
import { PlanCalendar } from './PlanCalendar.tsx';
import classes from './plans.module.css';

interface PlanDialogProps {
  opened: boolean;
  onClose: () => void;
  subject: SubjectRef;
  /** a node to plan up to; the whole tree when null */
  target: string | null;
  /** the target's title (the dialog's title names it) */
  targetTitle?: string;
}

/** "Plan my study": weekly minutes and study days (the learner's settings), a start date, then the plan. */
export function PlanDialog({ opened, onClose, subject, target, targetTitle }: PlanDialogProps) {
  const { t } = useTranslation('plans');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={target && targetTitle ? t('plan.titleNode', { title: targetTitle }) : t('plan.title')}
      size="xl"
      fullScreen={phone}
      data-testid="plan-dialog"
    >
      {opened ? <PlanBody subject={subject} target={target} /> : null}
    </Modal>
  );
}

/**
 * The same dialog through the modals manager, for a menu item: the editor's More menu unmounts its
 * items when it closes, which would take a dialog rendered by the item with it.
 */
export function openPlanModal({
  subject,
  target = null,
  title,
}: {
  subject: SubjectRef;
  target?: string | null;
  title: string;
}) {
  modals.open({
    title,
    size: 'xl',
    fullScreen: window.matchMedia('(max-width: 36em)').matches,
    'data-testid': 'plan-dialog',
    children: <PlanBody subject={subject} target={target} />,
  } as Parameters<typeof modals.open>[0]);
}

function PlanBody({ subject, target }: { subject: SubjectRef; target: string | null }) {
  const settings = useLearnerSettings();
  const plans = usePlans();
  const { t } = useTranslation('plans');
  if (settings.isPending || plans.isPending) return <Skeleton h={240} radius="md" />;
  if (settings.isError)
    return (
      <Alert color="red" role="alert">
        {t('plan.loadFailed')}
      </Alert>
    );
  const existing = planOf(plans.data, subject);
  return <PlanForm subject={subject} target={target} settings={settings.data} existing={existing} />;
}

interface PlanFormProps {
  subject: SubjectRef;
  target: string | null;
  settings: LearnerSettings;
  existing: Plan | undefined;
}

function PlanForm({ subject, target, settings, existing }: PlanFormProps) {
  const { t } = useTranslation('plans');
  const minutes = useFormatMinutes();
  const sameTarget = existing && (existing.target ?? null) === target;
  const [weekly, setWeekly] = useState<number | string>(settings.weekly_minutes);
  const [days, setDays] = useState<number[]>(settings.study_days);
  const [start, setStart] = useState(sameTarget ? existing.start_date : todayLocal());
  const [saved, setSaved] = useState<Plan | undefined>(sameTarget ? existing : undefined);
  const [showCalendar, setShowCalendar] = useState(false);
  const updateSettings = useUpdateLearnerSettings();
  const savePlan = useSavePlan();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const weeklyNumber = typeof weekly === 'number' ? weekly : Number.parseInt(weekly, 10);
  const busy = updateSettings.isPending || savePlan.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    setFailure(null);
    const local: Record<string, string> = {};
    if (!Number.isInteger(weeklyNumber) || weeklyNumber < 0 || weeklyNumber > 10_080)
      local.weekly_minutes = t('settings.weeklyRange');
    if (days.length === 0) local.study_days = t('settings.daysRequired');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start)) local.start_date = t('plan.startRequired');
    if (Object.keys(local).length) return setFieldErrors(local);
    try {
      const patch: LearnerSettingsPatch = {};
      if (weeklyNumber !== settings.weekly_minutes) patch.weekly_minutes = weeklyNumber;
      if (days.join() !== settings.study_days.join()) patch.study_days = days;
      if (Object.keys(patch).length) await updateSettings.mutateAsync(patch);
      const plan = await savePlan.mutateAsync({ subject, target, start_date: start });
      setSaved(plan);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        setFieldErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v.join(' ')])));
      } else setFailure(error instanceof ApiError ? error.message : String(error));
    }
  };

  const locale = currentLocale();
  return (
    <Stack gap="lg">
      <form onSubmit={(e) => void onSubmit(e)} data-testid="plan-form" noValidate>
        <Stack gap="md">
          <Group gap="md" align="flex-start" wrap="wrap">
            <NumberInput
              label={t('plan.weeklyMinutes')}
              description={
                Number.isInteger(weeklyNumber)
                  ? t('plan.weeklyHint', { daily: minutes(dailyBudget(weeklyNumber, days.length)) })
                  : undefined
              }
              value={weekly}
              onChange={setWeekly}
              min={0}
              max={10_080}
              step={30}
              allowDecimal={false}
              allowNegative={false}
              error={fieldErrors.weekly_minutes}
              w={200}
              data-testid="plan-weekly-minutes"
            />
            <TextInput
              type="date"
              label={t('plan.startDate')}
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              error={fieldErrors.start_date}
              w={200}
              data-testid="plan-start-date"
            />
          </Group>
          <StudyDaysPicker
            label={t('plan.studyDays')}
            description={t('plan.studyDaysHint')}
            value={days}
            onChange={setDays}
            error={fieldErrors.study_days}
          />
          {failure ? (
            <Alert color="red" role="alert">
              {t('plan.saveFailed', { reason: failure })}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="plan-save">
              {t('plan.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {saved ? (
        <Stack gap="md" data-testid="plan-result" aria-live="polite">
          <Group gap="sm" wrap="wrap">
            <div className={classes.stat}>
              <Group gap={6} wrap="nowrap">
                <IconFlag size={16} aria-hidden />
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  {t('plan.finish')}
                </Text>
              </Group>
              <Text fw={700} size="lg" data-testid="plan-finish" data-date={saved.finish_date ?? ''}>
                {saved.finish_date ? formatDate(saved.finish_date, locale, 'long') : t('plan.noFinishShort')}
              </Text>
            </div>
            <div className={classes.stat}>
              <Group gap={6} wrap="nowrap">
                <IconHourglass size={16} aria-hidden />
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  {t('plan.remaining')}
                </Text>
              </Group>
              <Text fw={700} size="lg" data-testid="plan-remaining">
                {minutes(saved.remaining_minutes)}
              </Text>
            </div>
          </Group>
          {saved.remaining_minutes === 0 ? (
            <Text size="sm" c="dimmed">
              {t('plan.nothingLeft')}
            </Text>
          ) : saved.finish_date === null ? (
            <Text size="sm" c="dimmed">
              {t('plan.noFinish')}
            </Text>
          ) : null}
          <PlanCalendar schedule={saved.schedule} />
          <Group>
            <Button
              variant="light"
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              aria-expanded={showCalendar}
              onClick={() => setShowCalendar((v) => !v)}
              data-testid="plan-add-to-calendar"
            >
              {t('calendar.button')}
            </Button>
          </Group>
          <Collapse expanded={showCalendar}>{showCalendar ? <CalendarLinkPanel /> : null}</Collapse>
        </Stack>
      ) : null}
    </Stack>
  );
}
