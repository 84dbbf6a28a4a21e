import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EditorState, EditorStore } from './editor-store.ts';

export const EditorStoreContext = createContext<EditorStore | null>(null);

export function useEditorStore(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditorStore outside <EditorStoreContext>');
  return store;
}

/** Subscribes to one slice of the editor state; the component re-renders only when that slice changes. */
export function useEditorState<T>(selector: (state: EditorState) => T): T {
  const store = useEditorStore();
  const read = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}
