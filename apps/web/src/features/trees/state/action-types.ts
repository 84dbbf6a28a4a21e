import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TranslationKey } from '../../../lib/i18n.ts';
import type { Tree } from '../api/types.ts';
import type { DocumentFormat } from '../io/document-files.ts';
import type { ImageFormat } from '../io/export-image.ts';
import type { LayoutDirection, TreeDocument } from '../model/tree-document.ts';
import type { EditorCommands } from './commands.ts';

/** What extensions get from the open editor (its slots and its actions). */
export interface EditorExtensionContext {
  tree: Tree;
  /** the document as it is now (re-rendered on every change) */
  doc: TreeDocument;
  readOnly: boolean;
  /** every edit goes through these: one undo step each, autosaved */
  commands: EditorCommands;
  /** renders the whole canvas as a PNG, as it looks on screen (share covers are drawn from `doc` instead) */
  exportPng: () => Promise<Blob>;
  /** waits until the working copy is on the server (before sharing a snapshot) */
  flushSave: () => Promise<boolean>;
  /**
   * Lets the server change the working copy (a template update merged in): pending edits are saved
   * first (rejects with `UnsavedEditsError`, sending nothing, when they cannot be), `change` gets the
   * revision to send as `If-Match`, and once it resolves the editor takes the server's copy in as a
   * reload, not as an edit: nothing is saved back and undo starts afresh. Resolves to `change`'s answer.
   */
  applyServerChange: <T>(change: (revision: number) => Promise<T>) => Promise<T>;
}

/** What the editor around the canvas does for an action: the view, files, dialogs. */
export interface EditorChrome {
  /** a phone's width: the toolbar holds only the `always` actions, the rest is in its More menu */
  isPhone: boolean;
  /** brings a node on screen (after adding or moving to it) */
  reveal: (id: string) => void;
  focusSearch: () => void;
  /** saves the working copy now (Ctrl/⌘+S) */
  save: () => void;
  fitView: () => void;
  setDirection: (direction: LayoutDirection) => void;
  exportImage: (format: ImageFormat) => void;
  exportDocument: (format: DocumentFormat) => void;
  /** opens the file chooser of "Import into this tree" */
  chooseImportFile: () => void;
  openSaveVersion: () => void;
  /** the node panel is closed while a node is selected (the toolbar offers it back) */
  nodePanelHidden: boolean;
  showNodePanel: () => void;
  showShortcuts: () => void;
  navigate: (path: string) => void;
  /**
   * shows a dialog in the editor, outside every menu (a menu unmounts its items as it closes); `render`
   * gets the function that closes it
   */
  openDialog: (render: (close: () => void) => ReactNode) => void;
}

/** What an action reads and works on when it runs, from a key, a toolbar button, a menu or the palette. */
export interface EditorActionContext extends EditorExtensionContext {
  selectedId: string | null;
  canUndo: boolean;
  canRedo: boolean;
  chrome: EditorChrome;
  /**
   * The context as the editor is at this moment. The chrome renders a deferred selection (the canvas
   * paints first), so a click, a key or a palette command runs against this, never against what the
   * button saw when it last rendered: Tutor right after a deep link opens on the node of the link.
   */
  atPress: () => EditorActionContext;
}

/**
 * The toolbar's groups, in this order on a wide screen and in the phone's More menu: how a group is
 * drawn on a wide toolbar and its heading in a menu are in `action-groups.ts`.
 */
export type ActionGroup =
  'edit' | 'learning' | 'layout' | 'unlock' | 'view' | 'export' | 'import' | 'versions' | 'share' | 'help';

export interface ActionPlace {
  group: ActionGroup;
  /** lower first inside its group */
  order: number;
  /**
   * `always`: on the toolbar at every width; `wide`: on a wide toolbar, in the More menu on a phone;
   * `phone-menu`: in the phone's More menu only (a wide screen has its keys and the palette)
   */
  bar: 'always' | 'wide' | 'phone-menu';
}

/**
 * What a bound action (see `EditorAction.useBinding`) says about itself now; `hidden` leaves it out,
 * `run` replaces the action's own, `href` makes it a link.
 */
export interface EditorActionBinding {
  hidden?: boolean;
  active?: boolean;
  /** runs with the context as it is at the press (see `EditorActionContext.atPress`) */
  run?: (ctx: EditorActionContext) => void;
  href?: string;
  /** a tooltip saying more than the label */
  tooltip?: string;
}

/**
 * One editor command (Excalidraw's and tldraw's model): the toolbar, the phone's More menu, the
 * keyboard, the shortcut sheet and the command palette all render from the same entry.
 */
export interface EditorAction {
  id: string;
  /** its name everywhere (button label, menu item, shortcut sheet, palette) */
  labelKey: TranslationKey;
  /** a line under the name in a menu */
  descriptionKey?: TranslationKey;
  icon?: Icon;
  /**
   * Shortcuts as `[shift+][mod+][alt+]key` chords, `key` being a `KeyboardEvent.key` (`Space` for
   * the space bar); `mod` is Ctrl, or ⌘ on a Mac (either is accepted everywhere). A chord matches
   * only with exactly its modifiers, except Shift for a symbol (`?` is typed with it). The first
   * chord is the one tooltips show.
   */
  keys?: readonly string[];
  /** on the toolbar or in a menu; left out for keyboard-only actions */
  place?: ActionPlace;
  /** how its toolbar button looks (an icon by default) */
  look?: 'icon' | 'text' | 'primary' | 'accent' | 'toggle';
  color?: string;
  /** `data-testid`s of its toolbar button and of its menu item */
  testIds?: { bar?: string; menu?: string };
  /** also on a read-only tree (moving around, copying, exporting) */
  allowedReadOnly?: boolean;
  /** does nothing without a selected node */
  needsSelection?: boolean;
  /** its keys work from text fields and the side panel too (Ctrl/⌘+S) */
  anywhere?: boolean;
  /** whether the key's default action is prevented (true unless said otherwise) */
  preventDefault?: (ctx: EditorActionContext) => boolean;
  /** offered at all here (e.g. versions to those who may manage them); true when left out */
  visible?: (ctx: EditorActionContext) => boolean;
  /** can run now (greyed out otherwise); true when left out */
  enabled?: (ctx: EditorActionContext) => boolean;
  /** a choice that is on (the layout direction, learning mode) */
  active?: (ctx: EditorActionContext) => boolean;
  /** a link: its button and menu item open this path */
  href?: (ctx: EditorActionContext) => string;
  /**
   * a hook binding the action to its feature's own state (learning mode's provider, a query): called
   * while its button or item is on screen. A bound action has no keys and is not in the palette.
   */
  useBinding?: (ctx: EditorActionContext) => EditorActionBinding;
  run: (ctx: EditorActionContext) => void;
}
