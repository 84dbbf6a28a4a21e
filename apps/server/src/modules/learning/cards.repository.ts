import { CARD_STATES, type CardKind, type CardSort, type CardState, type SubjectKind } from '@arbor/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import { inBatches } from '../../db/batches.ts';
import type { Dialect, Executor } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { containing, type SubjectKey } from './learning.repository.ts';

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
  kind: CardKind;
  /** a uuid shared by the cards made from one input; null for a lone card */
  sibling_group: string | null;
  cloze: number | null;
  /** an occlusion card's `{"masks", "index", "mode"}` (JSON) */
  occlusion: string | null;
  image_id: number | null;
  /** 1: kept out of every review queue (the card browser's suspend) */
  suspended: number;
}

/** The columns that say what a card is (the rest is its text and its schedule). */
export const KIND_COLUMNS = ['kind', 'sibling_group', 'cloze', 'occlusion', 'image_id'] as const;

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
  ...KIND_COLUMNS,
  'suspended',
] as const;

/** One subject of a learner's cards (the per-subject review sessions); absent: all of them. */
export interface CardScope {
  kind: SubjectKind;
  subjectId: number;
}

/**
 * Limits a statement on learning_cards to the cards a learner studies: theirs, not suspended, and of one
 * subject when a scope is given.
 */
const studiedBy =
  (userId: number, scope: CardScope | undefined) =>
  <O>(qb: SelectQueryBuilder<Database, 'learning_cards', O>) => {
    const own = qb.where('user_id', '=', userId).where('suspended', '=', 0);
    return scope ? own.where('subject_kind', '=', scope.kind).where('subject_id', '=', scope.subjectId) : own;
  };

/** Numbers come back as numbers on both dialects (PostgreSQL's `double precision` included). */
const asCard = (row: unknown) => row as CardRow;

export async function insertCard(db: Executor, row: Omit<CardRow, 'id'>): Promise<CardRow> {
  const inserted = await db.insertInto('learning_cards').values(row).returning('id').executeTakeFirstOrThrow();
  return { id: inserted.id, ...row };
}

/** Cards with 25 columns: 160 a statement keeps 4,000 parameters (`db/batches.ts`). */
const CARDS_PER_STATEMENT = 160;

/** Inserts many cards in multi-row statements. */
export async function insertCards(db: Executor, rows: readonly Omit<CardRow, 'id'>[]): Promise<void> {
  for (const batch of inBatches(rows, CARDS_PER_STATEMENT))
    await db.insertInto('learning_cards').values(batch).execute();
}

/** Inserts the cards of one input in one statement; answers them with their ids, in order. */
export async function insertCardsReturning(db: Executor, rows: readonly Omit<CardRow, 'id'>[]): Promise<CardRow[]> {
  const created: CardRow[] = [];
  for (const batch of inBatches(rows, CARDS_PER_STATEMENT)) {
    const ids = await db.insertInto('learning_cards').values(batch).returning('id').execute();
    // Both dialects answer RETURNING in the order of the VALUES; sorting the ids makes it explicit.
    const sorted = ids.map((row) => row.id).sort((a, b) => a - b);
    batch.forEach((row, index) => created.push({ id: sorted[index]!, ...row }));
  }
  return created;
}

/** The cards of some of a learner's sibling groups (ids only), to name each card's siblings. */
export async function findGroupMembers(db: Executor, userId: number, groups: readonly string[]) {
  const found: { id: number; sibling_group: string }[] = [];
  for (const batch of inBatches([...new Set(groups)])) {
    const rows = await db
      .selectFrom('learning_cards')
      .select(['id', 'sibling_group'])
      .where('sibling_group', 'in', batch)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    found.push(...(rows as { id: number; sibling_group: string }[]));
  }
  return found;
}

/** Every card of a learner's sibling group, oldest first. */
export async function findOwnGroup(db: Executor, userId: number, group: string): Promise<CardRow[]> {
  const rows = await db
    .selectFrom('learning_cards')
    .select(CARD_COLUMNS)
    .where('sibling_group', '=', group)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(asCard);
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
  /** lower-cased: a substring of the front or the back */
  needle?: string;
  kind?: CardKind;
  suspended?: boolean;
  /** not-new cards due before this instant */
  dueBefore?: string;
  lapsesMin?: number;
  sort?: CardSort;
}

