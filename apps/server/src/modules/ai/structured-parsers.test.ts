import { describe, expect, it } from 'vitest';
import { parseCardDrafts, parseQuizQuestions } from './structured-parsers.ts';

const question = (overrides: Record<string, unknown> = {}) => ({
  question: 'What is 2 + 2?',
  choices: ['3', '4', '5', '22'],
  answer: 1,
  explanation: 'Addition.',
  ...overrides,
});

describe('parseCardDrafts', () => {
  it('reads {"cards": [{front, back}]} and ignores other keys', () => {
    const text = JSON.stringify({ intro: 'hi', cards: [{ front: ' Q1 ', back: 'A1', extra: 1 }] });
    expect(parseCardDrafts(text)).toEqual([{ front: 'Q1', back: 'A1', kind: 'basic' }]);
  });

  it('accepts a ```json fence with chatter around it and trailing commas', () => {
    const text = 'Here:\n```json\n{"cards": [{"front": "Q", "back": "A"},]}\n```\nBye';
    expect(parseCardDrafts(text)).toEqual([{ front: 'Q', back: 'A', kind: 'basic' }]);
  });

  it('reads cloze drafts with a marker (the back may be empty) and drops cloze drafts without one', () => {
    const cards = [
      { kind: 'cloze', front: 'The capital of France is {{c1::Paris}}.', back: '' },
      { kind: 'cloze', front: 'No marker here.', back: 'x' },
      { kind: 'cloze', front: '{{c1::H2O::formula}} is {{c2::water}}' },
    ];
    expect(parseCardDrafts(JSON.stringify({ cards }))).toEqual([
      { kind: 'cloze', front: 'The capital of France is {{c1::Paris}}.', back: '' },
      { kind: 'cloze', front: '{{c1::H2O::formula}} is {{c2::water}}', back: '' },
    ]);
  });

  it('drops cards without a front or back, and keeps at most the limit', () => {
    const cards = [
      { front: 'Q1', back: 'A1' },
      { front: '', back: 'A' },
      { back: 'B' },
      'text',
      { front: 'Q2', back: 'A2' },
    ];
    expect(parseCardDrafts(JSON.stringify({ cards }))).toHaveLength(2);
    expect(parseCardDrafts(JSON.stringify({ cards }), 1)).toEqual([{ front: 'Q1', back: 'A1', kind: 'basic' }]);
  });

  it('gives null for broken JSON, another key, a bare array, or no usable card', () => {
    expect(parseCardDrafts('{"cards": [{"front": "Q", "ba')).toBeNull();
    expect(parseCardDrafts('{"items": [{"front": "Q", "back": "A"}]}')).toBeNull();
    expect(parseCardDrafts('[{"front": "Q", "back": "A"}]')).toBeNull();
    expect(parseCardDrafts('{"cards": [{"front": "Q"}]}')).toBeNull();
    expect(parseCardDrafts('no JSON at all')).toBeNull();
  });
});

describe('parseQuizQuestions', () => {
  it('reads questions with four choices, an index and an explanation', () => {
    expect(parseQuizQuestions(JSON.stringify({ questions: [question()], note: 'x' }))).toEqual([question()]);
  });

  it('drops questions with another number of choices or a bad index, keeping the rest', () => {
    const questions = [
      question({ choices: ['a', 'b', 'c'] }),
      question({ choices: ['a', 'b', 'c', 'd', 'e'] }),
      question({ answer: 4 }),
      question({ answer: -1 }),
      question({ answer: 1.5 }),
      question({ answer: '1' }),
      question({ question: '' }),
      question({ choices: ['a', '', 'c', 'd'] }),
      question({ question: 'Kept', explanation: undefined }),
    ];
    expect(parseQuizQuestions(JSON.stringify({ questions }))).toEqual([
      { question: 'Kept', choices: ['3', '4', '5', '22'], answer: 1, explanation: '' },
    ]);
  });

  it('accepts a fence and gives null when no question is left', () => {
    expect(parseQuizQuestions('```json\n' + JSON.stringify({ questions: [question()] }) + '\n```')).toHaveLength(1);
    expect(parseQuizQuestions(JSON.stringify({ questions: [question({ answer: 7 })] }))).toBeNull();
    expect(parseQuizQuestions('{"questions": [')).toBeNull();
    expect(parseQuizQuestions('{"cards": []}')).toBeNull();
  });
});
