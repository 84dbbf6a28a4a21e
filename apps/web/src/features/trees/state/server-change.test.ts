import { createTreeDocument } from '@arbor/tree-core';
import { describe, expect, it, vi } from 'vitest';
import { UnsavedEditsError } from '../extensions.ts';
import type { Autosave } from './autosave.ts';
import { applyServerChange } from './server-change.ts';

/** The three calls applyServerChange makes of the editor's autosave. */
function fakeAutosave(flushed = true) {
  return {
    flush: vi.fn(async () => flushed),
    getRevision: vi.fn(() => 4),
    adopt: vi.fn(),
  };
}

const fresh = { data: createTreeDocument('Merged'), revision: 5 };

describe('applyServerChange', () => {
  it('saves, makes the change against the saved revision, then adopts the server copy', async () => {
    const autosave = fakeAutosave();
    const change = vi.fn(async (revision: number) => `synced against ${revision}`);
    const adopted = vi.fn();
    const reloadFailed = vi.fn();
    const answer = await applyServerChange({
      autosave: autosave as unknown as Autosave,
      change,
      reload: async () => fresh,
      adopted,
      reloadFailed,
    });
    expect(answer).toBe('synced against 4');
    expect(autosave.adopt).toHaveBeenCalledWith(fresh.data, 5);
    expect(adopted).toHaveBeenCalledWith(fresh);
    expect(reloadFailed).not.toHaveBeenCalled();
  });

  it('sends nothing when the edits before it cannot be saved', async () => {
    const change = vi.fn(async () => 'never');
    await expect(
      applyServerChange({
        autosave: fakeAutosave(false) as unknown as Autosave,
        change,
        reload: async () => fresh,
        adopted: vi.fn(),
        reloadFailed: vi.fn(),
      }),
    ).rejects.toBeInstanceOf(UnsavedEditsError);
    expect(change).not.toHaveBeenCalled();
  });

  it('answers the change made even when the reload after it fails, and says the reload failed', async () => {
    const autosave = fakeAutosave();
    const reloadFailed = vi.fn();
    const adopted = vi.fn();
    const answer = await applyServerChange({
      autosave: autosave as unknown as Autosave,
      change: async () => 'applied',
      reload: () => Promise.reject(new TypeError('Failed to fetch')),
      adopted,
      reloadFailed,
    });
    expect(answer).toBe('applied');
    expect(reloadFailed).toHaveBeenCalledTimes(1);
    expect(autosave.adopt).not.toHaveBeenCalled();
    expect(adopted).not.toHaveBeenCalled();
  });

  it("passes the change's own failure on, with nothing reloaded", async () => {
    const reload = vi.fn(async () => fresh);
    await expect(
      applyServerChange({
        autosave: fakeAutosave() as unknown as Autosave,
        change: () => Promise.reject(new Error('conflict')),
        reload,
        adopted: vi.fn(),
        reloadFailed: vi.fn(),
      }),
    ).rejects.toThrow('conflict');
    expect(reload).not.toHaveBeenCalled();
  });
});
