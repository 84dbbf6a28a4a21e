// Memory on the tree (API.md "Third wave"): how well the learner remembers each node now or at a
// later day, and how many reviews a retention would cost them.
import { MEMORY_AT_MAX_DAYS, type Memory, type MemoryQuery, type Workload, type WorkloadQuery } from '@arbor/contract';
import { computeDecayFactor, createEmptyCard, Rating, roundTo, type Card as FsrsCard, type FSRS } from 'ts-fsrs';
import type { Deps, LearnableDocument } from '../../deps.ts';
import { allInOrder } from '../../lib/all-in-order.ts';
import { invalidField } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { fsrsCardOf } from './card-reviews.service.ts';
import { countNew, findScheduledCards, type MemoryCardRow } from './cards.repository.ts';
import { countAtMost, readMemoryCards, type MemoryCardsByNode, type NodeCards } from './memory-cards.ts';
import { addDays, boundIndexOf, localDay, startOfLocalDay } from './local-days.ts';
import { schedulerFor } from './scheduler.ts';
import { readSettings } from './settings.service.ts';
import { resolveSubject, type ResolvedSubject } from './subjects.ts';
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

/**
 * Visits each node of a subject's document that has cards (in document order) with its memory read at
 * `asOf`: its retention, the mean retrievability of its reviewed cards (ts-fsrs's forgetting curve of the
 * whole days since each card's last review and its stability, as `get_retrievability` reads it, the
 * curve's decay and factor worked out once; null when none is reviewed), and its cards due then. Cards
 * on nodes no longer in the document are left out. Answers the subject's mean of the nodes' retention.
 */
function visitNodeMemories(
  scheduler: FSRS,
  graph: LearnableDocument['graph'],
  cards: MemoryCardsByNode,
  asOf: number,
  visit: (node: string, group: NodeCards, retention: number | null, due: number) => void,
): number | null {
  const { decay, factor } = computeDecayFactor(scheduler.parameters.w);
  let sum = 0;
  let counted = 0;
  for (const node of graph.order) {
    const group = cards.get(node);
    if (!group) continue;
    const { lastReviews, stabilities } = group;
    let retrievability = 0;
    for (let index = 0; index < lastReviews.length; index++) {
      const elapsed = Math.max(Math.floor((asOf - lastReviews[index]!) / DAY_MS), 0);
      retrievability += roundTo(Math.pow(1 + (factor * elapsed) / stabilities[index]!, decay), 8);
    }
    const retention = lastReviews.length === 0 ? null : retrievability / lastReviews.length;
    visit(node, group, retention, countAtMost(group.dueTimes, asOf));
    if (retention !== null) {
      sum += retention;
      counted += 1;
    }
  }
  return counted === 0 ? null : sum / counted;
}

/** The JSON text of a node's `NodeMemory` around its two values that depend on the moment read. */
interface NodeMemoryJson {
  /** `"<node>":{"retention":` */
  open: string;
  /** `,"cards":<n>,"due":` */
  middle: string;
  /** `,"stability_days":<x>,"last_review":<t>}` */
  close: string;
}

/** Made once per kept node's cards (a changed card makes new `NodeCards`, so these never go stale). */
const nodeMemoryJson = new WeakMap<NodeCards, NodeMemoryJson>();

function nodeMemoryJsonOf(node: string, group: NodeCards): NodeMemoryJson {
  let json = nodeMemoryJson.get(group);
  if (!json) {
    json = {
      open: `${JSON.stringify(node)}:{"retention":`,
      middle: `,"cards":${group.cards},"due":`,
      close: `,"stability_days":${JSON.stringify(group.stabilityMedian)},"last_review":${JSON.stringify(group.lastReview)}}`,
    };
    nodeMemoryJson.set(group, json);
  }
  return json;
}

/** The caller's retention of a subject now (the memory summary's), for `/learn`'s list. */
export async function subjectRetention(
  deps: Deps,
  scheduler: FSRS,
  resolved: ResolvedSubject,
  now: Date,
): Promise<number | null> {
  const cards = await readMemoryCards(deps, resolved.key);
  return visitNodeMemories(scheduler, resolved.graph, cards, now.getTime(), () => {});
}

/**
 * The caller's memory of a subject (a `Memory`, as JSON text): per node with cards (in the document), its
 * retention (mean retrievability of its reviewed cards), cards, due cards, median stability and last
 * review; with `at`, read at that day (the same time of day as now) assuming no review until then. The
 * answer for up to 5,000 nodes is written in one pass over the kept cards (`memory-cards.ts`), each node's
 * unchanging fields kept as text, rather than built as objects and serialised again on every read.
 */
export async function getMemory(deps: Deps, viewer: AuthUser, query: MemoryQuery): Promise<string> {
  const [resolved, settings] = await allInOrder([
    resolveSubject(deps, viewer, query),
    readSettings(deps.db, viewer.id),
  ]);
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
  const [cards, counts] = await Promise.all([
    readMemoryCards(deps, resolved.key),
    todayCounts(deps.db, viewer.id, settings, now),
  ]);
  const nodes: string[] = [];
  const atRisk: Array<{ node: string; retention: number }> = [];
  let dueNow = 0;
  const retention = visitNodeMemories(schedulerFor(settings), resolved.graph, cards, asOf, (node, group, r, due) => {
    const json = nodeMemoryJsonOf(node, group);
    nodes.push(`${json.open}${r === null ? 'null' : r}${json.middle}${due}${json.close}`);
    if (r !== null && r < settings.request_retention) atRisk.push({ node, retention: r });
    dueNow += asOf === now.getTime() ? due : countAtMost(group.dueTimes, now.getTime());
  });
  // The subject's share of what is left to review today, as `/learn` counts it (today-counts.ts).
  const admitted = await admittedNewBySubject(deps.db, viewer.id, counts.newLeft);
  const summary: Memory['summary'] = {
    retention,
    // Stable sort: ties stay in document order.
    at_risk: atRisk.sort((a, b) => a.retention - b.retention).map(({ node }) => node),
    due_today: dueNow + (admitted.get(`${resolved.key.kind}:${resolved.key.subjectId}`) ?? 0),
  };
  const head = JSON.stringify({ subject: resolved.subject, as_of: new Date(asOf).toISOString() });
  return `${head.slice(0, -1)},"nodes":{${nodes.join(',')}},"summary":${JSON.stringify(summary)}}`;
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
    const index = boundIndexOf(ends, card.due.getTime());
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
