import type { GeneratedQuiz, GenerateQuizBody, QuizResult, QuizSubmitBody } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { learningKeys, subjectParams, type SubjectRef } from './useProgress.ts';
import { writeAnswer } from '../../../lib/write-answer.ts';

/** POST /api/llm/ai-content/generate_quiz/: a multiple-choice quiz on one node, in the UI language. */
export function generateQuiz(subject: SubjectRef, nodeId: string, signal?: AbortSignal): Promise<GeneratedQuiz> {
  const body = { ...subjectParams(subject), node_id: nodeId, language: currentLocale() } satisfies GenerateQuizBody;
  return api<GeneratedQuiz>('/api/llm/ai-content/generate_quiz/', { method: 'POST', body, signal });
}

/** POST /api/learn/quizzes/{uuid}/submit/: the server grades it (once) and answers the new progress. */
export function submitQuiz(quiz: string, answers: number[]): Promise<QuizResult> {
  const body = { answers } satisfies QuizSubmitBody;
  return api<QuizResult>(`/api/learn/quizzes/${encodeURIComponent(quiz)}/submit/`, { method: 'POST', body });
}

export function useGenerateQuiz(subject: SubjectRef) {
  return useMutation({ mutationFn: (nodeId: string) => generateQuiz(subject, nodeId) });
}

/**
 * Submits the answers; the answer's progress replaces the cached one (the node's status, mastery and
 * summary as the server computed them), and what depends on progress is asked again.
 */
export function useSubmitQuiz(subject: SubjectRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ quiz, answers }: { quiz: string; answers: number[] }) => submitQuiz(quiz, answers),
    onSuccess: (result) => {
      writeAnswer(client, learningKeys.progress(subject), result.progress);
      void client.invalidateQueries({ queryKey: ['learning', 'path'] });
      void client.invalidateQueries({ queryKey: ['learning', 'plans'] });
    },
  });
}
