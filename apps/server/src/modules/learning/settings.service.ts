import { DEFAULT_LEARNER_SETTINGS, type LearnerSettings, type LearnerSettingsPatch } from '@arbor/contract';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { invalidField } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { isKnownTimezone } from './local-days.ts';
import type { SchedulerSettings } from './scheduler.ts';
import {
  findSettingsRow,
  hasSettings,
  insertSettingsIfAbsent,
  upsertSettings,
  type LearnerSettingsRow,
} from './settings.repository.ts';

/**
 * A learner's settings as the server uses them: what GET /api/learn/settings/ answers, plus what only
 * the scheduler reads. `parameters` is the learner's personal FSRS parameters (21 numbers), or null
 * for ts-fsrs's defaults; the optimiser (API.md "Personal parameters") stores them, and this read is
 * where they are filled in: every scheduling path takes them from here through `schedulerFor`.
 */
export type StoredSettings = LearnerSettings & SchedulerSettings;

const defaultSettings = (): StoredSettings => ({
  ...DEFAULT_LEARNER_SETTINGS,
  study_days: [...DEFAULT_LEARNER_SETTINGS.study_days],
  learning_steps: [...DEFAULT_LEARNER_SETTINGS.learning_steps],
  relearning_steps: [...DEFAULT_LEARNER_SETTINGS.relearning_steps],
  parameters: null,
});

/** The learner's personal FSRS parameters from their settings row: none yet (the optimiser fills this in). */
const parametersOf = (_row: LearnerSettingsRow): readonly number[] | null => null;

/** A learner's settings (API.md "Study plans and calendar", "Memory on the tree"): the defaults until they change one. */
export async function readSettings(db: Executor, userId: number): Promise<StoredSettings> {
  const row = await findSettingsRow(db, userId);
  if (!row) return defaultSettings();
  const defaults = DEFAULT_LEARNER_SETTINGS;
  return {
    timezone: row.timezone,
    request_retention: Number(row.request_retention),
    new_per_day: row.new_per_day,
    auto_cards: Boolean(row.auto_cards),
    weekly_minutes: row.weekly_minutes,
    study_days: JSON.parse(row.study_days) as number[],
    maximum_interval: row.maximum_interval,
    learning_steps:
      row.learning_steps === null ? [...defaults.learning_steps] : (JSON.parse(row.learning_steps) as string[]),
    relearning_steps:
      row.relearning_steps === null ? [...defaults.relearning_steps] : (JSON.parse(row.relearning_steps) as string[]),
    implicit_credit: Boolean(row.implicit_credit),
    parameters: parametersOf(row),
  };
}

/** The settings as API.md shows them (without what only the server reads). */
function publicSettings(settings: StoredSettings): LearnerSettings {
  const { parameters: _parameters, ...shown } = settings;
  return shown;
}

export const getSettings = async (deps: Deps, viewer: AuthUser) =>
  publicSettings(await readSettings(deps.db, viewer.id));

/** The stored columns of a learner's settings. */
const rowOf = (settings: LearnerSettings, now: string) => ({
  timezone: settings.timezone,
  request_retention: settings.request_retention,
  new_per_day: settings.new_per_day,
  auto_cards: settings.auto_cards ? 1 : 0,
  weekly_minutes: settings.weekly_minutes,
  study_days: JSON.stringify(settings.study_days),
  maximum_interval: settings.maximum_interval,
  learning_steps: JSON.stringify(settings.learning_steps),
  relearning_steps: JSON.stringify(settings.relearning_steps),
  implicit_credit: settings.implicit_credit ? 1 : 0,
  updated_at: now,
});

/** The request header in which the web app sends the browser's IANA time zone on every call. */
export const BROWSER_TIMEZONE_HEADER = 'x-timezone';

/** `zone` as the runtime names it (`asia/shanghai` → `Asia/Shanghai`), or null when it is not a time zone. */
function canonicalTimezone(zone: string): string | null {
  if (zone.length > 64 || !isKnownTimezone(zone)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

/**
 * A learner's first use of learning starts their settings in the time zone their browser sent, not
 * in UTC (issue 28: a Beijing learner's days, streaks and plans ran on UTC). Once they have settings
 * (from this, or from a change of their own), the header changes nothing: their choice stands.
 */
export async function adoptBrowserTimezone(deps: Deps, viewer: AuthUser, sent: unknown): Promise<void> {
  if (typeof sent !== 'string' || sent === '') return;
  if (await hasSettings(deps.db, viewer.id)) return;
  const timezone = canonicalTimezone(sent);
  if (!timezone) return;
  const {
    learning_steps: _l,
    relearning_steps: _r,
    ...row
  } = rowOf({ ...defaultSettings(), timezone }, deps.clock.nowIso());
  // Steps stay null: ts-fsrs's defaults until the learner chooses some.
  await insertSettingsIfAbsent(deps.db, viewer.id, row);
}

/** Applies a validated patch; an unknown time zone gives `400 fields.timezone`. Study days are kept sorted and unique. */
export async function updateSettings(
  deps: Deps,
  viewer: AuthUser,
  patch: LearnerSettingsPatch,
): Promise<LearnerSettings> {
  if (patch.timezone !== undefined && !isKnownTimezone(patch.timezone)) {
    throw invalidField('timezone', 'Unknown time zone; use an IANA name such as Asia/Shanghai.');
  }
  return deps.db.transaction().execute(async (trx) => {
    const current = await readSettings(trx, viewer.id);
    const next: LearnerSettings = {
      ...publicSettings(current),
      ...patch,
      study_days: patch.study_days ? [...new Set(patch.study_days)].sort((a, b) => a - b) : current.study_days,
    };
    await upsertSettings(trx, viewer.id, rowOf(next, deps.clock.nowIso()));
    return next;
  });
}