const SORT_COLUMNS = { created: 'id', due: 'due', lapses: 'lapses', updated: 'updated_at' } as const;

/** A page of a learner's cards matching the filter (oldest first unless sorted), and how many match. */
export async function listCards(db: Executor, filter: CardFilter, offset: number, limit: number) {
  const pattern = filter.needle ? containing(filter.needle) : undefined;
  const base = db
    .selectFrom('learning_cards')
    .where('user_id', '=', filter.userId)
    .$if(filter.subject !== undefined, (q) =>
      q.where('subject_kind', '=', filter.subject!.kind).where('subject_id', '=', filter.subject!.subjectId),
    )
    .$if(filter.nodeId !== undefined, (q) => q.where('node_id', '=', filter.nodeId!))
    .$if(filter.state !== undefined, (q) => q.where('state', '=', filter.state!))
    .$if(filter.kind !== undefined, (q) => q.where('kind', '=', filter.kind!))
    .$if(filter.suspended !== undefined, (q) => q.where('suspended', '=', filter.suspended ? 1 : 0))
    .$if(filter.dueBefore !== undefined, (q) => q.where('state', '!=', 'new').where('due', '<', filter.dueBefore!))
    .$if(filter.lapsesMin !== undefined, (q) => q.where('lapses', '>=', filter.lapsesMin!))
    .$if(pattern !== undefined, (q) =>
      q.where(sql<boolean>`(lower(front) like ${pattern} escape '\\' or lower(back) like ${pattern} escape '\\')`),
    );
  const sort = filter.sort ?? 'created';
  const column = SORT_COLUMNS[sort.replace('-', '') as keyof typeof SORT_COLUMNS];
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base.select(CARD_COLUMNS).orderBy(column, direction).orderBy('id', direction).offset(offset).limit(limit).execute(),
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

export async function deleteCards(db: Executor, ids: readonly number[]): Promise<void> {
  for (const batch of inBatches([...ids])) await db.deleteFrom('learning_cards').where('id', 'in', batch).execute();
}

/** The images the cards of a subject use (before they are deleted with it). */
export async function findImageIdsOfSubject(db: Executor, kind: SubjectKind, subjectId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('learning_cards')
    .select('image_id')
    .distinct()
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('image_id', 'is not', null)
    .execute();
  return rows.map((row) => row.image_id!);
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
  id: number;
  node_id: string;
  state: CardState;
  due: string;
  stability: number;
  last_review: string | null;
}

/**
 * The version of a learner's cards of a subject: raised by triggers on every write of those cards
 * (migration 20261206_0001), null when none was ever written. A string: PostgreSQL's bigint.
 */
export async function findCardVersion(db: Executor, key: SubjectKey): Promise<string | null> {
  const row = await db
    .selectFrom('learning_card_versions')
    .select('version')
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId)
    .executeTakeFirst();
  return row ? String(row.version) : null;
}

const MEMORY_COLUMNS = ['id', 'node_id', 'state', 'due', 'stability', 'last_review'] as const;

export async function findMemoryCards(db: Executor, key: SubjectKey): Promise<MemoryCardRow[]> {
  const rows = await db
    .selectFrom('learning_cards')
    .select(MEMORY_COLUMNS)
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId)
    .execute();
  return rows as MemoryCardRow[];
}

/**
 * The cards that raised a subject's counter past `since` (up to `until`, as read), each as it is now
 * when it is still a card of that subject: `cards` holds those, `ids` every card that changed. Null when
 * the log no longer reaches back to `since` (its oldest versions are deleted as it grows).
 */
