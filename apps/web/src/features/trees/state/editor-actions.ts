import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconClipboard,
  IconCopy,
  IconCursorText,
  IconFold,
  IconPlus,
  IconRowInsertBottom,
  IconSearch,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import { indexTree } from '../model/tree-index.ts';
import type { EditorCommands } from './commands.ts';

/** What an action works on when it runs (from a key or a toolbar button). */
export interface EditorActionContext {
  commands: EditorCommands;
  readOnly: boolean;
  /** brings a node on screen (after adding or moving to it) */
  onReveal: (id: string) => void;
  /** focuses the node search */
  onSearch: () => void;
}

/** What the toolbar knows about the editor's state, for enabling its buttons. */
export interface EditorActionState {
  selectedId: string | null;
  canUndo: boolean;
  canRedo: boolean;
}

export interface EditorAction {
  id: string;
  /** key in the trees namespace: the toolbar's tooltip and aria-label */
  labelKey: EditorActionLabelKey;
  icon?: Icon;
  /**
   * Shortcuts as `[mod+][shift+][alt+]key` chords, `key` being a `KeyboardEvent.key` (`Space` for
   * the space bar); `mod` is Ctrl, or ⌘ on a Mac (either is accepted everywhere). A chord matches
   * only with exactly its modifiers. The first chord is the one a tooltip shows.
   */
  keys: readonly string[];
  /** also on a read-only tree (moving around, copying, searching) */
  allowedReadOnly?: boolean;
  /** does nothing without a selected node */
  needsSelection?: boolean;
  /** whether the key's default action is prevented (true unless said otherwise) */
  preventDefault?: (ctx: EditorActionContext) => boolean;
  /** for the toolbar button; true when left out */
  enabled?: (state: EditorActionState) => boolean;
  run: (ctx: EditorActionContext, selectedId: string | null) => void;
}

type EditorActionLabelKey =
  | 'toolbar.undo'
  | 'toolbar.redo'
  | 'actions.addChild'
  | 'actions.addSibling'
  | 'actions.delete'
  | 'actions.rename'
  | 'actions.toggleCollapsed'
  | 'actions.copy'
  | 'actions.paste'
  | 'actions.deselect'
  | 'actions.search'
  | 'actions.selectUp'
  | 'actions.selectDown'
  | 'actions.selectLeft'
  | 'actions.selectRight'
  | 'actions.moveUp'
  | 'actions.moveDown'
  | 'actions.moveLeft'
  | 'actions.moveRight';

type Nav = 'parent' | 'child' | 'prev' | 'next';
type Arrow = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

// Arrow keys follow the drawing: in a top-down tree "down" is the first child, in a left-right tree
// it is the next sibling.
const ARROWS: Record<'TB' | 'LR', Record<Arrow, Nav>> = {
  TB: { ArrowUp: 'parent', ArrowDown: 'child', ArrowLeft: 'prev', ArrowRight: 'next' },
  LR: { ArrowLeft: 'parent', ArrowRight: 'child', ArrowUp: 'prev', ArrowDown: 'next' },
};

const navOf = (commands: EditorCommands, arrow: Arrow): Nav =>
  ARROWS[commands.store.getState().doc.layout.direction === 'LR' ? 'LR' : 'TB'][arrow];

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

function select(ctx: EditorActionContext, nav: Nav) {
  const next = navigate(ctx.commands, nav);
  if (next) {
    ctx.commands.store.select(next);
    ctx.onReveal(next);
  }
}

const reveal = (ctx: EditorActionContext, id: string | null) => {
  if (id) ctx.onReveal(id);
};

const selectAlong = (id: string, arrow: Arrow, labelKey: EditorActionLabelKey): EditorAction => ({
  id,
  labelKey,
  keys: [arrow],
  allowedReadOnly: true,
  run: (ctx) => select(ctx, navOf(ctx.commands, arrow)),
});

/** Alt+arrow along the siblings reorders the node; along the branch (or read-only) it only moves the selection. */
const moveAlong = (id: string, arrow: Arrow, labelKey: EditorActionLabelKey): EditorAction => ({
  id,
  labelKey,
  keys: [`alt+${arrow}`],
  allowedReadOnly: true,
  run: (ctx, selected) => {
    const nav = navOf(ctx.commands, arrow);
    if (!ctx.readOnly && selected && (nav === 'prev' || nav === 'next'))
      ctx.commands.reorder(selected, nav === 'prev' ? -1 : 1);
    else select(ctx, nav);
  },
});

