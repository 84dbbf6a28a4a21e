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
import { isKnownTimezone } from './local-days.ts';
import { findFsrsRow, type LearnerFsrsRow } from './fsrs.repository.ts';
import { findSettingsRow, hasSettings, insertSettingsIfAbsent, upsertSettings } from './settings.repository.ts';

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

/** A learner's settings (API.md "Study plans and calendar"): the defaults until they change one. */
export async function readSettings(db: Executor, userId: number): Promise<LearnerSettings> {
  const row = await findSettingsRow(db, userId);
  const fsrs = presentFsrs(await findFsrsRow(db, userId));
  if (!row) return { ...DEFAULT_LEARNER_SETTINGS, study_days: [...DEFAULT_LEARNER_SETTINGS.study_days], fsrs };
  return {
    timezone: row.timezone,
    request_retention: Number(row.request_retention),
    new_per_day: row.new_per_day,
    auto_cards: Boolean(row.auto_cards),
    weekly_minutes: row.weekly_minutes,
    study_days: JSON.parse(row.study_days) as number[],
    auto_optimize: Boolean(row.auto_optimize),
    fsrs,
  };
}

export const getSettings = (deps: Deps, viewer: AuthUser) => readSettings(deps.db, viewer.id);

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
  const defaults = DEFAULT_LEARNER_SETTINGS;
  await insertSettingsIfAbsent(deps.db, viewer.id, {
    timezone,
    request_retention: defaults.request_retention,
    new_per_day: defaults.new_per_day,
    auto_cards: defaults.auto_cards ? 1 : 0,
    weekly_minutes: defaults.weekly_minutes,
    study_days: JSON.stringify(defaults.study_days),
    updated_at: deps.clock.nowIso(),
  });
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
      ...current,
      ...patch,
      study_days: patch.study_days ? [...new Set(patch.study_days)].sort((a, b) => a - b) : current.study_days,
    };
    const row = {
      timezone: next.timezone,
      request_retention: next.request_retention,
      new_per_day: next.new_per_day,
      auto_cards: next.auto_cards ? 1 : 0,
      weekly_minutes: next.weekly_minutes,
      study_days: JSON.stringify(next.study_days),
      auto_optimize: next.auto_optimize ? 1 : 0,
      updated_at: deps.clock.nowIso(),
    };
    await upsertSettings(trx, viewer.id, row);
    return next;
  });
}