export async function findMemoryCardChanges(
  db: Executor,
  key: SubjectKey,
  since: number,
  until: number,
): Promise<{ ids: number[]; cards: MemoryCardRow[] } | null> {
  const changes = await db
    .selectFrom('learning_card_changes')
    .select(['version', 'card_id'])
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId)
    .where('version', '>', since)
    .where('version', '<=', until)
    .execute();
  if (changes.length !== until - since) return null;
  const ids = [...new Set(changes.map((change) => change.card_id))];
  const cards = await db
    .selectFrom('learning_cards')
    .select(MEMORY_COLUMNS)
    .where('id', 'in', ids)
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId)
    .execute();
  return { ids, cards: cards as MemoryCardRow[] };
}

/** Several learners' subjects of one kind (a group's members on a template or their forks of it). */
export interface LearnersSubjects {
  kind: SubjectKind;
  subjectIds: readonly number[];
  userIds: readonly number[];
}

/** The card versions of these learners on these subjects (no row: none of those cards was ever written). */
export async function findCardVersionsOf(
  db: Executor,
  of: LearnersSubjects,
): Promise<Array<{ user_id: number; subject_id: number; version: string }>> {
  const versions: Array<{ user_id: number; subject_id: number; version: string }> = [];
  for (const batch of inBatches(of.userIds)) {
    const rows = await db
      .selectFrom('learning_card_versions')
      .select(['user_id', 'subject_id', 'version'])
      .where('subject_kind', '=', of.kind)
      .where('subject_id', 'in', of.subjectIds)
      .where('user_id', 'in', batch)
      .execute();
    for (const row of rows)
      versions.push({ user_id: row.user_id, subject_id: row.subject_id, version: String(row.version) });
  }
  return versions;
}

/** `findMemoryCards` for several learners at once (the schedule only: never a card's front or back). */
export async function findMemoryCardsOf(
  db: Executor,
  of: LearnersSubjects,
): Promise<Array<MemoryCardRow & { user_id: number; subject_id: number }>> {
  const cards: Array<MemoryCardRow & { user_id: number; subject_id: number }> = [];
  for (const batch of inBatches(of.userIds)) {
    const rows = await db
      .selectFrom('learning_cards')
      .select(['user_id', 'subject_id', ...MEMORY_COLUMNS])
      .where('subject_kind', '=', of.kind)
      .where('subject_id', 'in', of.subjectIds)
      .where('user_id', 'in', batch)
      .execute();
    cards.push(...(rows as Array<MemoryCardRow & { user_id: number; subject_id: number }>));
  }
  return cards;
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
  scope?: CardScope,
): Promise<CardRow[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectFrom('learning_cards')
    .select(CARD_COLUMNS)
    .$call(studiedBy(userId, scope))
    .where('state', '=', state)
    .where('due', '<=', until)
    .orderBy('due')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(asCard);
}

/** A learner's new cards, oldest first (the new-card index). */
export async function findNew(db: Executor, userId: number, limit: number, scope?: CardScope): Promise<CardRow[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectFrom('learning_cards')
    .select(CARD_COLUMNS)
    .$call(studiedBy(userId, scope))
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
    .$call(studiedBy(userId, undefined))
    .where('state', '=', 'new')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * A learner's cards that are not new, not suspended, due after `after` and at or before `until`, soonest
 * first ("review ahead": a range of the queue index per state, merged).
 */
export async function findDueBetween(
  db: Executor,
  userId: number,
  after: string,
  until: string,
  limit: number,
  scope?: CardScope,
): Promise<CardRow[]> {
  const rows = await db
    .selectFrom('learning_cards')
    .select(CARD_COLUMNS)
    .$call(studiedBy(userId, scope))
    .where('state', 'in', ['learning', 'review', 'relearning'])
    .where('due', '>', after)
    .where('due', '<=', until)
    .orderBy('due')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(asCard);
}

/** A reviewed card's schedule as retrievability reads it (the at-risk session). */
export interface ReviewedCardRow extends MemoryCardRow {
  id: number;
}

/** A learner's reviewed cards that are not suspended (ids and what retrievability reads: no fronts nor backs). */
export async function findReviewedCards(db: Executor, userId: number, scope?: CardScope): Promise<ReviewedCardRow[]> {
  const rows = await db
    .selectFrom('learning_cards')
    .select(['id', 'node_id', 'state', 'due', 'stability', 'last_review'])
    .$call(studiedBy(userId, scope))
    .where('state', 'in', ['learning', 'review', 'relearning'])
    .where('last_review', 'is not', null)
    .execute();
  return rows as ReviewedCardRow[];
}

/** How many of a learner's cards in `states` are due at or before `until`. */
export async function countDue(
  db: Executor,
  userId: number,
  states: CardState[],
  until: string,
  scope?: CardScope,
): Promise<number> {
  const row = await db
    .selectFrom('learning_cards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .$call(studiedBy(userId, scope))
    .where('state', 'in', states)
    .where('due', '<=', until)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many new cards a learner has, counting no further than `cap`. */
export async function countNew(db: Executor, userId: number, cap: number, scope?: CardScope): Promise<number> {
  if (cap <= 0) return 0;
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('learning_cards')
        .select('id')
        .$call(studiedBy(userId, scope))
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
        .where('suspended', '=', 0)
        .where('state', 'in', ['learning', 'review', 'relearning'])
        .$if(index > 0, (q) => q.where('due', '>=', bounds[index - 1]!))
        .where('due', '<', bound)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }),
  );
}

