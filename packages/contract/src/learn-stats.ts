import { z } from 'zod';
import { atMostOneSubject, atMostOneSubjectIssue, Subject, subjectFields } from './learning.ts';

/**
 * Review statistics (issue #31: reviews per day over time, retention by interval, time spent):
 * `GET /api/learn/stats/`, private to the learner. Only explicit reviews count; implicit credit is
 * not a review (API.md "Memory on the tree").
 */

export const STATS_DAYS_MAX = 365;

/** The upper bounds (days since the card's previous review) of the retention-by-interval buckets. */
export const INTERVAL_BUCKETS = [1, 3, 7, 14, 30, 90, 180] as const;

export const LearnStatsQuery = z
  .object({
    ...subjectFields,
    days: z
      .string()
      .regex(/^\d+$/, 'days is a whole number from 1 to 365.')
      .transform(Number)
      .refine((n) => n >= 1 && n <= STATS_DAYS_MAX, 'days is a whole number from 1 to 365.')
      .optional()
      .describe('1–365 (30): how many local days, ending today'),
  })
  .refine(atMostOneSubject, atMostOneSubjectIssue);
export type LearnStatsQuery = z.infer<typeof LearnStatsQuery>;

export const StatsDay = z.object({
  date: z.string().describe('YYYY-MM-DD in the learner’s time zone'),
  reviews: z.number().int(),
  again: z.number().int().describe('of them rated Again'),
  time_ms: z.number().int().describe('time spent on them (reviews sent with duration_ms)'),
});
export type StatsDay = z.infer<typeof StatsDay>;

export const IntervalRetention = z.object({
  min_days: z.number().int(),
  max_days: z.number().int().nullable().describe('null: no upper bound'),
  reviews: z.number().int().describe('reviews of cards in review state whose last review was this many days before'),
  recalled: z.number().int().describe('of them rated Hard, Good or Easy'),
  retention: z.number().nullable().describe('recalled / reviews; null with none'),
});
export type IntervalRetention = z.infer<typeof IntervalRetention>;

export const LearnStats = z
  .object({
    subject: Subject.nullable().describe('the subject asked for; null: every subject'),
    days: z.array(StatsDay).describe('one entry per local day, oldest first, ending today'),
    retention_by_interval: z.array(IntervalRetention),
    totals: z.object({
      reviews: z.number().int(),
      time_ms: z.number().int(),
      days_studied: z.number().int(),
      retention: z.number().nullable().describe('share of the period’s reviews of cards in review state recalled'),
    }),
  })
  .meta({ id: 'LearnStats' });
export type LearnStats = z.infer<typeof LearnStats>;
