import type { EditorAction, EditorActionContext } from './action-types.ts';
import { isActionEnabled } from './action-state.ts';
import { matchesChord, type KeyPress } from './chords.ts';

/**
 * Where a key was pressed: on the canvas (or nowhere, after an in-place edit dropped the focus to
 * <body>), in a text field, or elsewhere (the side panel, a dialog, a menu).
 */
export type KeyScope = 'canvas' | 'field' | 'outside';

export interface EditorKeyEvent extends KeyPress {
  defaultPrevented: boolean;
  isComposing: boolean;
  preventDefault: () => void;
}

/** The action a key press names, if any (whether it may run here or not). */
export function actionForKey(event: KeyPress, actions: readonly EditorAction[]): EditorAction | undefined {
  return actions.find((action) => !action.useBinding && action.keys?.some((chord) => matchesChord(event, chord)));
}

/**
 * Runs the action a key press names when it may run here and now, preventing the browser's own
 * meaning of the key (Ctrl+S's "Save page as"); returns the action run, or null. Keys typed in a text
 * field or outside the canvas reach only `anywhere` actions.
 */
export function dispatchKey(
  event: EditorKeyEvent,
  ctx: EditorActionContext,
  actions: readonly EditorAction[],
  scope: KeyScope,
): EditorAction | null {
  if (event.defaultPrevented || event.isComposing) return null;
  const action = actionForKey(event, actions);
  if (!action || (scope !== 'canvas' && !action.anywhere)) return null;
  if (!isActionEnabled(action, ctx)) return null;
  if (action.preventDefault?.(ctx) ?? true) event.preventDefault();
  action.run(ctx);
  return action;
}

function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || typeof element.tagName !== 'string') return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/** The scope of a key event's target, for `dispatchKey`. */
export function keyScope(target: EventTarget | null, canvas: HTMLElement | null): KeyScope {
  if (isTypingTarget(target)) return 'field';
  if (typeof document !== 'undefined' && target === document.body) return 'canvas';
  return canvas && target instanceof Node && canvas.contains(target) ? 'canvas' : 'outside';
}
