// The FSRS optimiser over a learner's explicit review logs (API.md "Personal parameters"): review
// histories become the binding's FSRSItems, new parameters are trained on the earlier part of the
// history and both the current and the new ones are scored on the later part (a time-series split).
import type * as BindingModule from '@open-spaced-repetition/binding';
import type { FSRSBindingItem } from '@open-spaced-repetition/binding';
import { localDay } from './local-days.ts';

/** One explicit review as the optimiser reads it (ordered by card, then time). */
export interface OptimizerLog {
  card_id: number;
  rating: number;
  /** the card's state before the review: a `new` one starts a history (a reset card starts again) */
  state: string;
  reviewed_at: string;
}

export interface Evaluation {
  logLoss: number;
  rmse: number;
}

export interface OptimizerResult {
  /** the trained parameters (21 numbers) */
  parameters: number[];
  before: Evaluation;
  after: Evaluation;
  /** how many reviews the histories hold */
  trainedOn: number;
}

/** What share of the items, the latest ones, scores the parameters instead of training them. */
const TEST_SHARE = 0.2;
/** ts-fsrs's relearning steps by default: one (10 minutes). */
const RELEARNING_STEPS = 1;
const DAY_MS = 86_400_000;

type Binding = typeof BindingModule;

/**
 * The binding, loaded when the optimiser first runs: its native part is an optional dependency (a
 * prebuilt binary per platform), so a machine without one still starts and serves everything else.
 */
let binding: Promise<Binding> | null = null;
export function loadBinding(): Promise<Binding> {
  binding ??= import('@open-spaced-repetition/binding');
  return binding;
}

const dayNumber = (moment: string, timezone: string) => Date.parse(localDay(new Date(moment), timezone)) / DAY_MS;

/**
 * FSRSItems of every review but the first of each history, with `delta_t` in the learner's local days
 * (0 within a day: short-term reviews), each paired with the time of its last review. Items without
 * a review on a later day than the one before it teach the long-term model nothing and are left out.
 */
export function itemsOf(
  { FSRSBindingItem, FSRSBindingReview }: Binding,
  logs: readonly OptimizerLog[],
  timezone: string,
): { item: FSRSBindingItem; at: string }[] {
  const items: { item: FSRSBindingItem; at: string }[] = [];
  let history: InstanceType<Binding['FSRSBindingReview']>[] = [];
  let card: number | null = null;
  let previousDay = 0;
  let longTerm = false;
  for (const log of logs) {
    const day = dayNumber(log.reviewed_at, timezone);
    if (log.card_id !== card || log.state === 'new') {
      card = log.card_id;
      // A history starts at a review of a new card; reviews before any such one are skipped.
      history = log.state === 'new' ? [new FSRSBindingReview(log.rating, 0)] : [];
      previousDay = day;
      longTerm = false;
      continue;
    }
    if (history.length === 0) continue;
    const deltaT = Math.max(0, Math.round(day - previousDay));
    previousDay = day;
    longTerm ||= deltaT > 0;
    history = [...history, new FSRSBindingReview(log.rating, deltaT)];
    if (longTerm) items.push({ item: new FSRSBindingItem(history), at: log.reviewed_at });
  }
  return items;
}

const evaluation = (binding: Binding, parameters: number[] | null, items: FSRSBindingItem[]): Evaluation => {
  const result = new binding.FSRSBinding(parameters ?? undefined).evaluate(items);
  return { logLoss: result.logLoss, rmse: result.rmseBins };
};

/**
 * Trains parameters on the earlier 80 % of the items (by the time of their last review) and scores
 * `current` (null: the defaults) and the new ones on the long-term reviews of the latest 20 %; null
 * when there are too few items to split.
 */
export async function optimize(
  logs: readonly OptimizerLog[],
  timezone: string,
  current: number[] | null,
): Promise<OptimizerResult | null> {
  const lib = await loadBinding();
  const items = itemsOf(lib, logs, timezone).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const cut = Math.floor(items.length * (1 - TEST_SHARE));
  if (cut < 1 || cut >= items.length) return null;
  const train = items.slice(0, cut).map((entry) => entry.item);
  // Scored on reviews a day or more after the one before (the binding's evaluation takes no others).
  const test = items.slice(cut).flatMap(({ item }) => (item.current!.deltaT > 0 ? [item] : []));
  if (test.length === 0) return null;
  const parameters = await lib.computeParameters(train, {
    enableShortTerm: true,
    numRelearningSteps: RELEARNING_STEPS,
  });
  return {
    parameters,
    before: evaluation(lib, current, test),
    after: evaluation(lib, parameters, test),
    trainedOn: logs.length,
  };
}
