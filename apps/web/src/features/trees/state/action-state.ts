import type { EditorAction, EditorActionContext } from './action-types.ts';

/** Offered here at all: its own rule, and read-only trees get only what reads. */
export function isActionVisible(action: EditorAction, ctx: EditorActionContext): boolean {
  if (ctx.readOnly && !action.allowedReadOnly) return false;
  return action.visible?.(ctx) ?? true;
}

/** Offered and able to run now (a selection when it needs one, its own rule). */
export function isActionEnabled(action: EditorAction, ctx: EditorActionContext): boolean {
  if (!isActionVisible(action, ctx)) return false;
  if (action.needsSelection && !ctx.selectedId) return false;
  return action.enabled?.(ctx) ?? true;
}
