import { CARD_STATES, type CardState, type SubjectKind } from '@arbor/contract';
import { inBatches } from '../../db/batches.ts';
import type { Dialect, Executor } from '../../db/connection.ts';
import type { SubjectKey } from './learning.repository.ts';

/** A card row as the service reads it (every column). */
export interface CardRow {
  id: number;
  user_id: number;
  subject_kind: SubjectKind;
  subject_id: number;
  node_id: string;
  front: string;
  back: string;
  state: CardState;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  last_review: string | null;
  created_at: string;
  updated_at: string;
}

/** The scheduling columns of a card: what a review writes and undo restores. */
export type Schedule = Pick<
  CardRow,
  | 'state'
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsed_days'
  | 'scheduled_days'
  | 'learning_steps'
  | 'reps'
  | 'lapses'
  | 'last_review'
>;

export const SCHEDULE_COLUMNS = [
  'state',
  'due',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'reps',
  'lapses',
  'last_review',
] as const;

const CARD_COLUMNS = [
  'id',
  'user_id',
  'subject_kind',
  'subject_id',
  'node_id',
  'front',
  'back',
  ...SCHEDULE_COLUMNS,
  'created_at',
  'updated_at',
] as const;

/** Numbers come back as numbers on both dialects (PostgreSQL's `double precision` included). */
const asCard = (row: unknown) => row as CardRow;

export async function insertCard(db: Executor, row: Omit<CardRow, 'id'>): Promise<CardRow> {
  const inserted = await db.insertInto('learning_cards').values(row).returning('id').executeTakeFirstOrThrow();
  return { id: inserted.id, ...row };
}

/** Cards with 20 columns: 200 a statement keeps 4,000 parameters (`db/batches.ts`). */
const CARDS_PER_STATEMENT = 200;

/** Inserts many cards in multi-row statements. */
export async function insertCards(db: Executor, rows: readonly Omit<CardRow, 'id'>[]): Promise<void> {
  for (const batch of inBatches(rows, CARDS_PER_STATEMENT))
    await db.insertInto('learning_cards').values(batch).execute();
}

/** One of a learner's own cards, or undefined (another learner's card is as good as absent). */
export async function findOwnCard(db: Executor, userId: number, id: number): Promise<CardRow | undefined> {
  const row = await db
    .selectFrom('learning_cards')
    .select(CARD_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && asCard(row);
}

/**
 * One of a learner's own cards, locked until the transaction ends (`SELECT … FOR UPDATE` on
 * PostgreSQL, so concurrent reviews of one card run one after the other; SQLite has one writer).
 */
export async function findOwnCardForUpdate(
  db: Executor,
  dialect: Dialect,
  userId: number,
  id: number,
): Promise<CardRow | undefined> {
  const row = await db
    .selectFrom('learning_cards')
    .select(CARD_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  return row && asCard(row);
}

export interface CardFilter {
  userId: number;
  subject?: SubjectKey;
  nodeId?: string;
  state?: CardState;
}

/** A page of a learner's cards matching the filter, oldest first, and how many match. */
export async function listCards(db: Executor, filter: CardFilter, offset: number, limit: number) {
  const base = db
    .selectFrom('learning_cards')
    .where('user_id', '=', filter.userId)
    .$if(filter.subject !== undefined, (q) =>
      q.where('subject_kind', '=', filter.subject!.kind).where('subject_id', '=', filter.subject!.subjectId),
    )
    .$if(filter.nodeId !== undefined, (q) => q.where('node_id', '=', filter.nodeId!))
    .$if(filter.state !== undefined, (q) => q.where('state', '=', filter.state!));
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base.select(CARD_COLUMNS).orderBy('id').offset(offset).limit(limit).execute(),
  ]);
  return { count: Number(count), rows: rows.map(asCard) };
}

