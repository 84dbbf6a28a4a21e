import type { LearnerSettings, LearnerSettingsPatch } from '@arbor/contract';
import {
  Button,
  Group,
  Input,
  NumberInput,
  Skeleton,
  Slider,
  Stack,
  Switch,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client.ts';
import { learnerSettingsKey, useUpdateLearnerSettings } from '../../api/useLearnerSettings.ts';
import { useOptimize } from '../../api/useMemory.ts';
import { fitImprovement, fieldErrors, settingsPatch, type FsrsFigures } from './memory-settings.ts';
import { LearnerSettingsCard } from './LearnerSettingsCard.tsx';
import { StudyDaysPicker } from './StudyDaysPicker.tsx';

const WorkloadChart = lazy(() => import('./WorkloadChart.tsx').then((m) => ({ default: m.WorkloadChart })));

/** What the memory settings edit; each shows only when the server's settings carry it. */
type MemoryDraft = Pick<LearnerSettings, 'request_retention'> &
  Partial<{
    implicit_credit: boolean;
    load_balance: boolean;
    easy_days: number[];
    maximum_interval: number;
    learning_steps: string[];
    relearning_steps: string[];
    auto_optimize: boolean;
  }>;
type WithMemory = Omit<LearnerSettings, keyof MemoryDraft | 'fsrs'> & MemoryDraft & { fsrs?: FsrsFigures };

const DRAFT_KEYS = [
  'request_retention',
  'implicit_credit',
  'load_balance',
  'easy_days',
  'maximum_interval',
  'learning_steps',
  'relearning_steps',
  'auto_optimize',
] as const;

/** Settings → Memory (UI.md "Third wave"): retention with its workload, the optimiser, credit and scheduling options. */
export function MemorySettingsSection() {
  const { t } = useTranslation('plans');
  return (
    <LearnerSettingsCard id="memory-settings" title={t('memory.title')} intro={t('memory.intro')} skeletonHeight={320}>
      {(settings) => (
        <Stack gap="lg">
          <MemorySettingsForm key={JSON.stringify(settings)} settings={settings as WithMemory} />
          {(settings as WithMemory).fsrs !== undefined ? <Optimiser settings={settings as WithMemory} /> : null}
        </Stack>
      )}
    </LearnerSettingsCard>
  );
}

function MemorySettingsForm({ settings }: { settings: WithMemory }) {
  const { t } = useTranslation('plans');
  const update = useUpdateLearnerSettings();
  const initial = Object.fromEntries(DRAFT_KEYS.filter((k) => settings[k] !== undefined).map((k) => [k, settings[k]]));
  const [draft, setDraft] = useState<MemoryDraft>(initial as MemoryDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof MemoryDraft>(key: K, value: MemoryDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const has = (key: keyof MemoryDraft) => draft[key] !== undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (draft.maximum_interval !== undefined && !Number.isFinite(draft.maximum_interval))
      return setErrors({ maximum_interval: t('memory.maximumIntervalRange') });
    const patch = settingsPatch(draft, settings) as LearnerSettingsPatch;
    if (Object.keys(patch).length === 0) return;
    update.mutate(patch, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('settings.saved') }),
      onError: (error) => {
        const fields = error instanceof ApiError ? fieldErrors(error.fields) : {};
        if (Object.keys(fields).length) setErrors(fields);
        else
          notifications.show({
            color: 'red',
            message: t('settings.saveFailed', { reason: error instanceof ApiError ? error.message : String(error) }),
          });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="memory-settings-form">
      <Stack gap="md" maw={620}>
        <Input.Wrapper
          label={t('memory.retention')}
          description={t('memory.retentionHint')}
          error={errors.request_retention}
          id="memory-retention"
        >
          <Slider
            mt="sm"
            mb="xl"
            min={0.7}
            max={0.99}
            step={0.01}
            value={draft.request_retention}
            onChange={(v) => set('request_retention', Math.round(v * 100) / 100)}
            label={(v) => `${Math.round(v * 100)} %`}
            marks={[0.7, 0.8, 0.9, 0.99].map((v) => ({ value: v, label: `${Math.round(v * 100)} %` }))}
            thumbLabel={t('memory.retention')}
            thumbValueText={(v) => `${Math.round(v * 100)} %`}
            data-testid="memory-retention"
          />
        </Input.Wrapper>
        <Suspense fallback={<Skeleton h={180} radius="md" />}>
          <WorkloadChart retention={draft.request_retention} />
        </Suspense>
        {has('implicit_credit') ? (
          <Switch
            label={t('memory.implicitCredit')}
            description={t('memory.implicitCreditHint')}
            checked={draft.implicit_credit}
            onChange={(e) => set('implicit_credit', e.currentTarget.checked)}
            error={errors.implicit_credit}
            data-testid="memory-implicit-credit"
          />
        ) : null}
        {has('load_balance') ? (
          <Switch
            label={t('memory.loadBalance')}
            description={t('memory.loadBalanceHint')}
            checked={draft.load_balance}
            onChange={(e) => set('load_balance', e.currentTarget.checked)}
            error={errors.load_balance}
            data-testid="memory-load-balance"
          />
        ) : null}
        {has('easy_days') ? (
          <StudyDaysPicker
            label={t('memory.easyDays')}
            description={t('memory.easyDaysHint')}
            value={draft.easy_days ?? []}
            onChange={(days) => set('easy_days', days)}
            error={errors.easy_days}
            testId="memory-easy-days"
          />
        ) : null}
        {has('maximum_interval') ? (
          <NumberInput
            label={t('memory.maximumInterval')}
            description={t('memory.maximumIntervalHint')}
            value={draft.maximum_interval}
            onChange={(v) => set('maximum_interval', typeof v === 'number' ? Math.trunc(v) : Number.parseInt(v, 10))}
            min={1}
            max={36_500}
            allowDecimal={false}
            allowNegative={false}
            suffix={` ${t('memory.days')}`}
            error={errors.maximum_interval}
            maw={260}
            data-testid="memory-maximum-interval"
          />
        ) : null}
        {has('learning_steps') ? (
          <TagsInput
            label={t('memory.learningSteps')}
            description={t('memory.learningStepsHint')}
            value={draft.learning_steps}
            onChange={(steps) =>
              set(
                'learning_steps',
                steps.map((s) => s.trim()),
              )
            }
            maxTags={10}
            splitChars={[',', ' ']}
            clearable
            error={errors.learning_steps}
            data-testid="memory-learning-steps"
          />
        ) : null}
        {has('relearning_steps') ? (
          <TagsInput
            label={t('memory.relearningSteps')}
            description={t('memory.relearningStepsHint')}
            value={draft.relearning_steps}
            onChange={(steps) =>
              set(
                'relearning_steps',
                steps.map((s) => s.trim()),
              )
            }
            maxTags={10}
            splitChars={[',', ' ']}
            clearable
            error={errors.relearning_steps}
            data-testid="memory-relearning-steps"
          />
        ) : null}
        {has('auto_optimize') ? (
          <Switch
            label={t('memory.autoOptimize')}
            description={t('memory.autoOptimizeHint')}
            checked={draft.auto_optimize}
            onChange={(e) => set('auto_optimize', e.currentTarget.checked)}
            error={errors.auto_optimize}
            data-testid="memory-auto-optimize"
          />
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} data-testid="memory-settings-save">
            {t('memory.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** How often the figures are asked for again while an optimisation waits, and for how long at most. */
const POLL_MS = 4_000;
const POLL_FOR_MS = 3 * 60_000;

/** "Optimise my parameters": when it last ran, on how many reviews, and the before/after in plain words. */
function Optimiser({ settings }: { settings: WithMemory }) {
  const { t, i18n } = useTranslation('plans');
  const client = useQueryClient();
  const optimize = useOptimize();
  const [waitingSince, setWaitingSince] = useState<string | null | undefined>(undefined);
  const fsrs = settings.fsrs!;
  const waiting = waitingSince !== undefined && fsrs.trained_at === waitingSince;
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > POLL_FOR_MS) clearInterval(timer);
      void client.invalidateQueries({ queryKey: learnerSettingsKey });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, client]);
  const better = fitImprovement(fsrs);
  const error =
    optimize.error instanceof ApiError ? optimize.error.message : optimize.error ? String(optimize.error) : null;
  return (
    <Stack gap="xs" data-testid="memory-optimiser">
      <Title order={3} fz="h5">
        {t('memory.optimiseTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('memory.optimiseIntro')}
      </Text>
      <Text size="sm" data-testid="memory-optimise-status" role="status">
        {fsrs.trained_at === null
          ? t('memory.neverRun')
          : [
              t('memory.lastRun', {
                date: new Date(fsrs.trained_at).toLocaleString(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
                count: fsrs.trained_on,
              }),
              better === null ? '' : better > 0 ? t('memory.fitsBetter', { percent: better }) : t('memory.keptBefore'),
            ]
              .filter(Boolean)
              .join(' ')}
        {waiting ? ` ${t('memory.queued')}` : ''}
      </Text>
      {error ? (
        <Text size="sm" c="red" role="alert" data-testid="memory-optimise-error">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          leftSection={<IconSparkles size={16} aria-hidden />}
          loading={optimize.isPending}
          disabled={waiting}
          onClick={() => optimize.mutate(undefined, { onSuccess: () => setWaitingSince(fsrs.trained_at) })}
          data-testid="memory-optimise"
        >
          {t('memory.optimise')}
        </Button>
      </Group>
    </Stack>
  );
}
