import {
  INTERVAL_BUCKETS,
  type IntervalRetention,
  type LearnStats,
  type LearnStatsQuery,
  type StatsDay,
} from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { addDays, boundIndexOf, localDay, startOfLocalDay } from './local-days.ts';
import { findExplicitLogsSince, type StatsLogRow } from './review-stats.repository.ts';
import { readSettings } from './settings.service.ts';
import { resolveSubject } from './subjects.ts';

const DEFAULT_DAYS = 30;
/** A rating of Hard or better is a recall (as `retention_30d` counts). */
const RECALLED_FROM = 2;

/**
 * The caller's review statistics over the last `days` local days (today included), of one subject
 * (which they must be able to read) or of all: reviews and time per day, retention by interval.
 */
export async function getLearnStats(deps: Deps, viewer: AuthUser, query: LearnStatsQuery): Promise<LearnStats> {
  const resolved =
    query.tree !== undefined || query.share !== undefined ? await resolveSubject(deps, viewer, query) : undefined;
  const settings = await readSettings(deps.db, viewer.id);
  const today = localDay(deps.clock.now(), settings.timezone);
  const count = query.days ?? DEFAULT_DAYS;
  const dates = Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
  const since = startOfLocalDay(dates[0]!, settings.timezone).toISOString();
  const logs = await findExplicitLogsSince(deps.db, viewer.id, since, resolved?.key);
  const days = perDay(logs, dates, settings.timezone);
  const byInterval = retentionByInterval(logs);
  const inReview = byInterval.reduce((sum, b) => sum + b.reviews, 0);
  const recalled = byInterval.reduce((sum, b) => sum + b.recalled, 0);
  return {
    subject: resolved?.subject ?? null,
    days,
    retention_by_interval: byInterval,
    totals: {
      reviews: logs.length,
      time_ms: days.reduce((sum, d) => sum + d.time_ms, 0),
      days_studied: days.filter((d) => d.reviews > 0).length,
      retention: inReview === 0 ? null : recalled / inReview,
    },
  };
}

/** Reviews, lapses and time on each local date (the logs fall on them by the start of the next date). */
function perDay(logs: readonly StatsLogRow[], dates: readonly string[], timezone: string): StatsDay[] {
  const ends = dates.map((date) => startOfLocalDay(addDays(date, 1), timezone).getTime());
  const days = dates.map((date) => ({ date, reviews: 0, again: 0, time_ms: 0 }));
  for (const log of logs) {
    const day = days[boundIndexOf(ends, Date.parse(log.reviewed_at))];
    // A review after the end of today (a client's clock up to 60 s ahead) is left out rather than misdated.
    if (!day) continue;
    day.reviews += 1;
    if (log.rating === 1) day.again += 1;
    day.time_ms += log.duration_ms ?? 0;
  }
  return days;
}

/** Of the reviews of cards in review state, how many were recalled, by days since the previous review. */
function retentionByInterval(logs: readonly StatsLogRow[]): IntervalRetention[] {
  const buckets = [...INTERVAL_BUCKETS, null].map((max, i) => ({
    min_days: i === 0 ? 0 : INTERVAL_BUCKETS[i - 1]! + 1,
    max_days: max,
    reviews: 0,
    recalled: 0,
    retention: null as number | null,
  }));
  for (const log of logs) {
    if (log.state !== 'review') continue;
    const index = INTERVAL_BUCKETS.findIndex((max) => log.elapsed_days <= max);
    const bucket = buckets[index === -1 ? buckets.length - 1 : index]!;
    bucket.reviews += 1;
    if (log.rating >= RECALLED_FROM) bucket.recalled += 1;
  }
  for (const bucket of buckets) bucket.retention = bucket.reviews === 0 ? null : bucket.recalled / bucket.reviews;
  return buckets;
}
