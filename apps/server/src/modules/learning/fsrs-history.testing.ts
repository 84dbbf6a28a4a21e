// A generated review history of a learner whose memory follows known FSRS parameters (the
// optimiser's test and bench): as in Arbor before personal parameters, each card is reviewed around
// the due date the default parameters give it, and whether it is recalled is drawn from the
// forgetting curve of the learner's own parameters.
import { createEmptyCard, fsrs, generatorParameters, Rating, type Grade } from 'ts-fsrs';
import type { OptimizerLog } from './fsrs-optimizer.ts';

/**
 * A memory much weaker than the defaults say: lower first stabilities (0.1, 0.5, 1 and 3 days) that
 * grow much less with each success (w8 0.5 instead of 1.87), so at the default schedule's due dates
 * this learner recalls about 78 % of cards, not the 90 % the defaults predict.
 */
export const WEAK_MEMORY = [
  0.1, 0.5, 1, 3, 6.4133, 0.8334, 3.0194, 0.001, 0.5, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729,
  0.5425, 0.0912, 0.0658, 0.1542,
];

/** A seeded pseudo-random source in [0, 1) (mulberry32): the same history every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const STATES = ['new', 'learning', 'review', 'relearning'] as const;

/**
 * `reviews` explicit reviews (at least one per card) of `cards` cards from `start` on, ordered by
 * card then time, with card ids 1… (callers map them onto real cards).
 */
export function generateHistory(options: {
  reviews: number;
  cards: number;
  start: Date;
  parameters?: number[];
  seed?: number;
}): OptimizerLog[] {
  const random = seeded(options.seed ?? 1);
  const truth = fsrs(
    generatorParameters({ w: options.parameters ?? WEAK_MEMORY, enable_fuzz: false, enable_short_term: true }),
  );
  const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: true }));
  const base = Math.floor(options.reviews / options.cards);
  const logs: OptimizerLog[] = [];
  for (let id = 1; id <= options.cards; id += 1) {
    // Cards are introduced over the first weeks, a few a day.
    let now = new Date(options.start.getTime() + Math.floor(random() * 60) * DAY_MS + random() * 3_600_000);
    // The learner's memory of the card, and the card as the scheduler sees it.
    let card = createEmptyCard(now);
    let scheduled = card;
    const reviews = Math.max(1, base + (id <= options.reviews % options.cards ? 1 : 0));
    for (let n = 0; n < reviews; n += 1) {
      let rating: Grade;
      if (card.reps === 0) rating = (1 + Math.floor(random() * 4)) as Grade;
      else {
        const recalled = random() < truth.get_retrievability(card, now, false);
        const draw = random();
        rating = !recalled ? Rating.Again : draw < 0.1 ? Rating.Hard : draw < 0.9 ? Rating.Good : Rating.Easy;
      }
      logs.push({ card_id: id, rating, state: STATES[scheduled.state]!, reviewed_at: now.toISOString() });
      card = truth.next(card, now, rating).card;
      scheduled = scheduler.next(scheduled, now, rating).card;
      // Reviewed at its due time, or up to a few days late (a learner is not always on time).
      const lateDays = scheduled.scheduled_days > 0 ? Math.floor(random() * 4) : 0;
      now = new Date(Math.max(scheduled.due.getTime(), now.getTime() + 60_000) + lateDays * DAY_MS);
    }
  }
  return logs;
}
