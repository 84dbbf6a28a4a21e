import { learnableDocument } from '../learning/testing.ts';
import { describe, expect, it } from 'vitest';
import { resolveCitations } from './citations.ts';
import { tutorPrompt, type TutorTurnInput } from './tutor-context.ts';

const long = (char: string, n: number) => char.repeat(n);
const sizeOf = (values: Record<string, string>) => Object.values(values).reduce((n, v) => n + v.length, 0);

function turn(history: TutorTurnInput['history'], content: string, note: string | null): TutorTurnInput {
  const document = {
    nodes: [
      { id: 'root', parent_id: null, title: 'Root' },
      { id: 'n', parent_id: 'root', title: 'Node', content },
    ],
    links: [],
  };
  return {
    resolved: {
      ...learnableDocument(document as never),
      subject: { kind: 'tree', uuid: 'u', title: 'Tree' },
      key: { userId: 1, kind: 'tree', subjectId: 1 },
    },
    grounding: {
      progress: {
        subject: { kind: 'tree', uuid: 'u', title: 'Tree' },
        nodes: {},
        locked: [],
        summary: { counted: 1, done: 0, learning: 0, skipped: 0, percent: 0 },
      },
      note,
      weakestCards: [],
    },
    nodeId: 'n',
    mode: 'chat',
    message: 'Why?',
    language: 'en-US',
    history,
  };
}

describe('the context budget', () => {
  const history = Array.from({ length: 30 }, (_, i) => ({
    role: i % 2 ? ('assistant' as const) : ('user' as const),
    content: `m${i}:${long('x', 500)}`,
  }));

  it('sends at most the last 20 messages', () => {
    const fitted = tutorPrompt(turn(history, 'short', null));
    expect(fitted.history).toHaveLength(20);
    expect(fitted.history[0]!.content.startsWith('m10:')).toBe(true);
  });

  it('drops the oldest messages first, then cuts the note, and cuts the node content last', () => {
    const content = long('c', 8_000);
    const fixed = sizeOf(tutorPrompt(turn([], content, null)).values);
    const oneMessageLeft = tutorPrompt(turn(history, content, null), fixed + 510);
    expect(oneMessageLeft.history.map((m) => m.content.slice(0, 4))).toEqual(['m29:']);
    expect(oneMessageLeft.values.content).toBe(content);

    const noteCut = tutorPrompt(turn(history, content, long('n', 5_000)), fixed + 1_000);
    expect(noteCut.history).toEqual([]);
    expect(noteCut.values.note!.length).toBeLessThan(5_000);
    expect(noteCut.values.note).toMatch(/…\[cut\]$/);
    expect(noteCut.values.content).toBe(content);

    const contentCut = tutorPrompt(turn(history, content, long('n', 5_000)), 6_000);
    expect(contentCut.values.note).toBe('…[cut]');
    expect(contentCut.values.content!.length).toBeLessThan(8_000);
    expect(sizeOf(contentCut.values)).toBeLessThanOrEqual(6_000);
  });

  it('cuts node content to 8,000 characters whatever the budget', () => {
    expect(tutorPrompt(turn([], long('c', 9_000), null)).values.content).toHaveLength(8_000 + '…[cut]'.length);
  });
});

describe('citations', () => {
  const titles: Record<string, string> = { a: 'Alpha', b: 'Beta' };
  it('keeps nodes of the document once each, in order, and drops the others from the text', () => {
    const { content, citations } = resolveCitations(
      'See [[node:b]] and [[node:ghost]], then [[node:a]] and [[node:b]] again.',
      (id) => titles[id],
    );
    expect(citations).toEqual([
      { node_id: 'b', title: 'Beta' },
      { node_id: 'a', title: 'Alpha' },
    ]);
    expect(content).toBe('See [[node:b]] and , then [[node:a]] and [[node:b]] again.');
  });
});