/**
 * How many of a learner's not-new cards fall due in each range `[bounds[i], bounds[i + 1])`: one statement
 * over one range of the queue index, counted by the database (a fuzz range of a long interval holds
 * thousands of due cards, none of which needs to leave it).
 */
export async function countDueInRanges(db: Executor, userId: number, bounds: readonly string[]): Promise<number[]> {
  if (bounds.length < 2) return [];
  const row = await db
    .selectFrom('learning_cards')
    .select((eb) =>
      bounds.slice(0, -1).map((from, index) =>
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.and([eb('due', '>=', from), eb('due', '<', bounds[index + 1]!)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as(`range_${index}`),
      ),
    )
    .where('user_id', '=', userId)
    .where('suspended', '=', 0)
    .where('state', 'in', ['learning', 'review', 'relearning'])
    .where('due', '>=', bounds[0]!)
    .where('due', '<', bounds.at(-1)!)
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, number | string | null>;
  return bounds.slice(0, -1).map((_, index) => Number(counts[`range_${index}`] ?? 0));
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

/** What the tutor reads of a learner's cards: their text, lapses and what their retrievability needs. */
export interface GroundingCardRow extends MemoryCardRow {
  front: string;
  back: string;
  lapses: number;
}

/** A learner's cards of one subject on `nodeIds` (every node of the subject when null). */
export async function findCardsOnNodes(
  db: Executor,
  key: SubjectKey,
  nodeIds: readonly string[] | null,
): Promise<GroundingCardRow[]> {
  const query = db
    .selectFrom('learning_cards')
    .select(['node_id', 'front', 'back', 'lapses', 'state', 'due', 'stability', 'last_review'])
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId);
  if (nodeIds === null) return (await query.execute()) as GroundingCardRow[];
  const rows: GroundingCardRow[] = [];
  for (const batch of inBatches(nodeIds)) {
    rows.push(...((await query.where('node_id', 'in', batch).execute()) as GroundingCardRow[]));
  }
  return rows;
}

// ── the card browser ─────────────────────────────────────────────────────────

/** Those of `ids` that are the learner's own cards (others' are as good as absent). */
export async function findOwnCards(db: Executor, userId: number, ids: readonly number[]): Promise<CardRow[]> {
  const found: CardRow[] = [];
  for (const batch of inBatches([...ids])) {
    const rows = await db
      .selectFrom('learning_cards')
      .select(CARD_COLUMNS)
      .where('user_id', '=', userId)
      .where('id', 'in', batch)
      .execute();
    found.push(...rows.map(asCard));
  }
  return found;
}

/** Sets the same columns on many cards (suspend, reset, move). */
export async function updateCards(
  db: Executor,
  ids: readonly number[],
  changes: Partial<Schedule> & { suspended?: number; node_id?: string; updated_at: string },
): Promise<void> {
  for (const batch of inBatches([...ids]))
    await db.updateTable('learning_cards').set(changes).where('id', 'in', batch).execute();
}
