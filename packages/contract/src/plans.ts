import { NodeId } from '@arbor/tree-core';
import { z } from 'zod';
import { exactlyOneSubject, oneSubjectIssue, Subject, subjectFields } from './learning.ts';

/** API.md "Study plans and calendar": a learner's settings, plans computed on read, and the ICS feed. */

export const STUDY_DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A (re)learning step: a whole number of minutes, hours or days, as ts-fsrs reads it ("1m", "10m", "1h", "1d"). */
export const STEP_PATTERN = /^[1-9]\d{0,5}[mhd]$/;
export const MAX_STEPS = 10;
export const MAXIMUM_INTERVAL_MAX = 36_500;
/** ts-fsrs 5's `default_learning_steps` and `default_relearning_steps` (what a learner has until they change them). */
export const DEFAULT_LEARNING_STEPS = ['1m', '10m'] as const;
export const DEFAULT_RELEARNING_STEPS = ['10m'] as const;

const stepsOf = (name: 'learning_steps' | 'relearning_steps') =>
  z
    .array(z.string().regex(STEP_PATTERN, 'A step is a duration like 1m, 10m, 1h or 1d.'))
    .max(MAX_STEPS, 'At most 10 steps.')
    .describe(`${name}: 0–10 durations like "1m", "10m", "1h", "1d"`);

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
};

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
