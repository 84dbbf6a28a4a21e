// The trees feature's public surface: what pages and other features (versions, AI, sharing) may use.
export { TreeEditor } from './components/TreeEditor.tsx';
export { EditorSkeleton } from './components/EditorSkeleton.tsx';
export { TreeListPage } from './components/list/TreeListPage.tsx';
export { TreeViewer } from './components/TreeViewer.tsx';
export { LazyTreeViewer } from './components/LazyTreeViewer.tsx';
export { MarkdownPreview } from './components/MarkdownPreview.tsx';
export type { DiffMark } from './layout/flow-elements.ts';
// Comparing two documents: the canvas marks and the list beside it (versions, template history, suggestions).
export { buildDiffView, type DiffView } from './diff/diff-view.ts';
export { DiffSummary } from './diff/DiffSummary.tsx';
// Pure layout, for pictures of a tree drawn outside the canvas (share covers).
export { layoutTree, NODE_HEIGHT, NODE_WIDTH } from './layout/tidy-layout.ts';
export { registerTreesExtension, UnsavedEditsError } from './extensions.ts';
export { loadAllEditorActions } from './state/use-editor-actions.ts';
export { ACTION_GROUPS } from './state/action-groups.ts';
export type {
  ActionGroup,
  ActionPlace,
  EditorAction,
  EditorActionBinding,
  EditorActionContext,
  EditorChrome,
} from './state/action-types.ts';
export type {
  OverviewRing,
  EditorExtensionContext,
  NodeBadgeContext,
  NodePanelExtensionContext,
  TreeCardExtensionContext,
  TreesExtension,
} from './extensions.ts';
export type { EditorCommands } from './state/commands.ts';
export { fetchTreeByUuid, useTreeByUuid, prefetchTreeByUuid } from './api/useTreeByUuid.ts';
export { useVersions, useVersion, useRollback } from './api/useVersions.ts';
export { useTreeList } from './api/useTreeList.ts';
export { useWorkingCopy } from './api/useWorkingCopy.ts';
export { useNodeImages, useRememberNodeImage } from './api/useNodeImages.ts';
export type { Tree, TreeWithData, TreeVersion } from './api/types.ts';
// Saving a file the browser made (exports, the groups dashboard's CSV, Anki packages).
export { downloadBlob, safeFilename } from './io/download.ts';
