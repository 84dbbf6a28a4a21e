// Learning without a connection (UI.md "Third wave": Offline): the first page of `/learn`'s subjects,
// and per subject the tree, progress and notes as the server last gave them, refreshed by the normal
// fetches while online; the progress changes and note edits made offline, queued in order and replayed
// like the grades (replay-in-order.ts); and the note edits the server refused because the note changed
// elsewhere meanwhile (API.md "Offline": `base_updated_at` → 409), kept until the learner chooses.
// Pure apart from the database and the sender it is given, so it is unit-tested (fake-indexeddb).
import type { LearningSubjectSummary, Note, Paginated, Progress } from '@arbor/contract';
import type { KeptSubject, KeptSubjectRef, LearningEdit, NoteConflict, OfflineDb, StoredEdit } from './offline-db.ts';
import { replayInOrder } from './replay-in-order.ts';

/** Subjects learnt within this many days stay on the device (or longer when marked "Available offline"). */
export const KEEP_DAYS = 30;
const DAY_MS = 86_400_000;

export const subjectKey = (subject: KeptSubjectRef): string => `${subject.kind}:${subject.uuid}`;
const conflictKey = (subject: KeptSubjectRef, nodeId: string) => `${subjectKey(subject)}:${nodeId}`;

/** The latest learning activity of a kept subject: its newest progress change or note. */
export function lastLearntAt(kept: Pick<KeptSubject, 'progress' | 'notes'>): string | null {
  let latest: string | null = null;
  for (const at of [
    ...Object.values(kept.progress?.nodes ?? {}).map((n) => n.updated_at),
    ...(kept.notes ?? []).map((n) => n.updated_at),
  ])
    if (latest === null || at > latest) latest = at;
  return latest;
}

/**
 * Whether a subject stays on the device: marked "Available offline", learnt in the last 30 days (by
 * what is kept, or by `/learn`'s last activity), or stored within the last day (a tree just opened in
 * learning mode is kept before its first mark).
 */
export function worthKeeping(kept: KeptSubject, now: Date, lastActivity?: string | null): boolean {
  if (kept.pinned) return true;
  const since = now.getTime() - KEEP_DAYS * DAY_MS;
  const learnt = [lastLearntAt(kept), lastActivity ?? null].some((at) => at !== null && Date.parse(at) >= since);
  return learnt || Date.parse(kept.kept_at) >= now.getTime() - DAY_MS;
}

/** Stores parts of a subject as the server just gave them (the rest of what is kept stays). */
export async function keepSubject(
  db: OfflineDb,
  subject: KeptSubjectRef,
  parts: Partial<Pick<KeptSubject, 'tree' | 'progress' | 'notes'>>,
  now: Date,
): Promise<void> {
  const tx = db.transaction('subjects', 'readwrite');
  const key = subjectKey(subject);
  const kept = (await tx.store.get(key)) ?? { key, subject, pinned: false, kept_at: now.toISOString() };
  await tx.store.put({ ...kept, ...parts, kept_at: now.toISOString() });
  await tx.done;
}

export async function keptSubject(db: OfflineDb, subject: KeptSubjectRef): Promise<KeptSubject | undefined> {
  return db.get('subjects', subjectKey(subject));
}

/** "Available offline" on or off for a subject. */
export async function setPinned(db: OfflineDb, subject: KeptSubjectRef, pinned: boolean, now: Date): Promise<void> {
  const tx = db.transaction('subjects', 'readwrite');
  const key = subjectKey(subject);
  const kept = (await tx.store.get(key)) ?? { key, subject, pinned, kept_at: now.toISOString() };
  await tx.store.put({ ...kept, pinned });
  await tx.done;
}

/**
 * Keeps `/learn`'s first page of subjects and forgets the subjects no longer worth keeping (their last
 * activity is older than 30 days and they are not marked), unless an edit of theirs still waits.
 */
export async function keepSubjectList(
  db: OfflineDb,
  list: Paginated<LearningSubjectSummary>,
  now: Date,
): Promise<void> {
  const tx = db.transaction(['subject-list', 'subjects', 'edits'], 'readwrite');
  await tx.objectStore('subject-list').put(list, 'page1');
  const activity = new Map(list.results.map((s) => [`${s.kind}:${s.uuid}`, s.last_activity_at]));
  const waiting = new Set((await tx.objectStore('edits').getAll()).map((e) => subjectKey(e.subject)));
  const subjects = tx.objectStore('subjects');
  for (const kept of await subjects.getAll())
    if (!waiting.has(kept.key) && !worthKeeping(kept, now, activity.get(kept.key))) await subjects.delete(kept.key);
  await tx.done;
}

export async function keptSubjectList(db: OfflineDb): Promise<Paginated<LearningSubjectSummary> | undefined> {
  return db.get('subject-list', 'page1');
}

/** The notes list with one node's note replaced, added, or (null) removed. */
export function withNote(notes: readonly Note[], nodeId: string, note: Note | null): Note[] {
  const others = notes.filter((n) => n.node_id !== nodeId);
  return note ? [...others, note] : others;
}

/**
 * Queues an edit made without a connection and lays it over what is kept, in one transaction: a note
 * edit replaces the kept note (keeping the base it was edited from), a progress change stores the
 * progress as the page now shows it. A second edit of a note still waiting replaces the first in its
 * place in the queue (one PUT, from the first edit's base).
 */
