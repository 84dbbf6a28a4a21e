import { clozeNumbers } from '@arbor/contract';

/** Parsers of the JSON answers of the `cards` and `quiz` prompts (API.md "Recall"): lenient, but never invent. */

export interface CardDraftAnswer {
  front: string;
  back: string;
  /** cloze: `front` is a text with Anki's {{c1::…}} markers */
  kind: 'basic' | 'cloze';
}

export interface QuizQuestionAnswer {
  question: string;
  choices: string[];
  /** index 0–3 of the right choice */
  answer: number;
  explanation: string;
}

const MAX_ITEMS = 10;
const FRONT_MAX = 2_000;
const BACK_MAX = 10_000;
const TEXT_MAX = 2_000;

/** The object the model answered: the whole text, else a ```json fence, else the outermost braces. */
function jsonObjectIn(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  const found = [trimmed];
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(trimmed)?.[1];
  if (fenced) found.push(fenced.trim());
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  if (start >= 0 && end > start) found.push(trimmed.slice(start, end + 1));
  for (const candidate of found.flatMap((c) => [c, c.replace(/,\s*([\]}])/g, '$1')])) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // the next candidate
    }
  }
  return null;
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

/**
 * `{"cards": [{"front", "back", "kind"?}]}`; other keys and bad items are ignored; null when no card is
 * left. A cloze draft (`"kind": "cloze"`) needs a marker in its front and may have an empty back; one
 * without a marker is dropped, never passed on as a cloze card the batch call would refuse.
 */
export function parseCardDrafts(answer: string, limit = MAX_ITEMS): CardDraftAnswer[] | null {
  const list = jsonObjectIn(answer)?.cards;
  if (!Array.isArray(list)) return null;
  const cards: CardDraftAnswer[] = [];
  for (const item of list) {
    if (item === null || typeof item !== 'object') continue;
    const raw = item as Record<string, unknown>;
    const front = text(raw.front, FRONT_MAX);
    if (raw.kind === 'cloze') {
      if (front !== null && clozeNumbers(front).length > 0)
        cards.push({ front, back: text(raw.back, BACK_MAX) ?? '', kind: 'cloze' });
      continue;
    }
    const back = text(raw.back, BACK_MAX);
    if (front !== null && back !== null) cards.push({ front, back, kind: 'basic' });
  }
  return cards.length ? cards.slice(0, limit) : null;
}

/**
 * `{"questions": [{"question", "choices": [4 strings], "answer": 0–3, "explanation"}]}`; questions
 * with another number of choices or a bad index are dropped; null when none is left.
 */
export function parseQuizQuestions(answer: string, limit = MAX_ITEMS): QuizQuestionAnswer[] | null {
  const list = jsonObjectIn(answer)?.questions;
  if (!Array.isArray(list)) return null;
  const questions: QuizQuestionAnswer[] = [];
  for (const item of list) {
    if (item === null || typeof item !== 'object') continue;
    const raw = item as Record<string, unknown>;
    const question = text(raw.question, TEXT_MAX);
    const choices = Array.isArray(raw.choices) ? raw.choices.map((c) => (typeof c === 'number' ? String(c) : c)) : [];
    const index = raw.answer;
    if (question === null || choices.length !== 4 || !choices.every((c) => text(c, TEXT_MAX) !== null)) continue;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > 3) continue;
    questions.push({
      question,
      choices: choices.map((c) => text(c, TEXT_MAX)!),
      answer: index,
      explanation: typeof raw.explanation === 'string' ? raw.explanation.trim().slice(0, TEXT_MAX) : '',
    });
  }
  return questions.length ? questions.slice(0, limit) : null;
}
