import { useSyncExternalStore } from 'react';
import type { Icon } from '@tabler/icons-react';

/** A command of the page on screen (the editor's actions) that the command palette offers too. */
export interface PageCommand {
  id: string;
  /** translated already */
  title: string;
  /** its shortcut, as people read it */
  shortcut?: string;
  icon?: Icon;
  run: () => void;
}

let commands: readonly PageCommand[] = [];
const listeners = new Set<() => void>();

/**
 * The page's commands, replacing those published before; returns a function withdrawing them. The
 * palette and the page never import each other: this small store between them is all they share.
 */
export function publishPageCommands(next: readonly PageCommand[]): () => void {
  commands = next;
  listeners.forEach((listener) => listener());
  return () => {
    if (commands !== next) return;
    commands = [];
    listeners.forEach((listener) => listener());
  };
}

/** The commands the page on screen offers now. */
export function usePageCommands(): readonly PageCommand[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => commands,
    () => commands,
  );
}
