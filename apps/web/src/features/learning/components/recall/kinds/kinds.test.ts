import { describe, expect, it } from 'vitest';
import { ANSWER_HREF, clozeMarkdown, GAP_HREF, wrapAsCloze } from './cloze-text.ts';
import { isDrawn, maskBetween, moveMask } from './mask-geometry.ts';

describe('cloze text', () => {
  const text = '{{c1::Paris}} is the capital of {{c2::France::country}}.';

  it('shows card 1 with its gap and the other answers, and the answer in place once revealed', () => {
    expect(clozeMarkdown(text, 1, false)).toBe(`[\\[…\\]](${GAP_HREF}) is the capital of France.`);
    expect(clozeMarkdown(text, 2, false)).toBe(`Paris is the capital of [\\[country\\]](${GAP_HREF}).`);
    expect(clozeMarkdown(text, 2, true)).toBe(`Paris is the capital of [France](${ANSWER_HREF}).`);
  });

  it('wraps a selection as the next cloze number', () => {
    const plain = 'Water boils at 100 degrees.';
    const first = wrapAsCloze(plain, 15, 18);
    expect(first.text).toBe('Water boils at {{c1::100}} degrees.');
    expect(first.text.slice(first.selectionStart, first.selectionEnd)).toBe('100');
    const second = wrapAsCloze(first.text, 0, 5);
    expect(second).toMatchObject({ n: 2, text: '{{c2::Water}} boils at {{c1::100}} degrees.' });
  });
});

describe('mask geometry', () => {
  it('draws a rectangle either way and keeps it inside the image', () => {
    expect(maskBetween({ x: 0.5, y: 0.6 }, { x: 0.2, y: 1.3 })).toEqual({ x: 0.2, y: 0.6, w: 0.3, h: 0.4 });
    expect(isDrawn(maskBetween({ x: 0.5, y: 0.5 }, { x: 0.501, y: 0.6 }))).toBe(false);
  });

  it('moves a mask without letting it leave the image', () => {
    expect(moveMask({ x: 0.7, y: 0.1, w: 0.2, h: 0.2 }, 0.3, -0.5)).toEqual({ x: 0.8, y: 0, w: 0.2, h: 0.2 });
  });
});
