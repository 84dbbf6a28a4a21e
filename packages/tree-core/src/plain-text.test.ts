import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text.ts';

describe('markdownToPlainText', () => {
  it.each([
    ['**What** is a *monad*?', 'What is a monad?'],
    ['# Title\n\nSome `code` and ~~old~~ text', 'Title Some code and old text'],
    ['- [x] done\n- [ ] todo\n1. first', 'done todo first'],
    ['> quoted **bold**', 'quoted bold'],
    ['See [the docs](https://example.com) and ![a cat](cat.png)', 'See the docs and a cat'],
    ['Euler: $e^{i\\pi}+1=0$ and $$\\int x$$', 'Euler: e^{i\\pi}+1=0 and \\int x'],
    ['```ts\nconst x = 1;\n```', 'const x = 1;'],
    ['| a | b |\n| --- | --- |\n| 1 | 2 |', 'a b 1 2'],
    ['snake_case_name and 2 * 3 * 4 stay', 'snake_case_name and 2 * 3 * 4 stay'],
    ['Costs $5, \\*not\\* 6', 'Costs $5, *not* 6'],
    ['line one\nline two\n\n---\n\nafter', 'line one line two after'],
    ['一级**标题**：*斜体*と_強調_', '一级标题：斜体と強調'],
  ])('%j → %j', (source, plain) => {
    expect(markdownToPlainText(source)).toBe(plain);
  });
});
