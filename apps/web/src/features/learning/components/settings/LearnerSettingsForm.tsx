import type { LearnerSettings, LearnerSettingsPatch } from '@arbor/contract';
import { Anchor, Button, Group, NumberInput, Select, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, browserTimezone } from '../../../../lib/api-client.ts';
import { useUpdateLearnerSettings } from '../../api/useLearnerSettings.ts';
import { dailyBudget } from '../plans/calendar-grid.ts';
import { useFormatMinutes } from '../plans/Duration.tsx';
import { LearnerSettingsCard } from './LearnerSettingsCard.tsx';
import { StudyDaysPicker } from './StudyDaysPicker.tsx';

/** The browser's IANA time zone (UTC when it cannot tell). */
export const browserTimeZone = (): string => browserTimezone() || 'UTC';

/** Every IANA zone the browser knows, with UTC, sorted. */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...zones, browserTimeZone()])].sort();
}

/** Settings → Learning: the learner's settings (API.md "Study plans and calendar"), saved together. */
export function LearnerSettingsSection() {
  const { t } = useTranslation('plans');
  return (
    <LearnerSettingsCard
      id="learner-settings"
      title={t('settings.title')}
      intro={t('settings.intro')}
      skeletonHeight={280}
    >
      {(settings) => <LearnerSettingsForm key={JSON.stringify(settings)} settings={settings} />}
    </LearnerSettingsCard>
  );
}

function LearnerSettingsForm({ settings }: { settings: LearnerSettings }) {
  const { t } = useTranslation('plans');
  const minutes = useFormatMinutes();
  const update = useUpdateLearnerSettings();
  const zones = useMemo(() => timeZones(), []);
  const browserZone = browserTimeZone();
  const [draft, setDraft] = useState<LearnerSettings>(settings);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof LearnerSettings>(key: K, value: LearnerSettings[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const num = (value: number | string) => (typeof value === 'number' ? value : Number.parseFloat(value));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const local: Record<string, string> = {};
    if (!Number.isFinite(draft.new_per_day)) local.new_per_day = t('settings.newPerDayRange');
    if (!Number.isFinite(draft.weekly_minutes)) local.weekly_minutes = t('settings.weeklyRange');
    if (draft.study_days.length === 0) local.study_days = t('settings.daysRequired');
    if (Object.keys(local).length) return setErrors(local);
    const patch: LearnerSettingsPatch = {};
    for (const key of Object.keys(draft) as (keyof LearnerSettings)[]) {
      if (JSON.stringify(draft[key]) !== JSON.stringify(settings[key])) Object.assign(patch, { [key]: draft[key] });
    }
    if (Object.keys(patch).length === 0) return;
    update.mutate(patch, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('settings.saved') }),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length)
          setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v.join(' ')])));
        else
          notifications.show({
            color: 'red',
            message: t('settings.saveFailed', { reason: error instanceof ApiError ? error.message : String(error) }),
          });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="learner-settings-form">
      <Stack gap="md" maw={560}>
        <Select
          label={t('settings.timezone')}
          description={
            draft.timezone !== browserZone ? (
              <Anchor component="button" type="button" size="xs" onClick={() => set('timezone', browserZone)}>
                {t('settings.useBrowser', { zone: browserZone })}
              </Anchor>
            ) : undefined
          }
          data={zones}
          value={draft.timezone}
          onChange={(zone) => zone && set('timezone', zone)}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('settings.noZone')}
          limit={100}
          error={errors.timezone}
          comboboxProps={{ zIndex: 2000 }}
          data-testid="learner-timezone"
        />
        <Group gap="md" align="flex-start" wrap="wrap">
          <NumberInput
            label={t('settings.newPerDay')}
            description={t('settings.newPerDayHint')}
            value={draft.new_per_day}
            onChange={(v) => set('new_per_day', Math.trunc(num(v)))}
            min={0}
            max={500}
            allowDecimal={false}
            allowNegative={false}
            error={errors.new_per_day}
            style={{ flex: '1 1 220px' }}
            data-testid="learner-new-per-day"
          />
        </Group>
        <Switch
          label={t('settings.autoCards')}
          description={t('settings.autoCardsHint')}
          checked={draft.auto_cards}
          onChange={(e) => set('auto_cards', e.currentTarget.checked)}
          error={errors.auto_cards}
          data-testid="learner-auto-cards"
        />
        <NumberInput
          label={t('settings.weeklyMinutes')}
          description={t('plan.weeklyHint', {
            daily: minutes(dailyBudget(draft.weekly_minutes, draft.study_days.length)),
          })}
          value={draft.weekly_minutes}
          onChange={(v) => set('weekly_minutes', Math.trunc(num(v)))}
          min={0}
          max={10_080}
          step={30}
          allowDecimal={false}
          allowNegative={false}
          error={errors.weekly_minutes}
          maw={260}
          data-testid="learner-weekly-minutes"
        />
        <StudyDaysPicker
          label={t('settings.studyDays')}
          value={draft.study_days}
          onChange={(days) => set('study_days', days)}
          error={errors.study_days}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} data-testid="learner-settings-save">
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
