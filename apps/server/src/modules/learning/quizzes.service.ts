import { randomUUID } from 'node:crypto';
import type {
  GenerateCardsBody,
  GeneratedCards,
  GeneratedQuiz,
  GenerateQuizBody,
  Locale,
  QuizResult,
} from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { conflict, invalidField, notFound } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  generateFromPrompt,
  parseCardDrafts,
  parseQuizQuestions,
  revealRequestLogResponse,
  type QuizQuestionAnswer,
} from '../ai/index.ts';
import { findProgress } from './learning.repository.ts';
import { presentProgress, writeStatusesIn } from './progress.service.ts';
import { findOwnQuiz, insertQuiz, markQuizSubmitted, raiseMastery } from './quizzes.repository.ts';
import { resolveSubject, resolveSubjectById, type ResolvedSubject, type SubjectRefInput } from './subjects.ts';

const DEFAULT_CARD_COUNT = 3;
const DEFAULT_QUESTION_COUNT = 5;
/** A quiz can be submitted for this long after it was generated. */
const QUIZ_LIFETIME_MS = 24 * 3600 * 1000;
const NOTHING = '—';

/** What the `cards` and `quiz` prompts are filled with: the node as the learner sees it. */
function nodeValues(resolved: ResolvedSubject, nodeId: string, count: number): Record<string, string> {
  const index = resolved.graph.indexOf.get(nodeId);
  if (index === undefined) throw invalidField('node_id', 'This node is not in the tree.');
  const nodes = resolved.document.nodes;
  const node = nodes[index]!;
  const path: string[] = [];
  const seen = new Set<string>();
  for (let at: (typeof nodes)[number] | undefined = node; at && !seen.has(at.id);) {
    seen.add(at.id);
    path.unshift(at.title);
    const parent: string | null = at.parent_id;
    at = parent === null ? undefined : nodes[resolved.graph.indexOf.get(parent) ?? -1];
  }
  return {
    title: node.title,
    path: path.join(' > '),
    summary: node.summary?.trim() || NOTHING,
    content: node.content?.trim() || NOTHING,
    count: String(count),
  };
}

interface GenerateInput extends SubjectRefInput {
  node_id: string;
  count?: number;
  language?: Locale;
  model?: string | number;
}

async function generateForNode<T>(
  deps: Deps,
  viewer: AuthUser,
  body: GenerateInput,
  what: { kind: 'cards' | 'quiz'; defaultCount: number; parse: (text: string, limit: number) => T[] | null },
) {
  const resolved = await resolveSubject(deps, viewer, body);
  const count = body.count ?? what.defaultCount;
  const values = nodeValues(resolved, body.node_id, count);
  const result = await generateFromPrompt(deps, viewer, {
    kind: what.kind,
    promptKey: what.kind,
    // A quiz's answers stay out of the learner's own request log until the quiz is submitted.
    withholdResponse: what.kind === 'quiz',
    language: body.language,
    model: body.model,
    values,
    parse: (text) => what.parse(text, count),
    unusableDetail:
      what.kind === 'cards'
        ? 'The AI model did not answer with usable cards (expected JSON {"cards": [{"front", "back"}]}).'
        : 'The AI model did not answer with usable questions (expected JSON {"questions": [...]} with 4 choices each).',
  });
  return { resolved, ...result };
}

/** Card drafts for a node from the `cards` prompt; nothing is saved (the learner picks what to keep). */
export async function generateCards(deps: Deps, viewer: AuthUser, body: GenerateCardsBody): Promise<GeneratedCards> {
  const { value, usage, request_log } = await generateForNode(deps, viewer, body, {
    kind: 'cards',
    defaultCount: DEFAULT_CARD_COUNT,
    parse: parseCardDrafts,
  });
  return { cards: value, usage, request_log };
}

/** A quiz on a node from the `quiz` prompt: stored with its answers, which only the submit reveals. */
export async function generateQuiz(deps: Deps, viewer: AuthUser, body: GenerateQuizBody): Promise<GeneratedQuiz> {
  const { resolved, value, request_log } = await generateForNode(deps, viewer, body, {
    kind: 'quiz',
    defaultCount: DEFAULT_QUESTION_COUNT,
    parse: parseQuizQuestions,
  });
  const uuid = randomUUID();
  await insertQuiz(deps.db, {
    user_id: viewer.id,
    subject_kind: resolved.key.kind,
    subject_id: resolved.key.subjectId,
    uuid,
    node_id: body.node_id,
    questions: JSON.stringify(value),
    created_at: deps.clock.nowIso(),
    submitted_at: null,
    request_log_id: request_log,
  });
  return {
    quiz: uuid,
    questions: value.map((q) => ({ question: q.question, choices: q.choices })),
    request_log,
  };
}

/** The mastery a score earns: ≥ 50 % → 1, ≥ 80 % → 2, all right → 3. */
export function masteryForScore(correct: number, total: number): number {
  if (total > 0 && correct === total) return 3;
  if (correct * 5 >= total * 4) return 2;
  if (correct * 2 >= total) return 1;
  return 0;
}

/**
 * Grades a quiz once, within 24 hours of its generation: raises the node's mastery (never lowers
 * it) and, from 80 %, marks the node done through the ordinary progress write (activity, auto cards).
 */
export async function submitQuiz(deps: Deps, viewer: AuthUser, uuid: string, answers: number[]): Promise<QuizResult> {
  const quiz = await findOwnQuiz(deps.db, viewer.id, uuid);
  if (!quiz) throw notFound();
  if (quiz.submitted_at !== null) throw conflict('This quiz was already submitted.');
  if (deps.clock.now().getTime() - Date.parse(quiz.created_at) > QUIZ_LIFETIME_MS) {
    throw conflict('This quiz has expired: quizzes can be submitted within 24 hours.');
  }
  const questions = JSON.parse(quiz.questions) as QuizQuestionAnswer[];
  const count = questions.length;
  if (answers.length !== count) {
    throw invalidField('answers', `Give one answer for each of the ${count} questions.`);
  }
  const resolved = await resolveSubjectById(deps, viewer, quiz.subject_kind, quiz.subject_id);
  if (!resolved) throw notFound();
  if (!resolved.graph.indexOf.has(quiz.node_id)) {
    throw conflict('The node of this quiz is no longer in the tree.');
  }
  const now = deps.clock.nowIso();
  const correct = questions.filter((q, i) => q.answer === answers[i]).length;
  const earned = masteryForScore(correct, questions.length);
  // The submit, the mastery and a pass's "done" are one write: all of them or none.
  const mastery = await deps.db.transaction().execute(async (trx) => {
    if (!(await markQuizSubmitted(trx, quiz.id, now))) throw conflict('This quiz was already submitted.');
    const raised = await raiseMastery(trx, resolved.key, quiz.node_id, earned, now);
    if (earned >= 2) await writeStatusesIn(trx, deps, resolved, [[quiz.node_id, 'done']]);
    return raised;
  });
  if (quiz.request_log_id !== null) await revealRequestLogResponse(deps, quiz.request_log_id);
  return {
    correct,
    total: questions.length,
    results: questions.map((q) => ({ correct_index: q.answer, explanation: q.explanation })),
    mastery,
    progress: presentProgress(resolved, await findProgress(deps.db, resolved.key)),
  };
}
