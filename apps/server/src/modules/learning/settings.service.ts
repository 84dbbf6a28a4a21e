import {
  DEFAULT_FSRS_FIGURES,
  DEFAULT_LEARNER_SETTINGS,
  type FsrsFigures,
  type LearnerSettings,
  type LearnerSettingsPatch,
} from '@arbor/contract';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { invalidField } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { isKnownTimezone } from '../../lib/time-zones.ts';
import type { SchedulerSettings } from './scheduler.ts';
import { findFsrsRow, findFsrsRows, type LearnerFsrsRow } from './fsrs.repository.ts';
import {
  findSettingsRow,
  findSettingsRows,
  hasSettings,
  type LearnerSettingsRow,
  insertSettingsIfAbsent,
  upsertSettings,
} from './settings.repository.ts';

/**
 * A learner's settings as the server uses them: what GET /api/learn/settings/ answers, plus what only
 * the scheduler reads. `parameters` is the learner's personal FSRS parameters (21 numbers) once the
 * optimiser adopted some, or null for ts-fsrs's defaults: every scheduling path takes them from here
 * through `schedulerFor`.
 */
export type StoredSettings = LearnerSettings & SchedulerSettings;

/** The personal parameters and the optimiser's last try as settings show them. */
function presentFsrs(row: LearnerFsrsRow | undefined): FsrsFigures {
  if (!row) return { ...DEFAULT_FSRS_FIGURES };
  const figure = (value: number | null) => (value === null ? null : Number(value));
  return {
    parameters: row.parameters === null ? null : (JSON.parse(row.parameters) as number[]),
    trained_on: row.trained_on,
    trained_at: row.trained_at,
    log_loss_before: figure(row.log_loss_before),
    log_loss_after: figure(row.log_loss_after),
    rmse_before: figure(row.rmse_before),
    rmse_after: figure(row.rmse_after),
  };
}

const defaultSettings = (fsrs: FsrsFigures = { ...DEFAULT_FSRS_FIGURES }): StoredSettings => ({
  ...DEFAULT_LEARNER_SETTINGS,
  study_days: [...DEFAULT_LEARNER_SETTINGS.study_days],
  easy_days: [...DEFAULT_LEARNER_SETTINGS.easy_days],
  learning_steps: [...DEFAULT_LEARNER_SETTINGS.learning_steps],
  relearning_steps: [...DEFAULT_LEARNER_SETTINGS.relearning_steps],
  fsrs,
  parameters: fsrs.parameters,
});

/** A learner's settings (API.md "Study plans and calendar", "Memory on the tree"): the defaults until they change one. */
export async function readSettings(db: Executor, userId: number): Promise<StoredSettings> {
  return settingsOf(await findSettingsRow(db, userId), await findFsrsRow(db, userId));
}

/** Several learners' settings in two queries (a group's dashboard reads every member's scheduler and time zone). */
export async function readSettingsOf(db: Executor, userIds: readonly number[]): Promise<Map<number, StoredSettings>> {
  const [rows, fsrsRows] = await Promise.all([findSettingsRows(db, userIds), findFsrsRows(db, userIds)]);
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  const fsrsByUser = new Map(fsrsRows.map((row) => [row.user_id, row]));
  return new Map(userIds.map((id) => [id, settingsOf(byUser.get(id), fsrsByUser.get(id))]));
}

function settingsOf(row: LearnerSettingsRow | undefined, fsrsRow: LearnerFsrsRow | undefined): StoredSettings {
  const fsrs = presentFsrs(fsrsRow);
  if (!row) return defaultSettings(fsrs);
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
    load_balance: Boolean(row.load_balance),
    easy_days: JSON.parse(row.easy_days) as number[],
    auto_optimize: Boolean(row.auto_optimize),
    fsrs,
    parameters: fsrs.parameters,
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
const rowOf = (settings: Omit<LearnerSettings, 'fsrs'>, now: string) => ({
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
  load_balance: settings.load_balance ? 1 : 0,
  easy_days: JSON.stringify(settings.easy_days),
  auto_optimize: settings.auto_optimize ? 1 : 0,
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

const sortedDays = (days: readonly number[]) => [...new Set(days)].sort((a, b) => a - b);

/** Applies a validated patch; an unknown time zone gives `400 fields.timezone`. Study and easy days are kept sorted and unique. */
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
      study_days: patch.study_days ? sortedDays(patch.study_days) : current.study_days,
      easy_days: patch.easy_days ? sortedDays(patch.easy_days) : current.easy_days,
    };
    await upsertSettings(trx, viewer.id, rowOf(next, deps.clock.nowIso()));
    return next;
  });
}
