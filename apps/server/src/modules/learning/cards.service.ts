import type { Card, CardCreateBody, CardPatchBody, CardsQuery, Subject, SubjectKind } from '@arbor/contract';
import { createEmptyCard } from 'ts-fsrs';
import type { Deps } from '../../deps.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { deleteCard, findOwnCard, insertCard, listCards, updateCardText, type CardRow } from './cards.repository.ts';
import { presentCard } from './cards.presenter.ts';
import { touchSubject } from './learning.repository.ts';
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

/** Cards as the contract shows them, their subjects read once per subject. */
export async function presentCards(
  deps: Deps,
  viewer: AuthUser,
  rows: readonly CardRow[],
  known?: ResolvedSubject,
): Promise<Card[]> {
  const subjects = await subjectsOfCards(deps, viewer, rows, known);
  return rows.map((row) => presentCard(row, subjects.get(subjectKeyOf(row))!));
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
  const { count, rows } = await listCards(
    deps.db,
    { userId: viewer.id, subject: resolved?.key, nodeId: query.node_id, state: query.state },
    window.offset,
    window.pageSize,
  );
  return { count, results: await presentCards(deps, viewer, rows, resolved) };
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

/** A new card's row: state `new`, due `now`. */
export function cardRow(resolved: ResolvedSubject, nodeId: string, front: string, back: string, now: Date) {
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
  return presentCard(row, resolved.subject);
}

async function requireOwnCard(deps: Deps, viewer: AuthUser, id: number): Promise<CardRow> {
  const row = await findOwnCard(deps.db, viewer.id, id);
  if (!row) throw notFound();
  return row;
}

/** One of the caller's cards (another's answers 404). */
export async function getOwnCard(deps: Deps, viewer: AuthUser, id: number): Promise<Card> {
  const row = await requireOwnCard(deps, viewer, id);
  return (await presentCards(deps, viewer, [row]))[0]!;
}

/** Changes the text of one of the caller's cards; its schedule stays. */
export async function patchOwnCard(deps: Deps, viewer: AuthUser, id: number, patch: CardPatchBody): Promise<Card> {
  const row = await requireOwnCard(deps, viewer, id);
  const now = deps.clock.nowIso();
  const changes = {
    ...(patch.front !== undefined ? { front: patch.front } : {}),
    ...(patch.back !== undefined ? { back: patch.back } : {}),
  };
  await updateCardText(deps.db, id, changes, now);
  return (await presentCards(deps, viewer, [{ ...row, ...changes, updated_at: now }]))[0]!;
}

/** Deletes one of the caller's cards with its review logs. */
export async function deleteOwnCard(deps: Deps, viewer: AuthUser, id: number): Promise<void> {
  await requireOwnCard(deps, viewer, id);
  await deleteCard(deps.db, id);
}
