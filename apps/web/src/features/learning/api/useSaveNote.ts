import type { Note } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveNote } from '../components/offline/offline-edits.ts';
import { learningKeys, type SubjectRef } from './useProgress.ts';
import { writeAnswer } from '../../../lib/write-answer.ts';

/** The notes list with one node's note replaced, added, or (null) removed. */
export function withNote(notes: readonly Note[], nodeId: string, note: Note | null): Note[] {
  const others = notes.filter((n) => n.node_id !== nodeId);
  return note ? [...others, note] : others;
}

/**
 * Saves one node's note edited from `base` (queued offline; a note changed elsewhere meanwhile becomes a
 * conflict for the learner's choice) and keeps the cached notes list (which draws the note badges) in step.
 */
export function useSaveNote(subject: SubjectRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ nodeId, content, base }: { nodeId: string; content: string; base?: string }) =>
      saveNote(subject, nodeId, content, base),
    onSuccess: (note, { nodeId }) =>
      writeAnswer<Note[]>(client, learningKeys.notes(subject), (old) => withNote(old ?? [], nodeId, note)),
  });
}
