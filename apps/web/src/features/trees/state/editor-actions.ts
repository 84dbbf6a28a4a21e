import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBinaryTree,
  IconBinaryTree2,
  IconChartDonut,
  IconClipboard,
  IconCopy,
  IconCursorText,
  IconDeviceFloppy,
  IconFileTypeSvg,
  IconFocus2,
  IconFold,
  IconHistory,
  IconJson,
  IconKeyboard,
  IconLayoutBoard,
  IconLayoutSidebarRight,
  IconListTree,
  IconLockOpen,
  IconMarkdown,
  IconPhoto,
  IconPlus,
  IconRowInsertBottom,
  IconSearch,
  IconTrash,
  IconUpload,
  type Icon,
} from '@tabler/icons-react';
import type { UnlockMode } from '@arbor/tree-core';
import type { TranslationKey } from '../../../lib/i18n.ts';
import type { DocumentFormat } from '../io/document-files.ts';
import type { ImageFormat } from '../io/export-image.ts';
import type { LayoutDirection } from '../model/tree-document.ts';
import { indexTree } from '../model/tree-index.ts';
import type { EditorAction, EditorActionContext } from './action-types.ts';
import type { EditorCommands } from './commands.ts';

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
    ctx.chrome.reveal(next);
  }
}

const reveal = (ctx: EditorActionContext, id: string | null) => {
  if (id) ctx.chrome.reveal(id);
};

const selectAlong = (id: string, arrow: Arrow, labelKey: TranslationKey): EditorAction => ({
  id,
  labelKey,
  keys: [arrow],
  allowedReadOnly: true,
  run: (ctx) => select(ctx, navOf(ctx.commands, arrow)),
});

/** Alt+arrow along the siblings reorders the node; along the branch (or read-only) it only moves the selection. */
const moveAlong = (id: string, arrow: Arrow, labelKey: TranslationKey): EditorAction => ({
  id,
  labelKey,
  keys: [`alt+${arrow}`],
  allowedReadOnly: true,
  run: (ctx) => {
    const selected = ctx.selectedId;
    const nav = navOf(ctx.commands, arrow);
    if (!ctx.readOnly && selected && (nav === 'prev' || nav === 'next'))
      ctx.commands.reorder(selected, nav === 'prev' ? -1 : 1);
    else select(ctx, nav);
  },
});

const DIRECTIONS: ReadonlyArray<[LayoutDirection, Icon]> = [
  ['TB', IconBinaryTree],
  ['LR', IconBinaryTree2],
  ['RADIAL', IconChartDonut],
];

/** "Top-down", "Left-right", "Radial": one choice each, a segmented control on a wide toolbar. */
const layoutActions = DIRECTIONS.map(([direction, icon], order): EditorAction => ({
  id: `layout-${direction}`,
  labelKey: `trees:layout.${direction}`,
  icon,
  place: { group: 'layout', order, bar: 'wide' },
  testIds: { menu: `more-layout-${direction}` },
  active: (ctx) => ctx.doc.layout.direction === direction,
  run: (ctx) => ctx.chrome.setDirection(direction),
}));

const UNLOCK_MODES: ReadonlyArray<[UnlockMode, TranslationKey, TranslationKey]> = [
  ['links', 'learning:editor.unlockLinks', 'learning:editor.unlockLinksHint'],
  ['parent', 'learning:editor.unlockParent', 'learning:editor.unlockParentHint'],
];

/** What a node waits for before learners may start it: the tree's settings menu. */
const unlockActions = UNLOCK_MODES.map(([mode, labelKey, descriptionKey], order): EditorAction => ({
  id: `unlock-${mode}`,
  labelKey,
  descriptionKey,
  icon: IconLockOpen,
  place: { group: 'unlock', order, bar: 'wide' },
  testIds: { menu: `unlock-${mode}` },
  active: (ctx) => ctx.doc.unlock === mode,
  run: (ctx) => void ctx.commands.setUnlockMode(mode),
}));

const IMAGE_EXPORTS: ReadonlyArray<[ImageFormat, Icon]> = [
  ['png', IconPhoto],
  ['svg', IconFileTypeSvg],
];
const DOCUMENT_EXPORTS: ReadonlyArray<[DocumentFormat, Icon]> = [
  ['json', IconJson],
  ['markdown', IconMarkdown],
  ['opml', IconListTree],
  ['canvas', IconLayoutBoard],
];

