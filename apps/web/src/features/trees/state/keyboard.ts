import { useEffect, type RefObject } from 'react';
import type { EditorCommands } from './commands.ts';
import { actionForKey } from './editor-actions.ts';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

interface KeyboardOptions {
  commands: EditorCommands;
  readOnly: boolean;
  /** the canvas: keys count only when focus is inside it (or nowhere) */
  scope: RefObject<HTMLElement | null>;
  onReveal: (id: string) => void;
  onSearch: () => void;
}

/**
 * The editor's shortcuts (UI.md "The editor"), from the action table (editor-actions.ts). Listening
 * on the document rather than the canvas keeps them working after an in-place edit drops focus to
 * <body>; keys typed in inputs and in the side panel or dialogs never reach them.
 */
export function useEditorKeyboard({ commands, readOnly, scope, onReveal, onSearch }: KeyboardOptions) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
      const target = event.target as Node | null;
      const inScope = target === document.body || (scope.current?.contains(target) ?? false);
      if (!inScope) return;
      const action = actionForKey(event);
      if (!action || (readOnly && !action.allowedReadOnly)) return;
      const selected = commands.store.getState().selectedId;
      if (action.needsSelection && !selected) return;
      const ctx = { commands, readOnly, onReveal, onSearch };
      if (action.preventDefault?.(ctx) ?? true) event.preventDefault();
      action.run(ctx, selected);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [commands, readOnly, scope, onReveal, onSearch]);
}
