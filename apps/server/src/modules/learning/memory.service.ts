// Memory on the tree (API.md "Third wave"): how well the learner remembers each node now or at a
// later day, and how many reviews a retention would cost them.
import {
  MEMORY_AT_MAX_DAYS,
  type Memory,
  type MemoryQuery,
  type NodeMemory,
  type Workload,
  type WorkloadQuery,
} from '@arbor/contract';
import { createEmptyCard, Rating, type Card as FsrsCard, type FSRS } from 'ts-fsrs';
import type { Deps } from '../../deps.ts';
import { invalidField } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { fsrsCardOf } from './card-reviews.service.ts';
import { countNew, findMemoryCards, findScheduledCards, type MemoryCardRow } from './cards.repository.ts';
import { addDays, localDay, startOfLocalDay } from './local-days.ts';
import { schedulerFor } from './scheduler.ts';
import { readSettings } from './settings.service.ts';
import { resolveSubject } from './subjects.ts';
import { admittedNewBySubject, todayCounts } from './today-counts.ts';

const DAY_MS = 86_400_000;
const DEFAULT_WORKLOAD_DAYS = 30;

/**
 * A card's retrievability at `at` as ts-fsrs's `get_retrievability` reads it: the forgetting curve of
 * the whole days since its last review and its stability; null for cards never reviewed.
 */
export function retrievabilityOf(scheduler: FSRS, card: MemoryCardRow, at: number): number | null {
  if (card.state === 'new' || card.last_review === null) return null;
  const elapsed = Math.max(Math.floor((at - Date.parse(card.last_review)) / DAY_MS), 0);
  return scheduler.forgetting_curve(elapsed, +Number(card.stability).toFixed(8));
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const middle = values.length >> 1;
  return values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
}

interface NodeTally {
  cards: number;
  due: number;
  retrievability: number;
  reviewed: number;
  stabilities: number[];
  last_review: string | null;
}

/**
 * The caller's memory of a subject: per node with cards (in the document), its retention (mean
 * retrievability of its reviewed cards), cards, due cards, median stability and last review; with
 * `at`, read at that day (the same time of day as now) assuming no review until then. One query
 * over the learner's cards of the subject.
 */
