import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Tree } from './api/types.ts';
import type { TreeNode } from './model/tree-document.ts';
import type { EditorAction, EditorExtensionContext } from './state/action-types.ts';

export type { EditorExtensionContext };

/** `applyServerChange` could not save the edits made before it, so it did not ask the server for anything. */
export class UnsavedEditsError extends Error {
  constructor() {
    super('The latest edits are not saved yet.');
    this.name = 'UnsavedEditsError';
  }
}

export interface NodePanelExtensionContext extends EditorExtensionContext {
  node: TreeNode;
  /** titles from the root down to the node's parent, for prompts */
  path: string[];
}

/** What a node badge is drawn from: the node as it is now, on an editable or a read-only canvas. */
export interface NodeBadgeContext {
  node: TreeNode;
  readOnly: boolean;
  /** the node is the canvas's selected one */
  selected: boolean;
}

/** Rings on the overview canvas (see `TreesExtension.useOverviewRing`). */
export interface OverviewRing {
  color: (id: string) => string | null;
  version: unknown;
}

export interface TreeCardExtensionContext {
  tree: Tree;
  /**
   * shows a dialog beside the card, outside its menu: the menu closes (and unmounts its items) at the
   * first click elsewhere, which would take a dialog rendered by a menu item with it. `render` gets
   * the function that closes the dialog.
   */
  openDialog: (render: (close: () => void) => ReactNode) => void;
}

/**
 * Extension points of the trees feature. AI actions and sharing live in their own features and plug
 * in here instead of the editor importing them (features never import each other's internals):
 *
 *   registerTreesExtension({ id: 'ai', nodePanel: (ctx) => <AiNodeActions {...ctx} />, order: 10 });
 *
 * Call it once at module load of the extending feature (e.g. from its `index.ts` imported by
 * `app/`), and the editor, the node panel and the trees list render it in the right slot. Commands
 * for the editor are `editorActions`: the toolbar, the phone's More menu, the keyboard, the shortcut
 * sheet and the palette all show them, so an extension never draws its own button and menu item.
 */
export interface TreesExtension {
  id: string;
  /** lower first; built-in items come before extensions */
  order?: number;
  /**
   * a strip above the canvas, under the toolbar (e.g. "The template has updates" on a fork): keep
   * it to one line on a phone, and render nothing (null) when it has nothing to say
   */
  editorBanner?: (ctx: EditorExtensionContext) => ReactNode;
  /**
   * the extension's editor commands (e.g. "Share", "Learn"), loaded when an editor opens: a lazy
   * import, so the app's first bundle carries only this function
   */
  editorActions?: () => Promise<readonly EditorAction[]>;
  /**
   * a status shown in the editor's toolbar, not a command (e.g. learning progress): commands are
   * `editorActions`. Keep it narrow enough for a phone's toolbar, and render null when it has nothing to say.
   */
  editorStatus?: (ctx: EditorExtensionContext) => ReactNode;
  /** a section of the node side panel (e.g. AI "write content", "suggest children") */
  nodePanel?: (ctx: NodePanelExtensionContext) => ReactNode;
  /**
   * small marks drawn at the corner of every canvas node (e.g. learning progress, a discussion count),
   * on the editor's and the read-only viewers' canvases, not on zoomed-out pills. Called for each
   * node whenever the node re-renders: return a component that subscribes to its own state rather
   * than computing much here, and null for nodes without a badge.
   */
  nodeBadges?: (ctx: NodeBadgeContext) => ReactNode;
  /**
   * a layer over the whole node, under its badges (a ring, dimming, a highlight), on zoomed-out
   * pills too: position it `absolute` with an `inset`, and let pointer events through. Same rules
   * as `nodeBadges`.
   */
  nodeFrame?: (ctx: NodeBadgeContext) => ReactNode;
  /**
   * the same ring as `nodeFrame`, for the zoomed-out overview of a big tree, which draws every node
   * into one canvas (no component per node): a hook the canvas calls once, answering each node's ring
   * colour (a CSS colour, variables allowed; null for none) and a value that changes whenever a ring
   * does; null while the extension draws nothing. It must not suspend.
   */
  useOverviewRing?: () => OverviewRing | null;
  /** `<Menu.Item>`s in the "New tree" menu of /trees (e.g. "Generate from a topic (AI)") */
  createMenu?: () => ReactNode;
  /** `<Menu.Item>`s in a tree card's menu on /trees (e.g. "Share") */
  treeCardMenu?: (ctx: TreeCardExtensionContext) => ReactNode;
}

let extensions: readonly TreesExtension[] = [];
const listeners = new Set<() => void>();

/** Adds (or replaces, by id) an extension; returns a function that removes it. */
export function registerTreesExtension(extension: TreesExtension): () => void {
  extensions = [...extensions.filter((e) => e.id !== extension.id), extension].sort(
    (a, b) => (a.order ?? 0) - (b.order ?? 0),
  );
  listeners.forEach((l) => l());
  return () => {
    extensions = extensions.filter((e) => e !== extension);
    listeners.forEach((l) => l());
  };
}

/** The registered extensions as they are now (for code outside React). */
export function registeredTreesExtensions(): readonly TreesExtension[] {
  return extensions;
}

/** The registered extensions; components re-render when one is added or removed. */
export function useTreesExtensions(): readonly TreesExtension[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => extensions,
    () => extensions,
  );
}

/** The registered extensions that draw node badges or frames; the canvas reads them once for all its nodes. */
export function useNodeBadgeExtensions(): readonly TreesExtension[] {
  const all = useTreesExtensions();
  return useMemo(
    () => all.filter((extension) => extension.nodeBadges || extension.nodeFrame || extension.useOverviewRing),
    [all],
  );
}
