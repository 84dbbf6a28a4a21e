/**
 * How a learner's settings become ts-fsrs's parameters: one function for the server's scheduler and
 * the web's preview of the next intervals, so the review buttons show what the server will schedule
 * (learning and relearning steps, maximum interval, personal parameters). Free of zod and of ts-fsrs
 * (`@arbor/contract/fsrs-settings`): the web's review chunk imports it without either.
 */

/** ts-fsrs 5's `default_learning_steps` and `default_relearning_steps` (what a learner has until they change them). */
export const DEFAULT_LEARNING_STEPS = ['1m', '10m'] as const;
export const DEFAULT_RELEARNING_STEPS = ['10m'] as const;
export const MAXIMUM_INTERVAL_MAX = 36_500;

/** What a learner's scheduler is made of (their settings, and their FSRS parameters when they have some). */
export interface SchedulerSettings {
  request_retention: number;
  maximum_interval: number;
  learning_steps: readonly string[];
  relearning_steps: readonly string[];
  /** the learner's 21 FSRS parameters; null: ts-fsrs's defaults */
  parameters: readonly number[] | null;
}

export const DEFAULT_SCHEDULER_SETTINGS: SchedulerSettings = {
  request_retention: 0.9,
  maximum_interval: MAXIMUM_INTERVAL_MAX,
  learning_steps: DEFAULT_LEARNING_STEPS,
  relearning_steps: DEFAULT_RELEARNING_STEPS,
  parameters: null,
};

export interface SchedulerOptions {
  /** ts-fsrs's interval fuzz (on for reviews, API.md "Recall"; off for implicit credit and forecasts) */
  fuzz?: boolean;
  /** a retention other than the learner's (the workload forecast of a candidate retention) */
  retention?: number;
}

/** ts-fsrs's `generatorParameters` input for a learner: short-term steps on, their settings and parameters. */
export function schedulerParameters(settings: SchedulerSettings, options: SchedulerOptions = {}) {
  return {
    enable_fuzz: options.fuzz ?? true,
    enable_short_term: true,
    request_retention: options.retention ?? settings.request_retention,
    maximum_interval: settings.maximum_interval,
    learning_steps: [...settings.learning_steps],
    relearning_steps: [...settings.relearning_steps],
    ...(settings.parameters ? { w: [...settings.parameters] } : {}),
  };
}
