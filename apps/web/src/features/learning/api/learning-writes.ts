// The two writes learning mode makes offline too (components/offline/offline-edits.ts queues them):
// a node's status and a node's note.
import type { LearningStatusValue, Note, NoteBody, Progress, ProgressUpdateBody } from '@arbor/contract';
import { api } from '../../../lib/api-client.ts';
import { subjectParams, type SubjectRef } from './useProgress.ts';

export interface ProgressChange {
  node_id: string;
  status: LearningStatusValue;
  /** with `done`: also marks done everything the node waits for ("I know this") */
  with_prerequisites?: boolean;
}

/** PUT /api/learn/progress/: answers the whole progress, its locked set and summary recomputed. */
export function putProgress(subject: SubjectRef, change: ProgressChange): Promise<Progress> {
  const body = { ...subjectParams(subject), ...change } satisfies ProgressUpdateBody;
  return api<Progress>('/api/learn/progress/', { method: 'PUT', body });
}

/**
 * PUT /api/learn/notes/: the saved note, or null when empty content deleted it (204). With `base` (the
 * `updated_at` the edit started from) a note changed since answers 409 with the stored note.
 */
export async function putNote(
  subject: SubjectRef,
  nodeId: string,
  content: string,
  base?: string,
): Promise<Note | null> {
  const body = {
    ...subjectParams(subject),
    node_id: nodeId,
    content,
    ...(base ? { base_updated_at: base } : {}),
  } satisfies NoteBody;
  return (await api<Note | undefined>('/api/learn/notes/', { method: 'PUT', body })) ?? null;
}