export async function queueEdit(db: OfflineDb, edit: LearningEdit, now: Date, progressShown?: Progress): Promise<void> {
  const tx = db.transaction(['edits', 'subjects'], 'readwrite');
  const edits = tx.objectStore('edits');
  const key = subjectKey(edit.subject);
  let queued = false;
  if (edit.kind === 'note') {
    for (const waiting of await edits.getAll())
      if (waiting.kind === 'note' && subjectKey(waiting.subject) === key && waiting.node_id === edit.node_id) {
        await edits.put({ ...waiting, content: edit.content });
        queued = true;
      }
  }
  if (!queued) await edits.add(edit as StoredEdit);
  const subjects = tx.objectStore('subjects');
  const kept = (await subjects.get(key)) ?? { key, subject: edit.subject, pinned: false, kept_at: now.toISOString() };
  if (edit.kind === 'note') {
    const previous = kept.notes?.find((n) => n.node_id === edit.node_id);
    const local = edit.content
      ? { node_id: edit.node_id, content: edit.content, updated_at: previous?.updated_at ?? now.toISOString() }
      : null;
    kept.notes = withNote(kept.notes ?? [], edit.node_id, local);
  } else if (progressShown) kept.progress = progressShown;
  await subjects.put(kept);
  await tx.done;
}

/** The queued edits, oldest first (of one subject when given). */
export async function queuedEdits(db: OfflineDb, subject?: KeptSubjectRef): Promise<StoredEdit[]> {
  const all = await db.getAll('edits');
  return subject ? all.filter((e) => subjectKey(e.subject) === subjectKey(subject)) : all;
}

export async function editCount(db: OfflineDb): Promise<number> {
  return db.count('edits');
}

/** What became of one replayed edit. */
export type EditOutcome =
  /** taken: the server's progress, or its note (null: the empty note deleted it) */
  | { kind: 'sent'; progress?: Progress; note?: Note | null }
  /** refused for good (404: the subject is gone or no longer readable; 400: the node is gone): dropped */
  | { kind: 'refused'; status: number }
  /** a note changed elsewhere since the edit's base (409): the stored note, for the learner's choice */
  | { kind: 'conflict'; note: Note }
  /** no answer (offline, 5xx, 401, 429): the edit and those after it wait */
  | { kind: 'unreachable' };

export interface EditSyncSummary {
  synced: number;
  dropped: { edit: LearningEdit; status: number }[];
  conflicts: NoteConflict[];
  remaining: number;
}

/**
 * Sends the queued edits one at a time, oldest first (progress changes apply in the order made). A
 * taken edit leaves the queue and its answer becomes what is kept; a refused one is dropped and
 * reported; a note conflict leaves the queue and waits as a conflict for the learner's choice.
 */
export async function replayEdits(
  db: OfflineDb,
  send: (edit: LearningEdit) => Promise<EditOutcome>,
): Promise<EditSyncSummary> {
  const summary: EditSyncSummary = { synced: 0, dropped: [], conflicts: [], remaining: 0 };
  await replayInOrder(
    async () => (await db.transaction('edits').store.openCursor())?.value,
    ({ seq: _seq, ...edit }) => send(edit),
    async ({ seq, ...edit }, outcome) => {
      const tx = db.transaction(['edits', 'subjects', 'note-conflicts'], 'readwrite');
      await tx.objectStore('edits').delete(seq);
      const subjects = tx.objectStore('subjects');
      const kept = await subjects.get(subjectKey(edit.subject));
      if (outcome.kind === 'sent') {
        summary.synced += 1;
        if (kept && outcome.progress) await subjects.put({ ...kept, progress: outcome.progress });
        if (kept && outcome.note !== undefined && edit.kind === 'note')
          await subjects.put({ ...kept, notes: withNote(kept.notes ?? [], edit.node_id, outcome.note) });
      } else if (outcome.kind === 'conflict' && edit.kind === 'note') {
        const conflict = conflictOf(edit.subject, edit.node_id, edit.content, outcome.note);
        await tx.objectStore('note-conflicts').put(conflict);
        summary.conflicts.push(conflict);
      } else if (outcome.kind === 'refused') {
        summary.dropped.push({ edit, status: outcome.status });
      }
      await tx.done;
    },
  );
  summary.remaining = await editCount(db);
  return summary;
}

function conflictOf(subject: KeptSubjectRef, nodeId: string, mine: string, theirs: Note): NoteConflict {
  return { key: conflictKey(subject, nodeId), subject, node_id: nodeId, mine, theirs };
}

/** Keeps a conflict met online (another tab or device saved the note since this one's base). */
export async function recordConflict(
  db: OfflineDb,
  subject: KeptSubjectRef,
  nodeId: string,
  mine: string,
  theirs: Note,
): Promise<NoteConflict> {
  const conflict = conflictOf(subject, nodeId, mine, theirs);
  await db.put('note-conflicts', conflict);
  return conflict;
}

/** The note conflicts of a subject waiting for the learner's choice. */
export async function conflictsOf(db: OfflineDb, subject: KeptSubjectRef): Promise<NoteConflict[]> {
  const prefix = `${subjectKey(subject)}:`;
  return db.getAll('note-conflicts', IDBKeyRange.bound(prefix, `${prefix}\uffff`));
}

/** The learner chose: the conflict leaves and the chosen note (null: none) becomes the kept one. */
export async function resolveConflict(db: OfflineDb, conflict: NoteConflict, chosen: Note | null): Promise<void> {
  const tx = db.transaction(['note-conflicts', 'subjects'], 'readwrite');
  await tx.objectStore('note-conflicts').delete(conflict.key);
  const subjects = tx.objectStore('subjects');
  const kept = await subjects.get(subjectKey(conflict.subject));
  if (kept) await subjects.put({ ...kept, notes: withNote(kept.notes ?? [], conflict.node_id, chosen) });
  await tx.done;
}
