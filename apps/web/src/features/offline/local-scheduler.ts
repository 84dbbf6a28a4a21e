// Offline grading: the card's next state as the server will compute it (apps/server/src/modules/
// learning/scheduler.ts): ts-fsrs with fuzz and short-term steps on, the learner's retention, maximum
// interval, learning and relearning steps and personal parameters. ts-fsrs seeds its fuzz from the
// review time and the card, so the same `reviewed_at` gives the same interval; the server's card still
// replaces this one when the grade is replayed (load balancing may move its due date).
import type { Card, LearnerSettings } from '@arbor/contract';
import { DEFAULT_SCHEDULER_SETTINGS, schedulerParameters, type SchedulerSettings } from '@arbor/contract/fsrs-settings';
import { fsrs, generatorParameters, State, type CardInput, type FSRS, type StepUnit } from 'ts-fsrs';

export type Grade = 1 | 2 | 3 | 4;

/** The settings a schedule depends on (a subset of GET /api/learn/settings/). */
export type OfflineSchedulerSettings = Pick<
  LearnerSettings,
  'request_retention' | 'maximum_interval' | 'learning_steps' | 'relearning_steps'
> & { fsrs?: { parameters: readonly number[] | null } | undefined };

const STATE_TYPES = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };
const STATE_NAMES: Record<State, Card['state']> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

/** A learner's scheduler settings as their settings answer them (ts-fsrs's defaults until it has come). */
export function schedulerSettingsOf(settings: OfflineSchedulerSettings | undefined): SchedulerSettings {
  if (!settings) return DEFAULT_SCHEDULER_SETTINGS;
  const { request_retention, maximum_interval, learning_steps, relearning_steps } = settings;
  return {
    request_retention,
    maximum_interval,
    learning_steps,
    relearning_steps,
    parameters: settings.fsrs?.parameters ?? null,
  };
}

const schedulers = new Map<string, FSRS>();

/** One scheduler per set of settings (they rarely change within a session), built as the server builds it. */
export function schedulerFor(settings: SchedulerSettings): FSRS {
  const key = JSON.stringify(settings);
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    const parameters = schedulerParameters(settings);
    scheduler = fsrs(
      generatorParameters({
        ...parameters,
        learning_steps: parameters.learning_steps as StepUnit[],
        relearning_steps: parameters.relearning_steps as StepUnit[],
      }),
    );
    schedulers.set(key, scheduler);
  }
  return scheduler;
}

/** The learner's scheduler, built as the server builds it. */
export const offlineScheduler = (settings: OfflineSchedulerSettings): FSRS =>
  schedulerFor(schedulerSettingsOf(settings));

/** The contract's card as ts-fsrs reads it. */
export function toFsrsCard(card: Card, now: Date): CardInput {
  const last = card.last_review ? new Date(card.last_review) : null;
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: last ? Math.max(0, Math.floor((now.getTime() - last.getTime()) / 86_400_000)) : 0,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_TYPES[card.state],
    last_review: card.last_review,
  };
}

/** The card after a grade at `reviewedAt`, as kept locally until the server's copy comes back. */
export function gradeOffline(scheduler: FSRS, card: Card, grade: Grade, reviewedAt: Date): Card {
  const next = scheduler.next(toFsrsCard(card, reviewedAt), reviewedAt, grade).card;
  return {
    ...card,
    state: STATE_NAMES[next.state],
    due: next.due.toISOString(),
    stability: next.stability,
    difficulty: next.difficulty,
    reps: next.reps,
    lapses: next.lapses,
    scheduled_days: next.scheduled_days,
    learning_steps: next.learning_steps,
    last_review: reviewedAt.toISOString(),
    updated_at: reviewedAt.toISOString(),
  };
}