export async function updateCardText(
  db: Executor,
  id: number,
  patch: { front?: string; back?: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('learning_cards')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function writeSchedule(db: Executor, id: number, schedule: Schedule, now: string): Promise<void> {
  await db
    .updateTable('learning_cards')
    .set({ ...schedule, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteCard(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('learning_cards').where('id', '=', id).execute();
}

/** Which of `nodeIds` already have a card of the learner in the subject. */
export async function nodesWithCards(db: Executor, key: SubjectKey, nodeIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const batch of inBatches(nodeIds)) {
    const rows = await db
      .selectFrom('learning_cards')
      .select('node_id')
      .where('user_id', '=', key.userId)
      .where('subject_kind', '=', key.kind)
      .where('subject_id', '=', key.subjectId)
      .where('node_id', 'in', batch)
      .execute();
    for (const row of rows) found.add(row.node_id);
  }
  return found;
}

// ── review logs ──────────────────────────────────────────────────────────────

export interface ReviewLogRow {
  id: number;
  card_id: number;
  user_id: number;
  review_id: string;
  rating: number;
  state: CardState;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  last_elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reviewed_at: string;
  duration_ms: number | null;
  card_before: string;
  answer: string;
  kind: 'explicit' | 'implicit';
  source_card_id: number | null;
  source_log_id: number | null;
}

export async function findLogByReviewId(
  db: Executor,
  userId: number,
  reviewId: string,
): Promise<Pick<ReviewLogRow, 'id' | 'card_id' | 'answer'> | undefined> {
  return db
    .selectFrom('learning_review_logs')
    .select(['id', 'card_id', 'answer'])
    .where('user_id', '=', userId)
    .where('review_id', '=', reviewId)
    .executeTakeFirst();
}

export async function insertLog(db: Executor, row: Omit<ReviewLogRow, 'id'>): Promise<number> {
  const inserted = await db.insertInto('learning_review_logs').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function setLogAnswer(db: Executor, id: number, answer: string): Promise<void> {
  await db.updateTable('learning_review_logs').set({ answer }).where('id', '=', id).execute();
}

/** The latest review of a card of `kind` (undo takes back the latest explicit one), or of any kind. */
export async function findLastLog(
  db: Executor,
  cardId: number,
  kind?: ReviewLogRow['kind'],
): Promise<Pick<ReviewLogRow, 'id' | 'reviewed_at' | 'card_before'> | undefined> {
  return db
    .selectFrom('learning_review_logs')
    .select(['id', 'reviewed_at', 'card_before'])
    .where('card_id', '=', cardId)
    .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function deleteLog(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('learning_review_logs').where('id', '=', id).execute();
}

/** Deletes a card's logs written after `afterId` (implicit credits an undone review's schedule drops). */
export async function deleteLogsAfter(db: Executor, cardId: number, afterId: number): Promise<void> {
  await db.deleteFrom('learning_review_logs').where('card_id', '=', cardId).where('id', '>', afterId).execute();
}

/** The implicit reviews one review gave (what undoing it takes back). */
export async function findImplicitLogsOf(
  db: Executor,
  sourceLogId: number,
): Promise<Pick<ReviewLogRow, 'id' | 'card_id' | 'card_before'>[]> {
  return db
    .selectFrom('learning_review_logs')
    .select(['id', 'card_id', 'card_before'])
    .where('source_log_id', '=', sourceLogId)
    .orderBy('id')
    .execute();
}

/**
 * A learner's cards of one subject in `review` state on `nodeIds`, due at or before `until` (implicit
 * credit's candidates), locked until the transaction ends on PostgreSQL.
 */
export async function findCreditableCards(
  db: Executor,
  dialect: Dialect,
  key: SubjectKey,
  nodeIds: readonly string[],
  until: string,
): Promise<CardRow[]> {
  const found: CardRow[] = [];
  for (const batch of inBatches([...nodeIds])) {
    const rows = await db
      .selectFrom('learning_cards')
      .select(CARD_COLUMNS)
      .where('user_id', '=', key.userId)
      .where('subject_kind', '=', key.kind)
      .where('subject_id', '=', key.subjectId)
      .where('node_id', 'in', batch)
      .where('state', '=', 'review')
      .where('due', '<=', until)
      .orderBy('id')
      .$if(dialect === 'postgres', (query) => query.forUpdate())
      .execute();
    found.push(...rows.map(asCard));
  }
  return found;
}

/** What retention reads of a learner's cards in one subject: one range of the subject index. */
export interface MemoryCardRow {
  node_id: string;
  state: CardState;
  due: string;
  stability: number;
  last_review: string | null;
}

export async function findMemoryCards(db: Executor, key: SubjectKey): Promise<MemoryCardRow[]> {
  const rows = await db
    .selectFrom('learning_cards')
    .select(['node_id', 'state', 'due', 'stability', 'last_review'])
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId)
    .execute();
  return rows as MemoryCardRow[];
}

/** Every not-new card of a learner (the workload forecast's starting point). */
export async function findScheduledCards(db: Executor, userId: number): Promise<Schedule[]> {
  const rows = await db
    .selectFrom('learning_cards')
    .select(SCHEDULE_COLUMNS)
    .where('user_id', '=', userId)
    .where('state', 'in', ['learning', 'review', 'relearning'])
    .execute();
  return rows as Schedule[];
}

/** Takes one review off a learner's local day (never below zero). */
export async function uncountCardReview(db: Executor, userId: number, day: string): Promise<void> {
  await db
    .updateTable('learning_activity_days')
    .set((eb) => ({ reviews: eb('reviews', '-', 1) }))
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('reviews', '>', 0)
    .execute();
}

// ── queue and stats ──────────────────────────────────────────────────────────

/** A learner's cards in `state` due at or before `until`, by due (the queue index). */
export async function findDue(
  db: Executor,
  userId: number,
  state: CardState,
  until: string,
  limit: number,
): Promise<CardRow[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectFrom('learning_cards')
    .select(CARD_COLUMNS)
    .where('user_id', '=', userId)
    .where('state', '=', state)
    .where('due', '<=', until)
    .orderBy('due')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(asCard);
}

/** A learner's new cards, oldest first (the new-card index). */
export async function findNew(db: Executor, userId: number, limit: number): Promise<CardRow[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectFrom('learning_cards')
    .select(CARD_COLUMNS)
    .where('user_id', '=', userId)
    .where('state', '=', 'new')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(asCard);
}

/** The subjects of the first `limit` new cards of a learner, in the order the review queue takes them. */
export async function findNewSubjects(db: Executor, userId: number, limit: number) {
  if (limit <= 0) return [];
  return db
    .selectFrom('learning_cards')
    .select(['subject_kind', 'subject_id'])
    .where('user_id', '=', userId)
    .where('state', '=', 'new')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** How many of a learner's cards in `states` are due at or before `until`. */
export async function countDue(db: Executor, userId: number, states: CardState[], until: string): Promise<number> {
  const row = await db
    .selectFrom('learning_cards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('state', 'in', states)
    .where('due', '<=', until)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many new cards a learner has, counting no further than `cap`. */
export async function countNew(db: Executor, userId: number, cap: number): Promise<number> {
  if (cap <= 0) return 0;
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('learning_cards')
        .select('id')
        .where('user_id', '=', userId)
        .where('state', '=', 'new')
        .limit(cap)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Reviews of a learner from `since` (inclusive), and how many of them introduced a new card. */
export async function countCardReviewsSince(db: Executor, userId: number, since: string) {
  const row = await db
    .selectFrom('learning_review_logs')
    .select((eb) => [
      eb.fn.countAll<number>().as('reviews'),
      eb.fn.sum<number>(eb.case().when('state', '=', 'new').then(1).else(0).end()).as('introduced'),
    ])
    .where('user_id', '=', userId)
    .where('reviewed_at', '>=', since)
    .where('kind', '=', 'explicit')
    .executeTakeFirstOrThrow();
  return { reviews: Number(row.reviews), introduced: Number(row.introduced ?? 0) };
}

/** Of a learner's reviews from `since` of cards in review state, how many and how many recalled (rating ≥ 2). */
export async function countRecalls(db: Executor, userId: number, since: string) {
  const row = await db
    .selectFrom('learning_review_logs')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('rating', '>=', 2).then(1).else(0).end()).as('recalled'),
    ])
    .where('user_id', '=', userId)
    .where('reviewed_at', '>=', since)
    .where('kind', '=', 'explicit')
    .where('state', '=', 'review')
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), recalled: Number(row.recalled ?? 0) };
}

/**
 * For each bound (ascending), how many non-new cards are due before it and at or after the previous
 * one (the first counts everything before it). One range count of the queue index per bucket: each
 * reads only its own stretch of the index, and none evaluates an expression per row.
 */
export async function countDueBetween(db: Executor, userId: number, bounds: string[]): Promise<number[]> {
  return Promise.all(
    bounds.map(async (bound, index) => {
      const row = await db
        .selectFrom('learning_cards')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('state', 'in', ['learning', 'review', 'relearning'])
        .$if(index > 0, (q) => q.where('due', '>=', bounds[index - 1]!))
        .where('due', '<', bound)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }),
  );
}

/** A learner's cards by state: one range count of the queue index per state. */
export async function countByState(db: Executor, userId: number): Promise<Record<CardState, number>> {
  const counts = await Promise.all(
    CARD_STATES.map(async (state) => {
      const row = await db
        .selectFrom('learning_cards')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('state', '=', state)
        .executeTakeFirstOrThrow();
      return [state, Number(row.count)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<CardState, number>;
}

/** Cards of a learner's subject that are due now (non-new, due at or before `now`). */
export async function countDueInSubject(db: Executor, key: SubjectKey, now: string): Promise<number> {
  const row = await db
    .selectFrom('learning_cards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId)
    .where('state', 'in', ['learning', 'review', 'relearning'])
    .where('due', '<=', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
