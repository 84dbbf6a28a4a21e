import type { Card, CardCreateBody, CardsQuery, Subject, SubjectKind } from '@arbor/contract';
import { createEmptyCard } from 'ts-fsrs';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findOwnCardImages } from './card-images.repository.ts';
import { cardImageUrl } from './card-images.service.ts';
import { findGroupMembers, findOwnCard, insertCard, listCards, type CardRow } from './cards.repository.ts';
import { NO_CARD_CONTEXT, presentCard, type CardContext } from './cards.presenter.ts';
import { touchSubject } from './learning.repository.ts';
import { addDays, localDay, startOfLocalDay } from './local-days.ts';
import { readSettings } from './settings.service.ts';
import { readSubjectById, resolveSubject, type ResolvedSubject } from './subjects.ts';

const subjectKeyOf = (row: { subject_kind: SubjectKind; subject_id: number }) =>
  `${row.subject_kind}:${row.subject_id}`;

/**
 * The subjects of some cards, each read once. A subject the caller can no longer read (a tree made
 * private by its owner) still shows its cards, under its kind with an empty uuid and title.
 */
export async function subjectsOfCards(
  deps: Deps,
  viewer: AuthUser,
  rows: readonly CardRow[],
  known?: ResolvedSubject,
): Promise<Map<string, Subject>> {
  const subjects = new Map<string, Subject>();
  if (known) subjects.set(`${known.key.kind}:${known.key.subjectId}`, known.subject);
  for (const row of rows) {
    const key = subjectKeyOf(row);
    if (subjects.has(key)) continue;
    const subject = await readSubjectById(deps, viewer, row.subject_kind, row.subject_id);
    subjects.set(key, subject ?? { kind: row.subject_kind, uuid: '', title: '' });
  }
  return subjects;
}

/** The siblings and images some cards of `userId` show: one query each, none when no card needs it. */
export async function contextOfCards(
  deps: Pick<Deps, 'config'>,
  db: Executor,
  userId: number,
  rows: readonly CardRow[],
): Promise<CardContext> {
  const groupIds = rows.flatMap((row) => (row.sibling_group === null ? [] : [row.sibling_group]));
  const imageIds = rows.flatMap((row) => (row.image_id === null ? [] : [row.image_id]));
  const [members, images] = await Promise.all([
    groupIds.length ? findGroupMembers(db, userId, groupIds) : [],
    imageIds.length ? findOwnCardImages(db, userId, imageIds) : [],
  ]);
  const groups = new Map<string, number[]>();
  for (const member of members)
    groups.set(member.sibling_group, [...(groups.get(member.sibling_group) ?? []), member.id]);
  const baseUrl = deps.config.publicBaseUrl;
  return {
    groups,
    images: new Map(
      images.map((image) => [
        image.id,
        { url: cardImageUrl(baseUrl, image), width: image.width, height: image.height },
      ]),
    ),
  };
}

/** Cards as the contract shows them, their subjects read once per subject. */
export async function presentCards(
  deps: Deps,
  viewer: AuthUser,
  rows: readonly CardRow[],
  known?: ResolvedSubject,
): Promise<Card[]> {
  const [subjects, context] = await Promise.all([
    subjectsOfCards(deps, viewer, rows, known),
    contextOfCards(deps, deps.db, viewer.id, rows),
  ]);
  return rows.map((row) => presentCard(row, subjects.get(subjectKeyOf(row))!, context));
}

/** A page of the caller's cards, of one subject (which they must be able to read) or all. */
export async function listOwnCards(
  deps: Deps,
  viewer: AuthUser,
  query: CardsQuery,
  window: PageWindow,
): Promise<{ count: number; results: Card[] }> {
  const resolved =
    query.tree !== undefined || query.share !== undefined ? await resolveSubject(deps, viewer, query) : undefined;
  const filter = {
    userId: viewer.id,
    subject: resolved?.key,
    nodeId: query.node_id,
    state: query.state,
    needle: query.q ? query.q.toLowerCase() : undefined,
    kind: query.kind,
    suspended: query.suspended,
    dueBefore: query.due_within === undefined ? undefined : await endOfLocalDayIn(deps, viewer, query.due_within),
    lapsesMin: query.lapses_min,
    sort: query.sort,
  };
  const { count, rows } = await listCards(deps.db, filter, window.offset, window.pageSize);
  return { count, results: await presentCards(deps, viewer, rows, resolved) };
}

/** The end of the learner's local day `days` days from today (the browser's "due within"). */
async function endOfLocalDayIn(deps: Deps, viewer: AuthUser, days: number): Promise<string> {
  const { timezone } = await readSettings(deps.db, viewer.id);
  const today = localDay(deps.clock.now(), timezone);
  return startOfLocalDay(addDays(today, days + 1), timezone).toISOString();
}

/** Scheduling columns of a card that was never reviewed: new, due `now` (ts-fsrs's empty card). */
export function newSchedule(now: Date) {
  const empty = createEmptyCard(now);
  return {
    state: 'new' as const,
    due: empty.due.toISOString(),
    stability: empty.stability,
    difficulty: empty.difficulty,
    elapsed_days: empty.elapsed_days,
    scheduled_days: empty.scheduled_days,
    learning_steps: empty.learning_steps,
    reps: empty.reps,
    lapses: empty.lapses,
    last_review: null,
  };
}

/** A new basic card's row: state `new`, due `now`. */
export function cardRow(
  resolved: Pick<ResolvedSubject, 'key'>,
  nodeId: string,
  front: string,
  back: string,
  now: Date,
): Omit<CardRow, 'id'> {
  const at = now.toISOString();
  return {
    user_id: resolved.key.userId,
    subject_kind: resolved.key.kind,
    subject_id: resolved.key.subjectId,
    node_id: nodeId,
    front,
    back,
    ...newSchedule(now),
    created_at: at,
    updated_at: at,
    kind: 'basic',
    sibling_group: null,
    cloze: null,
    occlusion: null,
    image_id: null,
    suspended: 0,
  };
}

/** Adds a card to a node of a subject the caller may read: new, due now. */
export async function createCard(deps: Deps, viewer: AuthUser, body: CardCreateBody): Promise<Card> {
  const resolved = await resolveSubject(deps, viewer, body);
  if (!resolved.graph.indexOf.has(body.node_id)) throw invalidField('node_id', 'This node is not in the tree.');
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertCard(trx, cardRow(resolved, body.node_id, body.front, body.back, now));
    await touchSubject(trx, resolved.key, now.toISOString());
    return inserted;
  });
  return presentCard(row, resolved.subject, NO_CARD_CONTEXT);
}

export async function requireOwnCard(deps: Deps, viewer: AuthUser, id: number): Promise<CardRow> {
  const row = await findOwnCard(deps.db, viewer.id, id);
  if (!row) throw notFound();
  return row;
}

/** One of the caller's cards (another's answers 404). */
export async function getOwnCard(deps: Deps, viewer: AuthUser, id: number): Promise<Card> {
  const row = await requireOwnCard(deps, viewer, id);
  return (await presentCards(deps, viewer, [row]))[0]!;
}
