// The one door to ts-fsrs: every schedule of a learner (reviews, implicit credit, retention, the
// workload forecast, plans) is made by a scheduler built here from that learner's settings, with the
// parameters the web's preview of the next intervals uses too (@arbor/contract/fsrs-settings).
import { fsrs, generatorParameters, type FSRS, type StepUnit } from 'ts-fsrs';
import { schedulerParameters, type SchedulerOptions, type SchedulerSettings } from '@arbor/contract';

export type { SchedulerOptions, SchedulerSettings };

/**
 * The FSRS scheduler of API.md "Recall" and "Memory on the tree" for a learner: ts-fsrs with short-term
 * steps on, the learner's retention, maximum interval, learning and relearning steps, and parameters.
 */
export function schedulerFor(settings: SchedulerSettings, options: SchedulerOptions = {}): FSRS {
  const parameters = schedulerParameters(settings, options);
  return fsrs(
    generatorParameters({
      ...parameters,
      learning_steps: parameters.learning_steps as StepUnit[],
      relearning_steps: parameters.relearning_steps as StepUnit[],
    }),
  );
}
