import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoteAutosave, type NoteSaveState } from './note-autosave.ts';

function setup(save: (content: string) => Promise<void>) {
  const states: NoteSaveState[] = [];
  const autosave = new NoteAutosave({ initial: '', save, onState: (s) => states.push(s), delayMs: 800 });
  return { autosave, states };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('note autosave', () => {
  it('saves once, 800 ms after the last keystroke, and says so', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { autosave, states } = setup(save);
    autosave.change('a');
    await vi.advanceTimersByTimeAsync(500);
    autosave.change('ab');
    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledExactlyOnceWith('ab');
    expect(states).toEqual(['pending', 'saving', 'saved']);
  });

  it('saves at once on flush (blur) without waiting for the pause', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { autosave } = setup(save);
    autosave.change('note');
    await autosave.flush();
    expect(save).toHaveBeenCalledExactlyOnceWith('note');
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('sends one request at a time and ends with the latest text', async () => {
    const calls: Array<{ content: string; done: () => void }> = [];
    const save = vi.fn((content: string) => new Promise<void>((resolve) => calls.push({ content, done: resolve })));
    const { autosave, states } = setup(save);
    autosave.change('one');
    const first = autosave.flush();
    autosave.change('one two');
    const second = autosave.flush();
    expect(calls.map((c) => c.content)).toEqual(['one']);
    calls[0]!.done();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.content)).toEqual(['one', 'one two']);
    calls[1]!.done();
    await Promise.all([first, second]);
    expect(autosave.current).toBe('saved');
    expect(states.at(-1)).toBe('saved');
  });

  it('keeps the text after a refused save and sends it again on retry', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const { autosave, states } = setup(save);
    autosave.change('keep me');
    await autosave.flush();
    expect(autosave.current).toBe('error');
    await autosave.retry();
    expect(save).toHaveBeenLastCalledWith('keep me');
    expect(states).toEqual(['pending', 'saving', 'error', 'saving', 'saved']);
  });

  it('does not save text that is back to what the server has', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { autosave } = setup(save);
    autosave.change('x');
    autosave.change('');
    await vi.advanceTimersByTimeAsync(1000);
    await autosave.flush();
    expect(save).not.toHaveBeenCalled();
  });
});
