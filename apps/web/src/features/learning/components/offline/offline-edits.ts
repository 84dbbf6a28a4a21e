// Learning edits without a connection, as the pages see them: a progress change or note edit the server
// cannot be reached for is queued in IndexedDB (features/offline) and shown as made; while edits wait,
// new ones queue behind them (the server applies progress in the order sent). The queue is replayed on
// load, when the browser is back online and when the page is shown again, one replay at a time across
// tabs (Web Locks). A note edit whose note changed elsewhere meanwhile becomes a conflict, kept until the
// learner chooses (NoteConflictDialog); conflicts met online (two tabs) are kept the same way.
import type { Note, Progress } from '@arbor/contract';
import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../../lib/api-client.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { beforeSignOut } from '../../../../lib/session.ts';
import {
  isUnreachable,
  withOfflineStore,
  type EditOutcome,
  type EditSyncSummary,
  type LearningEdit,
  type NoteConflict,
} from '../../../offline/index.ts';
import { putNote, putProgress, type ProgressChange } from '../../api/learning-writes.ts';
import { learningKeys, type SubjectRef } from '../../api/useProgress.ts';
import { ensureOfflineMessages } from '../../../pwa/index.ts';

// this feature's strings are the `offline` namespace's (its zh-CN messages come with the pwa chunk)
ensureOfflineMessages();

const listeners = new Set<() => void>();
let waiting = 0;
let conflicts: readonly NoteConflict[] = [];
let resolved = 0;
const notify = () => listeners.forEach((l) => l());

export const subscribeOfflineEdits = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
/** How many edits wait for the connection (all subjects). */
export const waitingEdits = (): number => waiting;
/** The note conflicts waiting for a choice (of the subjects loaded by `loadConflicts`). */
export const noteConflicts = (): readonly NoteConflict[] => conflicts;

async function refresh(subject?: SubjectRef): Promise<void> {
  const next = await withOfflineStore(async (store, db) => ({
    count: await store.editCount(db),
    conflicts: subject ? await store.conflictsOf(db, subject) : conflicts,
  }));
  if (!next) return;
  waiting = next.count;
  conflicts = next.conflicts;
  notify();
}

/** How many conflicts were resolved on this page (a note field starts afresh from the chosen note). */
export const resolvedConflicts = (): number => resolved;

/** Reads the waiting count and this subject's conflicts from the device. */
export const loadConflicts = (subject: SubjectRef): Promise<void> => refresh(subject);

/** The note conflict of a 409 answer (`note` beside the error shape), else null. */
export function conflictNote(error: unknown): Note | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const note = (error.body as { note?: Note }).note;
  return note && typeof note.content === 'string' ? note : null;
}

/** Thrown by `saveNote` when the note changed elsewhere: the conflict is kept and shown, not retried. */
export class NoteConflictError extends Error {}

async function queue(edit: LearningEdit, progressShown?: Progress): Promise<boolean> {
  const done = await withOfflineStore(async (store, db) => {
    await store.queueEdit(db, edit, new Date(), progressShown);
    return true;
  });
  await refresh(edit.subject);
  return done === true;
}

/**
 * Sends a progress change, or queues it when the server cannot be reached (or edits already wait):
 * answers the server's progress, or the progress as shown with the change.
 */
export async function sendProgress(
  subject: SubjectRef,
  change: ProgressChange,
  shown: () => Progress | undefined,
): Promise<Progress> {
  const edit: LearningEdit = { kind: 'progress', subject, ...change };
  if (waiting === 0) {
    try {
      const answer = await putProgress(subject, change);
      // the kept copy follows the server's answer (the page does not fetch the progress again)
      void withOfflineStore((store, db) => store.keepSubject(db, subject, { progress: answer }, new Date()));
      return answer;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      const progress = shown();
      if (progress && (await queue(edit, progress))) return progress;
      throw error;
    }
  }
  const progress = shown();
  if (progress && (await queue(edit, progress))) {
    if (navigator.onLine) void flushEdits();
    return progress;
  }
  return putProgress(subject, change);
}

/**
 * Saves a note edited from `base` (the `updated_at` it was loaded with): the saved note (null: deleted);
 * offline, the edit is queued and the note as edited answers; when the note changed elsewhere since
 * `base`, the conflict is kept for the learner's choice and `NoteConflictError` is thrown.
 */
