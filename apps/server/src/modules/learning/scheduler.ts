// The one door to ts-fsrs: every schedule of a learner (reviews, implicit credit, retention, the
// workload forecast, plans) is made by a scheduler built here from that learner's settings.
import { fsrs, generatorParameters, type FSRS, type StepUnit } from 'ts-fsrs';
import type { LearnerSettings } from '@arbor/contract';

/** What a learner's scheduler is made of (their settings, and their FSRS parameters when they have some). */
export type SchedulerSettings = Pick<
  LearnerSettings,
  'request_retention' | 'maximum_interval' | 'learning_steps' | 'relearning_steps'
> & {
  /** the learner's 21 FSRS parameters; null: ts-fsrs's defaults */
  parameters: readonly number[] | null;
};

export interface SchedulerOptions {
  /** ts-fsrs's interval fuzz (on for reviews, API.md "Recall"; off for implicit credit and forecasts) */
  fuzz?: boolean;
  /** a retention other than the learner's (the workload forecast of a candidate retention) */
  retention?: number;
}

/**
 * The FSRS scheduler of API.md "Recall" and "Memory on the tree" for a learner: ts-fsrs with short-term
 * steps on, the learner's retention, maximum interval, learning and relearning steps, and parameters.
 */
export function schedulerFor(settings: SchedulerSettings, options: SchedulerOptions = {}): FSRS {
  return fsrs(
    generatorParameters({
      enable_fuzz: options.fuzz ?? true,
      enable_short_term: true,
      request_retention: options.retention ?? settings.request_retention,
      maximum_interval: settings.maximum_interval,
      learning_steps: settings.learning_steps as StepUnit[],
      relearning_steps: settings.relearning_steps as StepUnit[],
      ...(settings.parameters ? { w: settings.parameters } : {}),
    }),
  );
}
