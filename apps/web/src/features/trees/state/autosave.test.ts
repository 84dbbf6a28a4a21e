import { createTreeDocument, updateNode, type TreeDocument } from '@arbor/tree-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { Autosave } from './autosave.ts';
import { EditorStore } from './editor-store.ts';

function setup(save: (doc: TreeDocument, ifMatch: number | undefined) => Promise<number>) {
  const store = new EditorStore(createTreeDocument('Root'), 'root');
  const autosave = new Autosave({
    store,
    revision: 1,
    save,
    load: async () => ({ doc: createTreeDocument('Server'), revision: 9 }),
    draftKey: 'test-draft',
    debounceMs: 100,
  });
  const edit = (title: string) => store.apply((d) => updateNode(d, 'root', { title }));
  return { store, autosave, edit };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('autosave', () => {
  it('saves once after a burst of edits, with the revision as If-Match', async () => {
    const save = vi.fn(async (_doc: TreeDocument, _ifMatch: number | undefined) => 2);
    const { autosave, edit } = setup(save);
    edit('A');
    edit('B');
    expect(autosave.getStatus()).toBe('pending');
    await vi.advanceTimersByTimeAsync(150);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![1]).toBe(1);
    expect(autosave.getStatus()).toBe('saved');
  });

  it('keeps an edit through a network failure, stores a draft and retries until it is saved', async () => {
    let fail = true;
    const save = vi.fn(async (doc: TreeDocument) => {
      if (fail) throw new ApiError(0, { detail: 'Network error', code: 'service_unavailable' });
      return doc.nodes[0]!.title === 'Offline edit' ? 2 : 99;
    });
    const { autosave, edit } = setup(save);
    edit('Offline edit');
    await vi.advanceTimersByTimeAsync(150);
    expect(autosave.getStatus()).toBe('offline');
    expect(localStorage.getItem('test-draft')).toContain('Offline edit');
    fail = false;
    await vi.advanceTimersByTimeAsync(1100);
    expect(autosave.getStatus()).toBe('saved');
    expect(autosave.getRevision()).toBe(2);
    expect(localStorage.getItem('test-draft')).toBeNull();
  });

  it('stops on 412 and then overwrites without If-Match, or reloads the server copy', async () => {
    const save = vi.fn(async (_doc: TreeDocument, ifMatch: number | undefined) => {
      if (ifMatch !== undefined) throw new ApiError(412, { detail: 'stale', code: 'precondition_failed' });
      return 5;
    });
    const { autosave, edit, store } = setup(save);
    edit('Mine');
    await vi.advanceTimersByTimeAsync(150);
    expect(autosave.getStatus()).toBe('conflict');
    edit('Mine again');
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(1);
    await autosave.overwrite();
    expect(save.mock.calls[1]![1]).toBeUndefined();
    expect(autosave.getStatus()).toBe('saved');
    await autosave.reload();
    expect(store.getState().doc.nodes[0]!.title).toBe('Server');
    expect(autosave.getRevision()).toBe(9);
  });

  it('flush resolves once the latest edit is on the server', async () => {
    const save = vi.fn(async () => 3);
    const { autosave, edit } = setup(save);
    edit('Now');
    await expect(autosave.flush()).resolves.toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
  });
  it('adopts a copy the server changed as a reload: not saved back, nothing to undo, the next save against its revision', async () => {
    const save = vi.fn(async (_doc: TreeDocument, ifMatch: number | undefined) => (ifMatch ?? 0) + 1);
    const { store, autosave, edit } = setup(save);
    edit('Mine');
    await vi.advanceTimersByTimeAsync(150);
    expect(save).toHaveBeenCalledTimes(1);

    autosave.adopt(createTreeDocument('Merged on the server'), 7);
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(autosave.dirty).toBe(false);
    expect(autosave.getStatus()).toBe('saved');
    expect(store.getState().doc.nodes[0]!.title).toBe('Merged on the server');
    expect(store.getState().past).toEqual([]);

    edit('After the merge');
    await vi.advanceTimersByTimeAsync(150);
    expect(save.mock.calls[1]![1]).toBe(7);
  });
});
