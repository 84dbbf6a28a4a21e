import type { LearningStatusValue } from '@arbor/contract';

/** The statuses in the order of their keys (1–4) and of every status control. */
export const STATUSES = ['todo', 'learning', 'done', 'skipped'] as const satisfies readonly LearningStatusValue[];

type KeyEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing' | 'target'>;

function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The status a key sets on the selected node: 1 todo, 2 learning, 3 done, 4 skipped, without any
 * modifier (Ctrl+1 and friends belong to the browser), never while typing; null for any other key.
 * The editor's action table (trees' editor-actions.ts) uses no digit, so nothing clashes.
 */
export function statusForKey(event: KeyEvent): LearningStatusValue | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.isComposing) return null;
  if (isTypingTarget(event.target)) return null;
  const index = ['1', '2', '3', '4'].indexOf(event.key);
  return index < 0 ? null : STATUSES[index]!;
}

/** Keys count on the canvas (or with the focus nowhere), not in panels, menus or dialogs. */
export function isCanvasKeyTarget(target: EventTarget | null): boolean {
  if (typeof document === 'undefined') return false;
  if (target === document.body || target === null) return true;
  return target instanceof Element && target.closest('[data-testid="tree-canvas"]') !== null;
}
