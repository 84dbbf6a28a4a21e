import type { TranslationKey } from '../../../lib/i18n.ts';
import type { ActionGroup, ActionPlace, EditorAction, EditorActionContext } from './action-types.ts';
import { isActionVisible } from './action-state.ts';

/** The dropdowns a wide toolbar gathers some groups into. */
export type ToolbarMenu = 'document' | 'settings';

interface GroupLayout {
  /** a menu's heading over the group */
  labelKey?: TranslationKey;
  /** on a wide toolbar: buttons, one segmented choice, or items of a dropdown */
  wide: 'buttons' | 'segmented' | ToolbarMenu;
}

/** The groups in their order on the toolbar and in the More menu. */
export const ACTION_GROUPS: ReadonlyArray<[ActionGroup, GroupLayout]> = [
  ['edit', { wide: 'buttons' }],
  ['layout', { wide: 'segmented', labelKey: 'trees:toolbar.layout' }],
  ['unlock', { wide: 'settings', labelKey: 'learning:editor.unlock' }],
  ['view', { wide: 'buttons' }],
  ['export', { wide: 'document', labelKey: 'trees:io.export' }],
  ['import', { wide: 'document', labelKey: 'trees:io.import' }],
  ['versions', { wide: 'buttons' }],
  ['learning', { wide: 'buttons' }],
  ['share', { wide: 'buttons' }],
  ['help', { wide: 'buttons' }],
];

const PLACES: Record<'phone-bar' | 'phone-more' | 'wide-bar', ReadonlyArray<ActionPlace['bar']>> = {
  'phone-bar': ['always'],
  'phone-more': ['wide', 'phone-menu'],
  'wide-bar': ['always', 'wide'],
};

export interface PlacedGroup {
  group: ActionGroup;
  layout: GroupLayout;
  actions: EditorAction[];
}

/**
 * The actions with a place, visible here, by group in toolbar order: a phone's toolbar holds the
 * `always` ones, its More menu the others; a wide toolbar all but those kept for the phone's menu.
 */
export function placedGroups(
  actions: readonly EditorAction[],
  ctx: EditorActionContext,
  where: 'phone-bar' | 'phone-more' | 'wide-bar',
): PlacedGroup[] {
  const here = actions.filter(
    (action) => action.place && isActionVisible(action, ctx) && PLACES[where].includes(action.place.bar),
  );
  return ACTION_GROUPS.map(([group, layout]) => ({
    group,
    layout,
    actions: here.filter((action) => action.place!.group === group).sort((a, b) => a.place!.order - b.place!.order),
  })).filter((placed) => placed.actions.length > 0);
}
