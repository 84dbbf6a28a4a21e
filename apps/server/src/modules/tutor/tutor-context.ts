import type { Locale, TutorMode } from '@arbor/contract';
import type { LearnerGrounding, ResolvedSubject } from '../learning/index.ts';
import { TUTOR_WORDS } from './tutor-words.ts';

/** API.md "Tutor": the node's content enters the prompt up to this many characters. */
export const NODE_CONTENT_MAX = 8_000;
/** …and the last this many messages of the conversation. */
export const HISTORY_MESSAGES = 20;
/**
 * What the grounding and the conversation may take of the model's window, in characters (about 8,000
 * tokens in English, fewer in Chinese or Japanese): small enough for any chat model's context with
 * room for the prompt's own words and the answer.
 */
export const CONTEXT_BUDGET_CHARS = 24_000;
/** A card's front and back each, in the prompt. */
const CARD_TEXT_MAX = 300;
/** Unlocked nodes offered for "what next". */
const NEXT_NODES = 10;

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface TutorTurnInput {
  resolved: ResolvedSubject;
  grounding: LearnerGrounding;
  nodeId: string | null;
  mode: TutorMode;
  message: string;
  language: Locale;
  /** the conversation's last messages, oldest first */
  history: readonly HistoryMessage[];
}

const clip = (text: string, max: number, cut: string) => (text.length > max ? `${text.slice(0, max)}${cut}` : text);
const quoted = (title: string, id: string) => `"${title.replace(/\s+/g, ' ')}" [[node:${id}]]`;

/** The `tutor` prompt's placeholders for a turn, before the budget is applied. */
function promptValues(input: TutorTurnInput): Record<string, string> {
  const { resolved, grounding, nodeId, language } = input;
  const words = TUTOR_WORDS[language];
  const { document, graph } = resolved;
  const nodeAt = (id: string) => document.nodes[graph.indexOf.get(id) ?? -1];
  const lines = (items: string[]) => (items.length ? items.map((item) => `- ${item}`).join('\n') : words.none);
  const statusOf = (id: string) => grounding.progress.nodes[id]?.status ?? 'todo';
  const node = nodeId === null ? undefined : nodeAt(nodeId);
  const path: string[] = [];
  const seen = new Set<string>();
  for (let at = node?.parent_id ? nodeAt(node.parent_id) : undefined; at && !seen.has(at.id);) {
    seen.add(at.id);
    path.unshift(at.title);
    at = at.parent_id ? nodeAt(at.parent_id) : undefined;
  }
  const locked = new Set(grounding.progress.locked);
  const next = document.nodes
    .filter((n) => n.parent_id !== null && !locked.has(n.id) && ['todo', 'learning'].includes(statusOf(n.id)))
    .slice(0, NEXT_NODES)
    .map((n) => quoted(n.title, n.id));
  const percent = (r: number | null) => (r === null ? words.neverReviewed : `${Math.round(r * 100)} %`);
  return {
    tree_title: resolved.subject.title,
    node: node ? quoted(node.title, node.id) : words.wholeTree,
    path: path.length ? path.join(' > ') : words.none,
    summary: node?.summary?.trim() || words.none,
    content: clip(node?.content?.trim() || words.none, NODE_CONTENT_MAX, words.cut),
    waits_for: lines(
      (node ? (graph.waitsFor.get(node.id) ?? []) : []).map(
        (id) => `${quoted(nodeAt(id)?.title ?? id, id)} — ${words.status[statusOf(id)]}`,
      ),
    ),
    note: grounding.note?.trim() || words.none,
    weak_cards: lines(
      grounding.weakestCards.map(
        (card) =>
          `[[node:${card.node_id}]] ${words.card({
            front: clip(card.front, CARD_TEXT_MAX, words.cut),
            back: clip(card.back, CARD_TEXT_MAX, words.cut),
            lapses: card.lapses,
            recall: percent(card.retrievability),
          })}`,
      ),
    ),
    progress: words.progress(grounding.progress.summary),
    next_nodes: lines(next),
    mode: input.mode,
    mode_instruction: words.mode[input.mode],
    message: input.message,
  };
}

const size = (values: Record<string, string>, history: readonly HistoryMessage[]) =>
  Object.values(values).reduce((n, v) => n + v.length, 0) + history.reduce((n, m) => n + m.content.length, 0);

/**
 * The values and history of a turn fitted to `budget` characters: the oldest messages go first, then
 * the learner's note is cut, and the node's content is cut last (it is what the tutor teaches from).
 */
export function tutorPrompt(
  input: TutorTurnInput,
  budget = CONTEXT_BUDGET_CHARS,
): { values: Record<string, string>; history: HistoryMessage[] } {
  const values = promptValues(input);
  const history = input.history.slice(-HISTORY_MESSAGES);
  while (history.length > 0 && size(values, history) > budget) history.shift();
  const cut = TUTOR_WORDS[input.language].cut;
  for (const field of ['note', 'content'] as const) {
    const over = size(values, history) - budget;
    if (over <= 0) break;
    const text = values[field]!;
    values[field] = `${text.slice(0, Math.max(0, text.length - over - cut.length))}${cut}`;
  }
  return { values, history };
}