/** Every editor action with its shortcuts: the keyboard handler and the toolbar both read this table. */
export const EDITOR_ACTIONS = [
  {
    id: 'undo',
    labelKey: 'toolbar.undo',
    icon: IconArrowBackUp,
    keys: ['mod+z'],
    enabled: (s) => s.canUndo,
    run: (ctx) => ctx.commands.undo(),
  },
  {
    id: 'redo',
    labelKey: 'toolbar.redo',
    icon: IconArrowForwardUp,
    keys: ['shift+mod+z', 'mod+y'],
    enabled: (s) => s.canRedo,
    run: (ctx) => ctx.commands.redo(),
  },
  {
    id: 'add-child',
    labelKey: 'actions.addChild',
    icon: IconPlus,
    keys: ['Tab'],
    needsSelection: true,
    enabled: (s) => s.selectedId !== null,
    run: (ctx, selected) => reveal(ctx, ctx.commands.addChild(selected)),
  },
  {
    id: 'add-sibling',
    labelKey: 'actions.addSibling',
    icon: IconRowInsertBottom,
    keys: ['Enter'],
    needsSelection: true,
    run: (ctx, selected) => reveal(ctx, ctx.commands.addSibling(selected)),
  },
  {
    id: 'delete',
    labelKey: 'actions.delete',
    icon: IconTrash,
    keys: ['Delete', 'Backspace'],
    needsSelection: true,
    run: (ctx, selected) => void ctx.commands.deleteSubtree(selected!),
  },
  {
    id: 'rename',
    labelKey: 'actions.rename',
    icon: IconCursorText,
    keys: ['F2'],
    needsSelection: true,
    run: (ctx, selected) => ctx.commands.store.startEditing(selected),
  },
  {
    id: 'toggle-collapsed',
    labelKey: 'actions.toggleCollapsed',
    icon: IconFold,
    keys: ['Space'],
    needsSelection: true,
    run: (ctx, selected) => void ctx.commands.toggleCollapsed(selected!),
  },
  {
    id: 'copy',
    labelKey: 'actions.copy',
    icon: IconCopy,
    keys: ['mod+c'],
    allowedReadOnly: true,
    // on a read-only tree the browser's own copy (of selected text) still happens too
    preventDefault: (ctx) => !ctx.readOnly,
    run: (ctx) => void ctx.commands.copy(),
  },
  {
    id: 'paste',
    labelKey: 'actions.paste',
    icon: IconClipboard,
    keys: ['mod+v'],
    run: (ctx) => reveal(ctx, ctx.commands.paste()),
  },
  {
    id: 'search',
    labelKey: 'actions.search',
    icon: IconSearch,
    keys: ['mod+f'],
    allowedReadOnly: true,
    run: (ctx) => ctx.onSearch(),
  },
  {
    id: 'deselect',
    labelKey: 'actions.deselect',
    keys: ['Escape'],
    allowedReadOnly: true,
    run: (ctx) => ctx.commands.store.select(null),
  },
  selectAlong('select-up', 'ArrowUp', 'actions.selectUp'),
  selectAlong('select-down', 'ArrowDown', 'actions.selectDown'),
  selectAlong('select-left', 'ArrowLeft', 'actions.selectLeft'),
  selectAlong('select-right', 'ArrowRight', 'actions.selectRight'),
  moveAlong('move-up', 'ArrowUp', 'actions.moveUp'),
  moveAlong('move-down', 'ArrowDown', 'actions.moveDown'),
  moveAlong('move-left', 'ArrowLeft', 'actions.moveLeft'),
  moveAlong('move-right', 'ArrowRight', 'actions.moveRight'),
] as const satisfies readonly EditorAction[];

export type EditorActionId = (typeof EDITOR_ACTIONS)[number]['id'];

/** The action with this id. */
export function editorAction(id: EditorActionId): EditorAction {
  return EDITOR_ACTIONS.find((action) => action.id === id)!;
}

interface Chord {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

function parseChord(chord: string): Chord {
  const parts = chord.split('+');
  const key = parts.pop()!;
  return {
    mod: parts.includes('mod'),
    shift: parts.includes('shift'),
    alt: parts.includes('alt'),
    key: key === 'Space' ? ' ' : key,
  };
}

const sameKey = (a: string, b: string) => (a.length === 1 ? a.toLowerCase() === b.toLowerCase() : a === b);

/** Does the key event press this chord (exactly its modifiers; Ctrl and ⌘ both count as `mod`)? */
function matchesChord(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
  chord: string,
) {
  const c = parseChord(chord);
  return (
    sameKey(c.key, event.key) &&
    c.mod === (event.ctrlKey || event.metaKey) &&
    c.shift === event.shiftKey &&
    c.alt === event.altKey
  );
}

/** The action a key event triggers, if any. */
export function actionForKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>) {
  return EDITOR_ACTIONS.find((action) => action.keys.some((chord) => matchesChord(event, chord))) as
    EditorAction | undefined;
}

const isMacPlatform = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const KEY_NAMES: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  Delete: 'Del',
};

/** A chord as people read it: `Shift+Ctrl+Z`, or `⇧⌘Z` on a Mac. */
export function formatChord(chord: string, mac = isMacPlatform()): string {
  const parts = chord.split('+');
  const key = parts.pop()!;
  const names = parts.map((part) =>
    part === 'mod' ? (mac ? '⌘' : 'Ctrl') : part === 'shift' ? (mac ? '⇧' : 'Shift') : mac ? '⌥' : 'Alt',
  );
  const keyName = KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key);
  return mac ? [...names, keyName].join('') : [...names, keyName].join('+');
}
