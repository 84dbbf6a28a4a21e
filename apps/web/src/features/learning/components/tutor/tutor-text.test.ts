import { describe, expect, it } from 'vitest';
import { readableAnswer } from './tutor-text.ts';

describe('readableAnswer', () => {
  const titles: Record<string, string> = { a: 'Alpha', s: 'Star *power*' };
  it('shows cited nodes by their title and leaves unknown ids out', () => {
    expect(readableAnswer('See [[node:a]] and [[node:ghost]].', (id) => titles[id])).toBe('See **Alpha** and .');
  });
  it('does not repeat a title written just before its citation', () => {
    expect(readableAnswer('Start with **Alpha** [[node:a]], then Alpha [[node:a]].', (id) => titles[id])).toBe(
      'Start with **Alpha**, then Alpha.',
    );
  });
  it('escapes Markdown in titles, and gives plain text for a card', () => {
    expect(readableAnswer('[[node:s]]', (id) => titles[id])).toBe('**Star \\*power\\***');
    expect(readableAnswer('[[node:s]]!', (id) => titles[id], false)).toBe('Star *power*!');
  });
});
