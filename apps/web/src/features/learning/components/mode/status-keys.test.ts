import { describe, expect, it } from 'vitest';
import { isCanvasKeyTarget, statusForKey } from './status-keys.ts';

const key = (k: string, extra: Partial<KeyboardEvent> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  isComposing: false,
  target: document.body,
  ...extra,
});

describe('status keys', () => {
  it('maps 1–4 to todo, learning, done and skipped', () => {
    expect(['1', '2', '3', '4'].map((k) => statusForKey(key(k)))).toEqual(['todo', 'learning', 'done', 'skipped']);
  });

  it('ignores other keys, modified digits and keys typed into a field', () => {
    const input = document.createElement('textarea');
    expect(statusForKey(key('5'))).toBeNull();
    expect(statusForKey(key('a'))).toBeNull();
    expect(statusForKey(key('1', { ctrlKey: true }))).toBeNull();
    expect(statusForKey(key('2', { metaKey: true }))).toBeNull();
    expect(statusForKey(key('3', { altKey: true }))).toBeNull();
    expect(statusForKey(key('3', { isComposing: true }))).toBeNull();
    expect(statusForKey(key('1', { target: input }))).toBeNull();
  });

  it('counts keys on the canvas or with the focus nowhere, not in panels', () => {
    const canvas = document.createElement('div');
    canvas.dataset.testid = 'tree-canvas';
    const inside = document.createElement('button');
    canvas.append(inside);
    const panel = document.createElement('button');
    document.body.append(canvas, panel);
    expect(isCanvasKeyTarget(document.body)).toBe(true);
    expect(isCanvasKeyTarget(inside)).toBe(true);
    expect(isCanvasKeyTarget(panel)).toBe(false);
    canvas.remove();
    panel.remove();
  });
});
