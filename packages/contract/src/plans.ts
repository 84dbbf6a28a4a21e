import { NodeId } from '@arbor/tree-core';
import { z } from 'zod';
import { DEFAULT_LEARNING_STEPS, DEFAULT_RELEARNING_STEPS, MAXIMUM_INTERVAL_MAX } from './fsrs-settings.ts';
import { exactlyOneSubject, oneSubjectIssue, Subject, subjectFields } from './learning.ts';

/** API.md "Study plans and calendar": a learner's settings, plans computed on read, and the ICS feed. */

export const STUDY_DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A (re)learning step: a whole number of minutes, hours or days, as ts-fsrs reads it ("1m", "10m", "1h", "1d"). */
export const STEP_PATTERN = /^[1-9]\d{0,5}[mhd]$/;
export const MAX_STEPS = 10;

const stepsOf = (name: 'learning_steps' | 'relearning_steps') =>
  z
    .array(z.string().regex(STEP_PATTERN, 'A step is a duration like 1m, 10m, 1h or 1d.'))
    .max(MAX_STEPS, 'At most 10 steps.')
    .describe(`${name}: 0–10 durations like "1m", "10m", "1h", "1d"`);

/** The learner's personal FSRS parameters and the optimiser's last try (read-only: no settings call writes them). */
export const FsrsFigures = z
  .object({
    parameters: z.array(z.number()).nullable().describe("21 numbers; null: ts-fsrs's defaults"),
    trained_on: z.number().int().describe('explicit reviews the last try was trained on'),
    trained_at: z.string().nullable(),
    log_loss_before: z.number().nullable(),
    log_loss_after: z.number().nullable(),
    rmse_before: z.number().nullable(),
    rmse_after: z.number().nullable(),
  })
  .meta({ id: 'FsrsFigures' });
export type FsrsFigures = z.infer<typeof FsrsFigures>;

export const DEFAULT_FSRS_FIGURES: FsrsFigures = {
  parameters: null,
  trained_on: 0,
  trained_at: null,
  log_loss_before: null,
  log_loss_after: null,
  rmse_before: null,
  rmse_after: null,
};

export const LearnerSettings = z
  .object({
    timezone: z.string().describe('IANA name'),
    request_retention: z.number().min(0.7).max(0.99),
    new_per_day: z.number().int().min(0).max(500),
    auto_cards: z.boolean(),
    weekly_minutes: z.number().int().min(0).max(10_080),
    study_days: z.array(z.number().int().min(0).max(6)).describe('0 = Monday'),
    maximum_interval: z.number().int().min(1).max(MAXIMUM_INTERVAL_MAX).describe('days'),
    learning_steps: z.array(z.string()),
    relearning_steps: z.array(z.string()),
    implicit_credit: z.boolean().describe('a Good or Easy review also refreshes the prerequisites’ due cards'),
    load_balance: z.boolean().describe('a review’s due day is the least loaded of its fuzz range'),
    easy_days: z.array(z.number().int().min(0).max(6)).describe('0 = Monday; days load balancing avoids'),
    auto_optimize: z.boolean().describe('re-optimise the FSRS parameters after every 500 new reviews, at most daily'),
    fsrs: FsrsFigures,
  })
  .meta({ id: 'LearnerSettings' });
export type LearnerSettings = z.infer<typeof LearnerSettings>;

export const DEFAULT_LEARNER_SETTINGS: LearnerSettings = {
  timezone: 'UTC',
  request_retention: 0.9,
  new_per_day: 20,
  auto_cards: true,
  weekly_minutes: 300,
  study_days: [0, 1, 2, 3, 4],
  maximum_interval: MAXIMUM_INTERVAL_MAX,
  learning_steps: [...DEFAULT_LEARNING_STEPS],
  relearning_steps: [...DEFAULT_RELEARNING_STEPS],
  implicit_credit: true,
  load_balance: true,
  easy_days: [],
  auto_optimize: true,
  fsrs: DEFAULT_FSRS_FIGURES,
};

export const OptimizeAnswer = z.object({ status: z.literal('queued') }).meta({ id: 'OptimizeAnswer' });
export type OptimizeAnswer = z.infer<typeof OptimizeAnswer>;

export const LearnerSettingsPatch = z
  .object({
    timezone: z.string().trim().min(1).max(64).optional(),
    request_retention: z
      .number()
      .min(0.7, 'request_retention is from 0.70 to 0.99.')
      .max(0.99, 'request_retention is from 0.70 to 0.99.')
      .optional(),
    new_per_day: z.number().int().min(0).max(500).optional(),
    auto_cards: z.boolean().optional(),
    weekly_minutes: z.number().int().min(0).max(10_080).optional(),
    study_days: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one study day.').max(7).optional(),
    maximum_interval: z
      .number()
      .int('maximum_interval is a whole number of days from 1 to 36,500.')
      .min(1, 'maximum_interval is a whole number of days from 1 to 36,500.')
      .max(MAXIMUM_INTERVAL_MAX, 'maximum_interval is a whole number of days from 1 to 36,500.')
      .optional(),
    learning_steps: stepsOf('learning_steps').optional(),
    relearning_steps: stepsOf('relearning_steps').optional(),
    implicit_credit: z.boolean().optional(),
    load_balance: z.boolean().optional(),
    easy_days: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    auto_optimize: z.boolean().optional(),
    // `fsrs` is not here: the optimiser alone writes it (a patch naming it is refused as unknown).
  })
  .strict();
export type LearnerSettingsPatch = z.infer<typeof LearnerSettingsPatch>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.');

export const PlanBody = z
  .object({
    ...subjectFields,
    target: NodeId.optional().describe('the whole tree when absent'),
    start_date: isoDate.optional().describe('today when absent'),
    active: z.boolean().optional(),
  })
  .refine(exactlyOneSubject, oneSubjectIssue);
export type PlanBody = z.infer<typeof PlanBody>;

export const PlanItem = z.object({ node_id: z.string(), title: z.string(), minutes: z.number().int() });
export type PlanItem = z.infer<typeof PlanItem>;

export const Plan = z
  .object({
    id: z.number().int(),
    subject: Subject,
    target: z.string().nullable(),
    start_date: z.string(),
    active: z.boolean(),
    finish_date: z.string().nullable(),
    remaining_minutes: z.number().int(),
    schedule: z.array(z.object({ date: z.string(), items: z.array(PlanItem) })),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

export const CalendarLink = z.object({ url: z.string() }).meta({ id: 'CalendarLink' });
export type CalendarLink = z.infer<typeof CalendarLink>;
