import { useEffect, useRef, type RefObject } from 'react';
import type { EditorAction, EditorActionContext } from './action-types.ts';
import { dispatchKey, keyScope } from './dispatch-key.ts';

interface KeyboardOptions {
  actions: readonly EditorAction[];
  /** the context as it is at the key press (the selection and undo history read from the store) */
  context: () => EditorActionContext;
  /** the canvas: most keys count only when focus is inside it (or nowhere) */
  scope: RefObject<HTMLElement | null>;
}

/**
 * The editor's shortcuts (UI.md "The editor"), from the action registry through `dispatchKey`.
 * Listening on the document rather than the canvas keeps them working after an in-place edit drops
 * focus to <body>; keys typed in inputs, the side panel or dialogs reach only `anywhere` actions (Ctrl+S).
 */
export function useEditorKeyboard({ actions, context, scope }: KeyboardOptions) {
  const latest = useRef({ actions, context });
  useEffect(() => {
    latest.current = { actions, context };
  }, [actions, context]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const where = keyScope(event.target, scope.current);
      dispatchKey(event, latest.current.context(), latest.current.actions, where);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [scope]);
}
