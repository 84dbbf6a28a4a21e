import type { TreeDocument } from '@arbor/tree-core';
import type { Autosave } from './autosave.ts';
import { UnsavedEditsError } from '../extensions.ts';

type Fresh = { data: TreeDocument; revision: number };

interface ServerChangeSteps<T, F extends Fresh> {
  autosave: Autosave | null;
  /** the change, made on the server against the saved revision */
  change: (revision: number) => Promise<T>;
  /** reads the server's copy after the change */
  reload: () => Promise<F>;
  /** takes the server's copy as the editor's (called after the editor adopted it) */
  adopted: (fresh: F) => void;
  /** the change was made but the reload failed (the network dropped) */
  reloadFailed: () => void;
}

/**
 * The working copy saved, the server's change made against its revision, then the server's copy
 * adopted the way the conflict dialog's "reload" does. Once the change is made it is not undone by a
 * failed reload: the caller hears of the change's answer, and of the reload's failure apart (the
 * editor keeps its copy, whose next save meets the usual conflict dialog).
 */
export async function applyServerChange<T, F extends Fresh>(steps: ServerChangeSteps<T, F>): Promise<T> {
  const { autosave } = steps;
  if (!autosave || !(await autosave.flush())) throw new UnsavedEditsError();
  const answer = await steps.change(autosave.getRevision());
  let fresh: F;
  try {
    fresh = await steps.reload();
  } catch {
    steps.reloadFailed();
    return answer;
  }
  autosave.adopt(fresh.data, fresh.revision);
  steps.adopted(fresh);
  return answer;
}
