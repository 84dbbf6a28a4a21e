import type { Locale, TutorAnswer, TutorConversation, TutorConversationSummary, TutorMode } from '@arbor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { streamAiAnswer } from '../../ai/index.ts';
import { subjectParams, type SubjectRef } from './useProgress.ts';

export const tutorKeys = {
  all: ['tutor'] as const,
  list: (s: SubjectRef) => [...tutorKeys.all, 'list', s.kind, s.uuid] as const,
  conversation: (uuid: string) => [...tutorKeys.all, 'conversation', uuid] as const,
};

/** GET /api/llm/tutor/conversations/?tree=|share=: the learner's conversations on a subject, newest first. */
export function useTutorConversations(subject: SubjectRef) {
  return useQuery({
    queryKey: tutorKeys.list(subject),
    queryFn: ({ signal }) =>
      api<TutorConversationSummary[]>('/api/llm/tutor/conversations/', { query: subjectParams(subject), signal }),
  });
}

/** GET /api/llm/tutor/conversations/{uuid}/ */
export function useTutorConversation(uuid: string | null) {
  return useQuery({
    queryKey: tutorKeys.conversation(uuid ?? ''),
    enabled: uuid !== null,
    queryFn: ({ signal }) => api<TutorConversation>(`/api/llm/tutor/conversations/${uuid}/`, { signal }),
  });
}

/** DELETE /api/llm/tutor/conversations/{uuid}/ */
export function useDeleteTutorConversation(subject: SubjectRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api<void>(`/api/llm/tutor/conversations/${uuid}/`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: tutorKeys.list(subject) }),
  });
}

export interface TutorQuestion {
  subject: SubjectRef;
  nodeId: string | null;
  conversation: string | null;
  message: string;
  mode: TutorMode;
  language: Locale;
}

/** POST /api/llm/tutor/ as a stream: `onDelta` gets the answer as it arrives; resolves with `done`. */
export function askTutor(
  question: TutorQuestion,
  options: { signal: AbortSignal; onDelta: (text: string) => void },
): Promise<TutorAnswer> {
  return streamAiAnswer<TutorAnswer>(
    '/api/llm/tutor/',
    {
      ...subjectParams(question.subject),
      ...(question.nodeId ? { node_id: question.nodeId } : {}),
      ...(question.conversation ? { conversation: question.conversation } : {}),
      message: question.message,
      mode: question.mode,
      language: question.language,
    },
    options,
  );
}
