import type { EditorAction, EditorActionBinding, EditorActionContext } from '../../state/action-types.ts';
import { isActionEnabled } from '../../state/action-state.ts';

const NO_BINDING: EditorActionBinding = {};
const useNoBinding = (): EditorActionBinding => NO_BINDING;

export interface BoundAction {
  hidden: boolean;
  enabled: boolean;
  active: boolean | undefined;
  href: string | undefined;
  tooltip: string | undefined;
  run: () => void;
}

/**
 * An action as its button or menu item shows it now: its rules read against `ctx`, and what its
 * binding hook says (the component keeps one action, so the hook is the same on every render).
 */
export function useBoundAction(action: EditorAction, ctx: EditorActionContext): BoundAction {
  const useBinding = action.useBinding ?? useNoBinding;
  const binding = useBinding(ctx);
  return {
    hidden: binding.hidden ?? false,
    enabled: isActionEnabled(action, ctx),
    active: binding.active ?? action.active?.(ctx),
    href: binding.href ?? action.href?.(ctx),
    tooltip: binding.tooltip,
    run: () => (binding.run ?? action.run)(ctx.atPress()),
  };
}
