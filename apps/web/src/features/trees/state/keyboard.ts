import { useEffect, type RefObject } from 'react';
import { indexTree } from '../model/tree-index.ts';
import type { EditorCommands } from './commands.ts';

type Nav = 'parent' | 'child' | 'prev' | 'next';

// Arrow keys follow the drawing: in a top-down tree "down" is the first child, in a left-right tree
// it is the next sibling.
const ARROWS: Record<'TB' | 'LR', Record<string, Nav>> = {
  TB: { ArrowUp: 'parent', ArrowDown: 'child', ArrowLeft: 'prev', ArrowRight: 'next' },
  LR: { ArrowLeft: 'parent', ArrowRight: 'child', ArrowUp: 'prev', ArrowDown: 'next' },
};

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Moves the selection along the tree; returns the new id or null when there is nowhere to go. */
export function navigate(commands: EditorCommands, nav: Nav): string | null {
  const { doc, selectedId } = commands.store.getState();
  const index = indexTree(doc);
  if (!selectedId) return index.root.id;
  const node = index.byId.get(selectedId);
  if (!node) return index.root.id;
  if (nav === 'parent') return node.parent_id;
  if (nav === 'child') return node.collapsed ? null : (index.children.get(selectedId)?.[0] ?? null);
  if (!node.parent_id) return null;
  const siblings = index.children.get(node.parent_id) ?? [];
  const at = siblings.indexOf(selectedId) + (nav === 'next' ? 1 : -1);
  return siblings[at] ?? null;
}

export interface KeyboardOptions {
  commands: EditorCommands;
  readOnly: boolean;
  /** the canvas: keys count only when focus is inside it (or nowhere) */
  scope: RefObject<HTMLElement | null>;
  onReveal: (id: string) => void;
  onSearch: () => void;
}

/**
 * The editor's shortcuts (UI.md "The editor"). Listening on the document rather than the canvas keeps
 * them working after an in-place edit drops focus to <body>; keys typed in inputs and in the side
 * panel or dialogs never reach them.
 */
export function useEditorKeyboard({ commands, readOnly, scope, onReveal, onSearch }: KeyboardOptions) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
      const target = event.target as Node | null;
      const inScope = target === document.body || (scope.current?.contains(target) ?? false);
      if (!inScope) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key;
      const { store } = commands;
      const selected = store.getState().selectedId;
      const direction = store.getState().doc.layout.direction === 'LR' ? 'LR' : 'TB';
      const handled = (fn: () => void) => {
        event.preventDefault();
        fn();
      };

      if (mod && key.toLowerCase() === 'f') return handled(onSearch);
      const nav = ARROWS[direction][key];
      if (nav && !mod) {
        if (event.altKey && !readOnly && selected && (nav === 'prev' || nav === 'next')) {
          return handled(() => commands.reorder(selected, nav === 'prev' ? -1 : 1));
        }
        return handled(() => {
          const next = navigate(commands, nav);
          if (next) {
            store.select(next);
            onReveal(next);
          }
        });
      }
      if (key === 'Escape') return handled(() => store.select(null));
      if (readOnly) {
        if (mod && key.toLowerCase() === 'c') commands.copy();
        return;
      }
      if (mod && key.toLowerCase() === 'z') return handled(() => (event.shiftKey ? commands.redo() : commands.undo()));
      if (mod && key.toLowerCase() === 'y') return handled(() => commands.redo());
      if (mod && key.toLowerCase() === 'c') return handled(() => void commands.copy());
      if (mod && key.toLowerCase() === 'v') {
        return handled(() => {
          const id = commands.paste();
          if (id) onReveal(id);
        });
      }
      if (mod || event.altKey) return;
      if (!selected) return;
      if (key === 'Tab') {
        return handled(() => {
          const id = commands.addChild(selected);
          if (id) onReveal(id);
        });
      }
      if (key === 'Enter') {
        return handled(() => {
          const id = commands.addSibling(selected);
          if (id) onReveal(id);
        });
      }
      if (key === 'Delete' || key === 'Backspace') return handled(() => void commands.deleteSubtree(selected));
      if (key === 'F2') return handled(() => store.startEditing(selected));
      if (key === ' ') return handled(() => commands.toggleCollapsed(selected));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [commands, readOnly, scope, onReveal, onSearch]);
}
