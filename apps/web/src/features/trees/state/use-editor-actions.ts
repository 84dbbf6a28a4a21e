import { useEffect, useMemo, useState } from 'react';
import { registeredTreesExtensions, useTreesExtensions, type TreesExtension } from '../extensions.ts';
import type { EditorAction } from './action-types.ts';
import { EDITOR_ACTIONS } from './editor-actions.ts';

const loaded = new WeakMap<TreesExtension, readonly EditorAction[]>();
const loading = new WeakMap<TreesExtension, Promise<void>>();

/** Loads an extension's actions once (its chunk), and remembers them for every later editor. */
export function loadExtensionActions(extension: TreesExtension): Promise<void> {
  if (!extension.editorActions || loaded.has(extension)) return Promise.resolve();
  let pending = loading.get(extension);
  if (!pending) {
    pending = extension
      .editorActions()
      .then((actions) => void loaded.set(extension, actions))
      .catch((error: unknown) => {
        // A chunk that failed to load (a deploy in between) leaves its actions out; the editor still works.
        console.warn(`The editor actions of ${extension.id} did not load`, error);
        loading.delete(extension);
      });
    loading.set(extension, pending);
  }
  return pending;
}

/** The actions of these extensions that have loaded. */
export function extensionActions(extensions: readonly TreesExtension[]): EditorAction[] {
  return extensions.flatMap((extension) => loaded.get(extension) ?? []);
}

/** Every editor action: the built-in ones, then those of the registered extensions as their chunks arrive. */
export function useEditorActions(): readonly EditorAction[] {
  const extensions = useTreesExtensions();
  const [arrived, setArrived] = useState(0);
  useEffect(() => {
    let live = true;
    void Promise.all(extensions.map(loadExtensionActions)).then(() => {
      if (live) setArrived((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [extensions]);
  // `arrived` only tells that more have loaded
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => [...EDITOR_ACTIONS, ...extensionActions(extensions)], [extensions, arrived]);
}

/** Every action: the built-in table and every registered extension's, their chunks loaded (for tests and tools). */
export async function loadAllEditorActions(): Promise<EditorAction[]> {
  const extensions = registeredTreesExtensions();
  await Promise.all(extensions.map(loadExtensionActions));
  return [...EDITOR_ACTIONS, ...extensionActions(extensions)];
}