export async function saveNote(
  subject: SubjectRef,
  nodeId: string,
  content: string,
  base?: string,
): Promise<Note | null> {
  const edit: LearningEdit = { kind: 'note', subject, node_id: nodeId, content, base_updated_at: base };
  const local = () => (content ? { node_id: nodeId, content, updated_at: base ?? new Date().toISOString() } : null);
  if (waiting === 0) {
    try {
      const saved = await putNote(subject, nodeId, content, base);
      void withOfflineStore(async (store, db) => {
        const kept = await store.keptSubject(db, subject);
        if (kept?.notes)
          await store.keepSubject(db, subject, { notes: store.withNote(kept.notes, nodeId, saved) }, new Date());
      });
      return saved;
    } catch (error) {
      const theirs = conflictNote(error);
      // the server already holds these words (an edit of this device that went out): nothing to choose
      if (theirs?.content === content) return theirs;
      if (theirs) {
        await withOfflineStore((store, db) => store.recordConflict(db, subject, nodeId, content, theirs));
        await refresh(subject);
        throw new NoteConflictError();
      }
      if (isUnreachable(error) && (await queue(edit))) return local();
      throw error;
    }
  }
  if (await queue(edit)) {
    if (navigator.onLine) void flushEdits();
    return local();
  }
  return putNote(subject, nodeId, content, base);
}

async function send(edit: LearningEdit): Promise<EditOutcome> {
  try {
    if (edit.kind === 'progress') {
      const { subject, node_id, status, with_prerequisites } = edit;
      return { kind: 'sent', progress: await putProgress(subject, { node_id, status, with_prerequisites }) };
    }
    return { kind: 'sent', note: await putNote(edit.subject, edit.node_id, edit.content, edit.base_updated_at) };
  } catch (error) {
    const theirs = conflictNote(error);
    if (theirs)
      return edit.kind === 'note' && theirs.content === edit.content
        ? { kind: 'sent', note: theirs }
        : { kind: 'conflict', note: theirs };
    const status = (error as { status?: number }).status ?? 0;
    if (isUnreachable(error) || status >= 500 || [401, 408, 429].includes(status)) return { kind: 'unreachable' };
    return { kind: 'refused', status };
  }
}

let client: QueryClient | null = null;
let replaying: Promise<EditSyncSummary | undefined> | null = null;

// Signing out sends the waiting progress changes and note edits first (offline's own step then forgets them).
beforeSignOut('send', () => (navigator.onLine ? flushEdits() : Promise.resolve()));

/** Sends the waiting edits, oldest first; concurrent calls share one replay. */
export function flushEdits(): Promise<EditSyncSummary | undefined> {
  replaying ??= (async () => {
    const run = () => withOfflineStore((store, db) => store.replayEdits(db, send));
    const summary = await (navigator.locks ? navigator.locks.request('arbor-offline-edits', run) : run());
    if (summary && (summary.synced > 0 || summary.dropped.length > 0 || summary.conflicts.length > 0)) {
      // what the server now holds (progress summaries, locks, notes) replaces what was shown
      void client?.invalidateQueries({ queryKey: learningKeys.all });
    }
    if (summary && summary.dropped.length > 0)
      notifications.show({
        color: 'yellow',
        message: i18n.t('offline:learning.dropped', { count: summary.dropped.length }),
        autoClose: false,
      });
    if (summary)
      conflicts = [...conflicts.filter((c) => !summary.conflicts.some((n) => n.key === c.key)), ...summary.conflicts];
    return summary;
  })().finally(() => {
    replaying = null;
    void refresh();
  });
  return replaying;
}

/** Replays on this call, each time the browser is back online and when the page is shown; returns the cleanup. */
function syncEditsWhenOnline(queryClient: QueryClient): () => void {
  client = queryClient;
  const syncIfWaiting = () => {
    void refresh().then(() => {
      if (navigator.onLine && waiting > 0) void flushEdits();
    });
  };
  const onVisible = () => document.visibilityState === 'visible' && syncIfWaiting();
  syncIfWaiting();
  window.addEventListener('online', syncIfWaiting);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('online', syncIfWaiting);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** The learner's choice on a conflict: keep mine (saved again over theirs) or keep theirs. */
export async function resolveNoteConflict(
  queryClient: QueryClient,
  conflict: NoteConflict,
  choice: 'mine' | 'theirs',
): Promise<void> {
  let chosen: Note | null = conflict.theirs;
  if (choice === 'mine') {
    try {
      chosen = await putNote(conflict.subject, conflict.node_id, conflict.mine, conflict.theirs.updated_at);
    } catch (error) {
      const theirs = conflictNote(error);
      if (!theirs) throw error;
      // changed once more meanwhile: the choice is asked again against the newest note
      await withOfflineStore((store, db) =>
        store.recordConflict(db, conflict.subject, conflict.node_id, conflict.mine, theirs),
      );
      await refresh(conflict.subject);
      return;
    }
  }
  await withOfflineStore((store, db) => store.resolveConflict(db, conflict, chosen));
  queryClient.setQueryData<Note[]>(learningKeys.notes(conflict.subject), (old) => [
    ...(old ?? []).filter((n) => n.node_id !== conflict.node_id),
    ...(chosen ? [chosen] : []),
  ]);
  conflicts = conflicts.filter((c) => c.key !== conflict.key);
  resolved += 1;
  notify();
}

/** Keeps the waiting edits going out while a learning page is open (on load, online, page shown). */
export function useEditSync(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => (enabled ? syncEditsWhenOnline(queryClient) : undefined), [enabled, queryClient]);
}
