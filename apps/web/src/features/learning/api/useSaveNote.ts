import type { Note, NoteBody } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { learningKeys, subjectParams, type SubjectRef } from './useProgress.ts';

/** PUT /api/learn/notes/: the saved note, or null when empty content deleted it (204). */
export async function putNote(subject: SubjectRef, nodeId: string, content: string): Promise<Note | null> {
  const body = { ...subjectParams(subject), node_id: nodeId, content } satisfies NoteBody;
  return (await api<Note | undefined>('/api/learn/notes/', { method: 'PUT', body })) ?? null;
}

/** The notes list with one node's note replaced, added, or (null) removed. */
export function withNote(notes: readonly Note[], nodeId: string, note: Note | null): Note[] {
  const others = notes.filter((n) => n.node_id !== nodeId);
  return note ? [...others, note] : others;
}

/** Saves one node's note and keeps the cached notes list (which draws the note badges) in step. */
export function useSaveNote(subject: SubjectRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ nodeId, content }: { nodeId: string; content: string }) => putNote(subject, nodeId, content),
    onSuccess: (note, { nodeId }) =>
      client.setQueryData<Note[]>(learningKeys.notes(subject), (old) => withNote(old ?? [], nodeId, note)),
  });
}