/** Export as a picture or a document: the document menu on a wide toolbar. */
const exportActions: EditorAction[] = [
  ...IMAGE_EXPORTS.map(([format, icon], order): EditorAction => ({
    id: `export-${format}`,
    labelKey: `trees:io.${format}`,
    icon,
    place: { group: 'export', order, bar: 'wide' },
    testIds: { menu: `export-${format}` },
    allowedReadOnly: true,
    run: (ctx) => ctx.chrome.exportImage(format),
  })),
  ...DOCUMENT_EXPORTS.map(([format, icon], order): EditorAction => ({
    id: `export-${format}`,
    labelKey: `trees:io.${format}`,
    icon,
    place: { group: 'export', order: IMAGE_EXPORTS.length + order, bar: 'wide' },
    testIds: { menu: `export-${format}` },
    allowedReadOnly: true,
    run: (ctx) => ctx.chrome.exportDocument(format),
  })),
];

const mayManageVersions = (ctx: EditorActionContext) => ctx.tree.abilities.manage_versions;

/** Every built-in editor action: the toolbar, the More menu, the keyboard, the shortcut sheet and the palette read this table. */
export const EDITOR_ACTIONS: readonly EditorAction[] = [
  {
    id: 'undo',
    labelKey: 'trees:toolbar.undo',
    icon: IconArrowBackUp,
    keys: ['mod+z'],
    place: { group: 'edit', order: 0, bar: 'always' },
    enabled: (ctx) => ctx.canUndo,
    run: (ctx) => ctx.commands.undo(),
  },
  {
    id: 'redo',
    labelKey: 'trees:toolbar.redo',
    icon: IconArrowForwardUp,
    keys: ['shift+mod+z', 'mod+y'],
    place: { group: 'edit', order: 1, bar: 'always' },
    enabled: (ctx) => ctx.canRedo,
    run: (ctx) => ctx.commands.redo(),
  },
  {
    id: 'add-child',
    labelKey: 'trees:actions.addChild',
    icon: IconPlus,
    keys: ['Tab'],
    place: { group: 'edit', order: 2, bar: 'always' },
    needsSelection: true,
    run: (ctx) => reveal(ctx, ctx.commands.addChild(ctx.selectedId)),
  },
  {
    id: 'node-details',
    labelKey: 'trees:toolbar.details',
    icon: IconLayoutSidebarRight,
    // The node panel closes itself on phones; this brings it back for the selected node.
    place: { group: 'edit', order: 3, bar: 'always' },
    testIds: { bar: 'open-node-panel', menu: 'open-node-panel' },
    allowedReadOnly: true,
    visible: (ctx) => ctx.chrome.nodePanelHidden,
    run: (ctx) => ctx.chrome.showNodePanel(),
  },
  {
    id: 'add-sibling',
    labelKey: 'trees:actions.addSibling',
    icon: IconRowInsertBottom,
    keys: ['Enter'],
    needsSelection: true,
    run: (ctx) => reveal(ctx, ctx.commands.addSibling(ctx.selectedId)),
  },
  {
    id: 'delete',
    labelKey: 'trees:actions.delete',
    icon: IconTrash,
    keys: ['Delete', 'Backspace'],
    needsSelection: true,
    run: (ctx) => void ctx.commands.deleteSubtree(ctx.selectedId),
  },
  {
    id: 'rename',
    labelKey: 'trees:actions.rename',
    icon: IconCursorText,
    keys: ['F2'],
    needsSelection: true,
    run: (ctx) => ctx.commands.store.startEditing(ctx.selectedId),
  },
  {
    id: 'toggle-collapsed',
    labelKey: 'trees:actions.toggleCollapsed',
    icon: IconFold,
    keys: ['Space'],
    needsSelection: true,
    run: (ctx) => ctx.commands.toggleCollapsed(ctx.selectedId!),
  },
  {
    id: 'copy',
    labelKey: 'trees:actions.copy',
    icon: IconCopy,
    keys: ['mod+c'],
    allowedReadOnly: true,
    // on a read-only tree the browser's own copy (of selected text) still happens too
    preventDefault: (ctx) => !ctx.readOnly,
    run: (ctx) => void ctx.commands.copy(ctx.selectedId),
  },
  {
    id: 'paste',
    labelKey: 'trees:actions.paste',
    icon: IconClipboard,
    keys: ['mod+v'],
    run: (ctx) => reveal(ctx, ctx.commands.paste(ctx.selectedId)),
  },
  {
    id: 'search',
    labelKey: 'trees:actions.search',
    icon: IconSearch,
    keys: ['mod+f'],
    allowedReadOnly: true,
    run: (ctx) => ctx.chrome.focusSearch(),
  },
  {
    id: 'save',
    labelKey: 'trees:actions.save',
    icon: IconDeviceFloppy,
    keys: ['mod+s'],
    // Ctrl+S saves from anywhere in the editor, and never opens the browser's "Save page as".
    anywhere: true,
    allowedReadOnly: true,
    run: (ctx) => ctx.chrome.save(),
  },
  {
    id: 'deselect',
    labelKey: 'trees:actions.deselect',
    keys: ['Escape'],
    allowedReadOnly: true,
    run: (ctx) => ctx.commands.store.select(null),
  },
  selectAlong('select-up', 'ArrowUp', 'trees:actions.selectUp'),
  selectAlong('select-down', 'ArrowDown', 'trees:actions.selectDown'),
  selectAlong('select-left', 'ArrowLeft', 'trees:actions.selectLeft'),
  selectAlong('select-right', 'ArrowRight', 'trees:actions.selectRight'),
  moveAlong('move-up', 'ArrowUp', 'trees:actions.moveUp'),
  moveAlong('move-down', 'ArrowDown', 'trees:actions.moveDown'),
  moveAlong('move-left', 'ArrowLeft', 'trees:actions.moveLeft'),
  moveAlong('move-right', 'ArrowRight', 'trees:actions.moveRight'),
  ...layoutActions,
  ...unlockActions,
  {
    id: 'fit-view',
    labelKey: 'trees:toolbar.fit',
    icon: IconFocus2,
    place: { group: 'view', order: 0, bar: 'wide' },
    testIds: { bar: 'toolbar-fit', menu: 'more-fit' },
    allowedReadOnly: true,
    run: (ctx) => ctx.chrome.fitView(),
  },
  ...exportActions,
  {
    id: 'import',
    labelKey: 'trees:io.importFile',
    icon: IconUpload,
    place: { group: 'import', order: 0, bar: 'wide' },
    testIds: { menu: 'import-into-tree' },
    run: (ctx) => ctx.chrome.chooseImportFile(),
  },
  {
    id: 'versions',
    labelKey: 'trees:toolbar.versions',
    icon: IconHistory,
    place: { group: 'versions', order: 0, bar: 'wide' },
    look: 'text',
    testIds: { bar: 'open-versions', menu: 'more-versions' },
    visible: mayManageVersions,
    href: (ctx) => `/trees/${ctx.tree.uuid}/versions`,
    run: (ctx) => ctx.chrome.navigate(`/trees/${ctx.tree.uuid}/versions`),
  },
  {
    id: 'save-version',
    labelKey: 'trees:toolbar.saveVersion',
    icon: IconDeviceFloppy,
    place: { group: 'versions', order: 1, bar: 'wide' },
    look: 'primary',
    testIds: { bar: 'save-version', menu: 'more-save-version' },
    visible: mayManageVersions,
    run: (ctx) => ctx.chrome.openSaveVersion(),
  },
  {
    id: 'shortcuts',
    labelKey: 'trees:shortcuts.title',
    icon: IconKeyboard,
    keys: ['?'],
    // A wide screen has `?` and the palette; the toolbar's room goes to the tree's title (issue 27).
    place: { group: 'help', order: 0, bar: 'phone-menu' },
    testIds: { bar: 'open-shortcuts', menu: 'more-shortcuts' },
    allowedReadOnly: true,
    run: (ctx) => ctx.chrome.showShortcuts(),
  },
];

/** The built-in action with this id. */
export function editorAction(id: string): EditorAction {
  return EDITOR_ACTIONS.find((action) => action.id === id)!;
}