export async function getMemory(deps: Deps, viewer: AuthUser, query: MemoryQuery): Promise<Memory> {
  const resolved = await resolveSubject(deps, viewer, query);
  const settings = await readSettings(deps.db, viewer.id);
  const now = deps.clock.now();
  const today = localDay(now, settings.timezone);
  let asOf = now.getTime();
  if (query.at !== undefined) {
    const ahead = Math.round((Date.parse(`${query.at}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
    if (!(ahead >= 0 && ahead <= MEMORY_AT_MAX_DAYS)) {
      throw invalidField('at', 'at is a day from today to 365 days ahead.');
    }
    asOf += ahead * DAY_MS;
  }
  const asOfIso = new Date(asOf).toISOString();
  const [cards, today_] = await Promise.all([
    findMemoryCards(deps.db, resolved.key),
    todayCounts(deps.db, viewer.id, settings, now),
  ]);
  const scheduler = schedulerFor(settings);
  const tallies = new Map<string, NodeTally>();
  const nowIso = now.toISOString();
  let dueNow = 0;
  for (const card of cards) {
    if (!resolved.graph.indexOf.has(card.node_id)) continue;
    let tally = tallies.get(card.node_id);
    if (!tally) {
      tally = { cards: 0, due: 0, retrievability: 0, reviewed: 0, stabilities: [], last_review: null };
      tallies.set(card.node_id, tally);
    }
    tally.cards += 1;
    if (card.state === 'new') continue;
    if (card.due <= asOfIso) tally.due += 1;
    if (card.due <= nowIso) dueNow += 1;
    const r = retrievabilityOf(scheduler, card, asOf);
    if (r === null) continue;
    tally.retrievability += r;
    tally.reviewed += 1;
    tally.stabilities.push(Number(card.stability));
    if (tally.last_review === null || card.last_review! > tally.last_review) tally.last_review = card.last_review;
  }
  const nodes: Record<string, NodeMemory> = {};
  const retained: { node: string; retention: number }[] = [];
  for (const node of resolved.graph.order) {
    const tally = tallies.get(node);
    if (!tally) continue;
    const retention = tally.reviewed === 0 ? null : tally.retrievability / tally.reviewed;
    nodes[node] = {
      retention,
      cards: tally.cards,
      due: tally.due,
      stability_days: median(tally.stabilities),
      last_review: tally.last_review,
    };
    if (retention !== null) retained.push({ node, retention });
  }
  // The subject's share of what is left to review today, as `/learn` counts it (today-counts.ts).
  const admitted = await admittedNewBySubject(deps.db, viewer.id, today_.newLeft);
  return {
    subject: resolved.subject,
    as_of: asOfIso,
    nodes,
    summary: {
      retention: retained.length === 0 ? null : retained.reduce((sum, n) => sum + n.retention, 0) / retained.length,
      // Stable sort: ties stay in document order.
      at_risk: retained
        .filter((n) => n.retention < settings.request_retention)
        .sort((a, b) => a.retention - b.retention)
        .map((n) => n.node),
      due_today: dueNow + (admitted.get(`${resolved.key.kind}:${resolved.key.subjectId}`) ?? 0),
    },
  };
}

/** The index of the first bound after `time` (bounds ascending), or bounds.length. */
function dayIndexOf(bounds: readonly number[], time: number): number {
  let low = 0;
  let high = bounds.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (bounds[middle]! <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A forecast of the caller's reviews per local day if every review is rated Good with `retention`
 * (no fuzz), new cards introduced at `new_per_day` (today: what is left of today's). Each card is
 * reviewed when it is due (overdue cards now); learning steps due the same day are reviewed that day.
 */
export async function getWorkload(deps: Deps, viewer: AuthUser, query: WorkloadQuery): Promise<Workload> {
  const settings = await readSettings(deps.db, viewer.id);
  const retention = query.retention ?? settings.request_retention;
  const length = query.days ?? DEFAULT_WORKLOAD_DAYS;
  const now = deps.clock.now();
  const today = localDay(now, settings.timezone);
  const dates = Array.from({ length }, (_, index) => addDays(today, index));
  const ends = dates.map((date) => startOfLocalDay(addDays(date, 1), settings.timezone).getTime());
  const [scheduled, counts] = await Promise.all([
    findScheduledCards(deps.db, viewer.id),
    todayCounts(deps.db, viewer.id, settings, now),
  ]);
  const newQuota = (day: number) => (day === 0 ? counts.newLeft : settings.new_per_day);
  const totalQuota = counts.newLeft + settings.new_per_day * (length - 1);
  let newLeft = await countNew(deps.db, viewer.id, totalQuota);

  const scheduler = schedulerFor(settings, { fuzz: false, retention });
  const buckets: FsrsCard[][] = dates.map(() => []);
  const place = (card: FsrsCard) => {
    const index = dayIndexOf(ends, card.due.getTime());
    if (index < length) buckets[index]!.push(card);
  };
  for (const row of scheduled) place(fsrsCardOf(row));
  const days: Workload['days'] = [];
  let total = 0;
  for (let day = 0; day < length; day++) {
    const start = day === 0 ? now.getTime() : ends[day - 1]!;
    let reviews = 0;
    const introduced = Math.min(newLeft, newQuota(day));
    newLeft -= introduced;
    const queue = buckets[day]!;
    for (let n = 0; n < introduced; n++) {
      const at = new Date(start);
      queue.push(scheduler.next(createEmptyCard(at), at, Rating.Good).card);
    }
    // A review can bring its card back the same day (a learning step): it is reviewed again then.
    for (let i = 0; i < queue.length; i++) {
      const card = queue[i]!;
      const at = new Date(Math.max(card.due.getTime(), start));
      const next = scheduler.next(card, at, Rating.Good).card;
      reviews += 1;
      if (next.due.getTime() < ends[day]!) queue.push(next);
      else place(next);
    }
    buckets[day] = [];
    total += reviews;
    days.push({ date: dates[day]!, reviews, new: introduced });
  }
  return { retention, days, total_reviews: total };
}
