import { ActionIcon, Badge, Drawer, Group, Text, Tooltip, useMantineTheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import {
  Fragment,
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useViewportAtMost } from '../../../lib/viewport.ts';
import { fetchTreeByUuid } from '../api/useTreeByUuid.ts';
import { useNodeImages } from '../api/useNodeImages.ts';
import { patchTree } from '../api/useUpdateTree.ts';
import { useSaveVersion } from '../api/useVersions.ts';
import { treeKeys, type TreeWithData } from '../api/types.ts';
import { useTreesExtensions, type EditorExtensionContext } from '../extensions.ts';
import { DOCUMENT_EXTENSIONS, IMPORT_ACCEPT, serializeDocument, type DocumentFormat } from '../io/document-files.ts';
import { downloadBlob, safeFilename } from '../io/download.ts';
import type { ImageFormat } from '../io/export-image.ts';
import { fitLayoutInto, viewportAbove, viewportKeeping } from '../layout/fit-view.ts';
import { layoutFor, NODE_HEIGHT, NODE_WIDTH } from '../layout/tidy-layout.ts';
import type { LayoutDirection, TreeDocument } from '../model/tree-document.ts';
import { indexTree } from '../model/tree-index.ts';
import { Autosave, readDraft, type SaveStatus } from '../state/autosave.ts';
import { applyServerChange } from '../state/server-change.ts';
import { EditorCommands } from '../state/commands.ts';
import { EditorStoreContext, useEditorState, useEditorStore } from '../state/editor-context.ts';
import { EditorStore } from '../state/editor-store.ts';
import { readSaveRefusal } from '../state/save-errors.ts';
import { placedGroups } from '../state/action-groups.ts';
import type { EditorActionContext, EditorChrome } from '../state/action-types.ts';
import { useEditorKeyboard } from '../state/keyboard.ts';
import { useEditorActions } from '../state/use-editor-actions.ts';
import { ShortcutsSheet } from './actions/ShortcutsSheet.tsx';
import { ToolbarActions } from './actions/ToolbarActions.tsx';
import { useDialogHost } from './actions/dialog-host.tsx';
import { usePublishedPaletteCommands } from './actions/palette-commands.ts';
import { ConflictDialog } from './ConflictDialog.tsx';
import { EditorMoreMenu } from './EditorMoreMenu.tsx';
import { ImportReplaceDialog } from './ImportPreview.tsx';
import { NodePanel } from './NodePanel.tsx';
import { NodeSearch } from './NodeSearch.tsx';
import { SaveStatusBadge, useSaveStatus } from './SaveStatusBadge.tsx';
import { SaveVersionDialog } from './SaveVersionDialog.tsx';
import { TreeCanvas } from './TreeCanvas.tsx';
import { documentShowing } from './TreeViewer.tsx';
import classes from './TreeEditor.module.css';

interface TreeEditorProps {
  tree: TreeWithData;
  readOnly: boolean;
}

const draftKey = (uuid: string) => `arbor.tree-draft.${uuid}`;

/** The autosave of an owner's editor: created after mount (it listens to window events) and flushed on leave. */
function useAutosave(
  store: EditorStore,
  tree: TreeWithData,
  readOnly: boolean,
  commands: EditorCommands,
  restoredMessage: string,
) {
  const [autosave, setAutosave] = useState<Autosave | null>(null);
  useEffect(() => {
    if (readOnly) return;
    const instance = new Autosave({
      store,
      revision: tree.revision,
      draftKey: draftKey(tree.uuid),
      save: async (data, ifMatch) => (await patchTree(tree.id, { data }, ifMatch)).revision,
      load: async () => {
        const fresh = await fetchTreeByUuid(tree.uuid);
        return { doc: fresh.data, revision: fresh.revision };
      },
    });
    setAutosave(instance);
    // A copy that never reached the server (tab closed while offline) comes back when nobody has
    // saved since; it is applied as an edit, so it is saved now and can be undone.
    const draft = readDraft(draftKey(tree.uuid));
    if (
      draft &&
      draft.revision === tree.revision &&
      JSON.stringify(draft.doc) !== JSON.stringify(store.getState().doc)
    ) {
      commands.replaceDocument(draft.doc);
      notifications.show({ color: 'blue', message: restoredMessage });
    }
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (instance.dirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      // Leaving the page inside the debounce window must not drop the last edit.
      void instance.flush().finally(() => instance.dispose());
    };
  }, [store, tree.id, tree.uuid, tree.revision, readOnly, commands, restoredMessage]);
  return autosave;
}

interface EditorChromeState {
  doc: TreeDocument;
  selectedId: string | null;
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * The canvas follows the editor state at once (it subscribes itself); the toolbar and the node panel
 * around it take the same state deferred, so a keystroke that adds a node paints the node first and
 * re-renders the heavier chrome in the next, interruptible render (bench/README.md, "add node").
 */
function EditorBody(props: TreeEditorProps & { focusId: string | null }) {
  const doc = useDeferredValue(useEditorState((s) => s.doc));
  // The first paint is the canvas alone; the node panel (text areas that measure themselves) follows.
  const selectedId = useDeferredValue(
    useEditorState((s) => s.selectedId),
    null,
  );
  const canUndo = useDeferredValue(useEditorState((s) => s.past.length > 0));
  const canRedo = useDeferredValue(useEditorState((s) => s.future.length > 0));
  return <EditorWorkspace {...props} doc={doc} selectedId={selectedId} canUndo={canUndo} canRedo={canRedo} />;
}

const EditorWorkspace = memo(function EditorWorkspace({
  tree,
  readOnly,
  doc,
  selectedId,
  canUndo,
  canRedo,
  focusId,
}: TreeEditorProps & EditorChromeState & { focusId: string | null }) {
  const { t } = useTranslation('trees');
  const flow = useReactFlow();
  const theme = useMantineTheme();
  // Read synchronously: a first render with the desktop side panel would squeeze a phone's canvas
  // to a few pixels and React Flow would fit the tree into that.
  const isPhone = useViewportAtMost(820);
  const extensions = useTreesExtensions();
  const store = useEditorStore();
  const commands = useMemo(
    () =>
      new EditorCommands(store, {
        newNodeTitle: () => t('node.newTitle'),
        onRefused: (error) =>
          notifications.show({ color: 'orange', message: t('errors.refused', { reason: error.message }) }),
      }),
    [store, t],
  );
  const autosave = useAutosave(store, tree, readOnly, commands, t('save.restored'));
  const images = useNodeImages(tree.id);
  const imageUrls = images.data ?? EMPTY_MAP;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [matches, setMatches] = useState<Set<string>>(EMPTY_SET);
  const [busy, setBusy] = useState(false);
  const [versionOpen, setVersionOpen] = useState(false);
  // Closed from the start on a phone: opened for a moment, its drawer would still be closing at the first tap.
  const [panelOpen, setPanelOpen] = useState(!isPhone);
  const saveVersion = useSaveVersion(tree.id);

  /**
   * Brings a node on screen, keeping the zoom unless it is tiny. Positions come from the layout of the
   * current document, so a node added this moment is panned to before it is drawn and appears at once;
   * a jump from search glides there instead.
   */
  const reveal = useCallback(
    (id: string, center = false) => {
      const position = layoutFor(store.getState().doc).positions.get(id);
      const el = wrapperRef.current;
      if (!position || !el) return;
      const { x, y, zoom } = flow.getViewport();
      const sx = position.x * zoom + x;
      const sy = position.y * zoom + y;
      const margin = 40;
      const inside =
        sx > margin &&
        sy > margin &&
        sx + NODE_WIDTH * zoom < el.clientWidth - margin &&
        sy + NODE_HEIGHT * zoom < el.clientHeight - margin;
      if (inside && !center) return;
      void flow.setCenter(position.x + NODE_WIDTH / 2, position.y + NODE_HEIGHT / 2, {
        zoom: Math.max(zoom, 0.8),
        duration: center ? 250 : 0,
      });
    },
    [flow, store],
  );
  /** Every node of the current document in the canvas (beside the node panel, which is not over it). */
  const fitTree = useCallback(
    (duration = 300) =>
      fitLayoutInto(flow, wrapperRef.current, layoutFor(store.getState().doc), { duration, padding: 0.08 }),
    [flow, store],
  );
  useKeepSelectedInView(store, flow, wrapperRef);
  useSelectedAboveDrawer(store, flow, wrapperRef, Boolean(isPhone) && panelOpen);
  const changeDirection = useCallback(
    (direction: LayoutDirection) => {
      commands.setDirection(direction);
      fitTree();
    },
    [commands, fitTree],
  );
  const jumpTo = useCallback(
    (id: string) => {
      commands.expandTo(id);
      store.select(id);
      reveal(id, true);
      // Shortcuts (Delete, Tab…) now apply to the node that was found; after the search box has
      // finished handling its own Enter, which would otherwise keep the focus.
      setTimeout(() => wrapperRef.current?.focus(), 0);
    },
    [commands, store, reveal],
  );
  const focusSearch = useCallback(() => searchRef.current?.focus(), []);

  // Keys go to the canvas from the start, so Tab/Enter work without a click first.
  useEffect(() => wrapperRef.current?.focus({ preventScroll: true }), []);

  const exportImage = useCallback(
    async (format: ImageFormat): Promise<Blob> => {
      // Drawn from the document (every node, not only those on screen), in the light scheme's colours.
      const { exportTreeImage } = await import('../io/export-image.ts');
      return exportTreeImage(
        store.getState().doc,
        format,
        {
          accent: theme.colors[theme.primaryColor]![7],
          prerequisite: theme.colors.orange![6],
          related: theme.colors.grape![5],
        },
        imageUrls,
      );
    },
    [store, theme, imageUrls],
  );
  const onExportImage = (format: ImageFormat) => {
    setBusy(true);
    exportImage(format)
      .then((blob) => downloadBlob(blob, safeFilename(tree.title, format)))
      .catch(() => notifications.show({ color: 'red', message: t('io.exportFailed') }))
      .finally(() => setBusy(false));
  };
  const onExportDocument = (format: DocumentFormat) => {
    const { doc } = store.getState();
    // A canvas keeps the cards where the editor draws them.
    const positions = format === 'canvas' ? layoutFor(doc).positions : undefined;
    downloadBlob(serializeDocument(doc, format, positions), safeFilename(tree.title, DOCUMENT_EXTENSIONS[format]));
  };
  const [importFile, setImportFile] = useState<File | null>(null);
  const importInputRef = useRef<HTMLInputElement>(null);
  // Counts chosen import files: each closes the menu it came from, so the preview stands alone.
  const [importsChosen, setImportsChosen] = useState(0);
  // Images the tree has stay on the nodes of an imported file (its own export); other ids are dropped.
  const imageIds = useMemo(() => new Set(imageUrls.keys()), [imageUrls]);
  const onSaveVersion = async (message: string) => {
    if (autosave && !(await autosave.flush())) {
      notifications.show({ color: 'red', message: t('version.notSaved') });
      throw new Error('unsaved');
    }
    try {
      const version = await saveVersion.mutateAsync(message);
      notifications.show({ color: 'teal', message: t('version.saved', { number: version.number }) });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : t('version.failed') });
      throw error;
    }
  };

  const applyServerChange = useServerChange(autosave, tree.uuid);
  const extensionContext: EditorExtensionContext = useMemo(
    () => ({
      tree,
      doc,
      readOnly,
      commands,
      exportPng: () => exportImage('png'),
      flushSave: () => autosave?.flush() ?? Promise.resolve(true),
      applyServerChange,
    }),
    [tree, doc, readOnly, commands, exportImage, autosave, applyServerChange],
  );
  const selectedNode = selectedId ? indexTree(doc).byId.get(selectedId) : undefined;
  const showPanel = Boolean(selectedNode) && panelOpen;
  const panel = selectedNode ? (
    <NodePanel
      tree={tree}
      doc={doc}
      node={selectedNode}
      commands={readOnly ? undefined : commands}
      readOnly={readOnly}
      imageUrls={imageUrls}
      extensionContext={extensionContext}
      onClose={() => setPanelOpen(false)}
    />
  ) : null;
  useEffect(() => {
    if (selectedId) setPanelOpen(!isPhone);
  }, [selectedId, isPhone]);

  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const dialogs = useDialogHost();
  const navigate = useNavigate();
  const chrome: EditorChrome = {
    isPhone: Boolean(isPhone),
    reveal,
    focusSearch,
    save: () => void autosave?.flush(),
    fitView: () => void fitTree(),
    setDirection: changeDirection,
    exportImage: onExportImage,
    exportDocument: onExportDocument,
    chooseImportFile: () => importInputRef.current?.click(),
    openSaveVersion: () => setVersionOpen(true),
    nodePanelHidden: Boolean(selectedNode) && !showPanel,
    showNodePanel: () => setPanelOpen(true),
    showShortcuts: () => setShortcutsOpen(true),
    navigate: (path) => void navigate(path),
    openDialog: dialogs.open,
  };
  const actionContext: EditorActionContext = {
    ...extensionContext,
    selectedId,
    canUndo,
    canRedo,
    chrome,
    atPress: () => {
      const now = store.getState();
      return {
        ...actionContext,
        doc: now.doc,
        selectedId: now.selectedId,
        canUndo: now.past.length > 0,
        canRedo: now.future.length > 0,
      };
    },
  };
  const actions = useEditorActions();
  useEditorKeyboard({ actions, scope: wrapperRef, context: actionContext.atPress });
  usePublishedPaletteCommands(actions, actionContext);

  return (
    <div className={classes.editor} data-testid="tree-editor">
      <div className={classes.toolbar} role="toolbar" aria-label={t('toolbar.label')}>
        <Group gap="xs" wrap="nowrap" className={classes.titleGroup}>
          <Tooltip label={t('toolbar.back')}>
            <ActionIcon component={Link} to="/trees" variant="subtle" color="gray" aria-label={t('toolbar.back')}>
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Text fw={700} truncate className={classes.treeTitle} title={tree.title} data-testid="editor-title">
            {tree.title}
          </Text>
          {readOnly ? (
            <Badge color="gray" variant="light" leftSection={<IconLock size={12} />} tt="none">
              {t('toolbar.readOnly')}
            </Badge>
          ) : autosave ? (
            <SaveStatusBadge autosave={autosave} />
          ) : null}
        </Group>
        <Group gap={6} wrap="nowrap" className={classes.actions}>
          <ToolbarActions
            groups={placedGroups(actions, actionContext, isPhone ? 'phone-bar' : 'wide-bar')}
            ctx={actionContext}
            busy={busy}
            closeSignal={importsChosen}
            search={<NodeSearch ref={searchRef} onJump={jumpTo} onQuery={setMatches} />}
            status={extensions.map((ext) =>
              ext.editorStatus ? <Fragment key={ext.id}>{ext.editorStatus(extensionContext)}</Fragment> : null,
            )}
          />
          {isPhone ? (
            // A phone's width holds only the editing basics: the rest is one tap away.
            <EditorMoreMenu
              groups={placedGroups(actions, actionContext, 'phone-more')}
              ctx={actionContext}
              closeSignal={importsChosen}
            />
          ) : null}
        </Group>
      </div>
      {extensions.map((ext) =>
        ext.editorBanner ? <Fragment key={ext.id}>{ext.editorBanner(extensionContext)}</Fragment> : null,
      )}
      <div className={classes.main}>
        <div className={classes.canvas}>
          <TreeCanvas
            store={store}
            commands={readOnly ? undefined : commands}
            readOnly={readOnly}
            matches={matches}
            imageUrls={imageUrls}
            wrapperRef={wrapperRef}
            focusId={focusId}
          />
          {!readOnly && doc.nodes.length === 1 ? <div className={classes.hint}>{t('hints.start')}</div> : null}
        </div>
        {!isPhone && showPanel ? <aside className={classes.side}>{panel}</aside> : null}
      </div>
      {isPhone ? (
        // Compound parts, so the dialog itself carries a name (the panel has its own heading inside).
        <Drawer.Root
          opened={showPanel}
          onClose={() => setPanelOpen(false)}
          position="bottom"
          size={`${PHONE_DRAWER_SHARE * 100}%`}
          padding={0}
        >
          <Drawer.Overlay backgroundOpacity={0.15} />
          <Drawer.Content aria-label={t('panel.label')}>
            <Drawer.Body>{panel}</Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      ) : null}
      <ImportReplaceDialog
        file={importFile}
        rootTitle={tree.title}
        keepImageIds={imageIds}
        replacing={doc}
        onReplace={(next) => {
          commands.replaceDocument(next);
          fitTree(250);
        }}
        onClose={() => setImportFile(null)}
      />
      <input
        ref={importInputRef}
        type="file"
        hidden
        accept={IMPORT_ACCEPT}
        data-testid="import-file-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared, so choosing the same file again is a change too.
          event.currentTarget.value = '';
          if (!file) return;
          setImportFile(file);
          setImportsChosen((n) => n + 1);
        }}
      />
      <ShortcutsSheet
        opened={shortcutsOpen}
        onClose={() => setShortcutsOpen(false)}
        actions={actions}
        ctx={actionContext}
      />
      {dialogs.rendered}
      <SaveVersionDialog opened={versionOpen} onClose={() => setVersionOpen(false)} onSave={onSaveVersion} />
      <SaveProblems autosave={autosave} />
    </div>
  );
});

/**
 * `EditorExtensionContext.applyServerChange` (`state/server-change.ts`). The page's cached tree is
 * replaced too, so what the tree says beside its document (its template's revision, its latest
 * version) is the server's, and the editor continues from there.
 */
function useServerChange(autosave: Autosave | null, uuid: string) {
  const client = useQueryClient();
  const { t } = useTranslation('trees');
  return useCallback(
    <T,>(change: (revision: number) => Promise<T>): Promise<T> =>
      applyServerChange({
        autosave,
        change,
        reload: () => fetchTreeByUuid(uuid),
        adopted: (fresh) => client.setQueryData(treeKeys.byUuid(uuid), fresh),
        reloadFailed: () => {
          void client.invalidateQueries({ queryKey: treeKeys.byUuid(uuid) });
          notifications.show({ color: 'orange', message: t('errors.reloadAfterChange'), autoClose: false });
        },
      }),
    [autosave, uuid, client, t],
  );
}

/**
 * An edit that moves the selected node (AI adds children under it and the layout re-centres it, a
 * branch above it grows) keeps it where it was on screen when it would otherwise leave the canvas.
 * Changes of selection and of layout direction (which fits the whole tree) are left alone.
 */
function useKeepSelectedInView(
  store: EditorStore,
  flow: ReturnType<typeof useReactFlow>,
  wrapperRef: RefObject<HTMLDivElement | null>,
) {
  useEffect(() => {
    let previous = store.getState();
    return store.subscribe(() => {
      const next = store.getState();
      const before = previous;
      previous = next;
      const id = next.selectedId;
      const el = wrapperRef.current;
      if (!id || !el || next.doc === before.doc || id !== before.selectedId) return;
      if (next.doc.layout.direction !== before.doc.layout.direction) return;
      const from = layoutFor(before.doc).positions.get(id);
      const to = layoutFor(next.doc).positions.get(id);
      if (!from || !to) return;
      const kept = viewportKeeping(from, to, flow.getViewport(), el.clientWidth, el.clientHeight);
      if (kept) void flow.setViewport(kept);
    });
  }, [store, flow, wrapperRef]);
}

/** The share of a phone's screen height the node panel's bottom drawer covers. */
const PHONE_DRAWER_SHARE = 0.6;

/**
 * On a phone, the node panel's drawer covers the screen's lower part: while it is open the selected
 * node is brought into the part of the canvas above it, so the node being edited (its status, its
 * title) stays in sight. It follows the selection from the store rather than by re-rendering: a
 * subscription here would render the whole workspace at once on every selection (a node added with
 * Tab), which the workspace leaves to a deferred render.
 */
function useSelectedAboveDrawer(
  store: EditorStore,
  flow: ReturnType<typeof useReactFlow>,
  wrapperRef: RefObject<HTMLDivElement | null>,
  drawerOpen: boolean,
) {
  useEffect(() => {
    if (!drawerOpen) return;
    const bringAbove = (id: string | null) => {
      const el = wrapperRef.current;
      const position = id ? layoutFor(store.getState().doc).positions.get(id) : undefined;
      if (!el || !position) return;
      const box = el.getBoundingClientRect();
      const visible = Math.min(box.height, window.innerHeight * (1 - PHONE_DRAWER_SHARE) - box.top);
      const moved = viewportAbove(position, flow.getViewport(), box.width, visible);
      if (moved) void flow.setViewport(moved, { duration: 200 });
    };
    let selectedId = store.getState().selectedId;
    bringAbove(selectedId);
    return store.subscribe(() => {
      const next = store.getState().selectedId;
      if (next === selectedId) return;
      selectedId = next;
      bringAbove(next);
    });
  }, [drawerOpen, store, flow, wrapperRef]);
}

const EMPTY_MAP: ReadonlyMap<number, string> = new Map();
const EMPTY_SET: Set<string> = new Set();

/**
 * The skill-tree editor for one loaded tree (owner: editable and autosaved; others: read-only).
 * `?node=<id>` opens it with that node selected and on screen (a note found in the command palette).
 */
export function TreeEditor(props: TreeEditorProps) {
  const [params] = useSearchParams();
  const [{ store, focusId }] = useState(() => {
    const shown = documentShowing(props.tree.data, params.get('node'));
    const rootId = props.tree.data.nodes.find((n) => n.parent_id === null)?.id ?? null;
    return { store: new EditorStore(shown.doc, shown.focusId ?? rootId), focusId: shown.focusId };
  });
  return (
    <ReactFlowProvider>
      <StoreScope store={store} focusId={focusId} {...props} />
    </ReactFlowProvider>
  );
}

function StoreScope({ store, ...props }: TreeEditorProps & { store: EditorStore; focusId: string | null }) {
  return (
    <EditorStoreContext.Provider value={store}>
      <EditorBody {...props} />
    </EditorStoreContext.Provider>
  );
}

/**
 * What the save status brings up over the editor: the conflict dialog and a refused save's notice.
 * The status is read here rather than in the workspace: it changes with the first edit after each
 * save and again when that save ends, and the workspace would re-render whole each time.
 */
function SaveProblems({ autosave }: { autosave: Autosave | null }) {
  const status = useSaveStatus(autosave);
  useSaveRefusalNotice(autosave, status);
  return autosave ? (
    <ConflictDialog
      opened={status === 'conflict'}
      onReload={() => autosave.reload()}
      onOverwrite={() => autosave.overwrite()}
    />
  ) : null;
}

/**
 * A save the server refused for a reason the user can fix (a prerequisite circle, an invalid field)
 * is explained in a notification naming it; it goes away once a later save succeeds.
 */
function useSaveRefusalNotice(autosave: Autosave | null, status: SaveStatus) {
  const { t } = useTranslation('learning');
  useEffect(() => {
    if (status === 'saved') notifications.hide(SAVE_REFUSED_ID);
    if (status !== 'error' || !autosave) return;
    const failure = autosave.getFailure();
    if (!failure) return;
    const refusal = readSaveRefusal(failure.error, failure.doc);
    if (refusal.kind === 'other') return;
    notifications.show({
      id: SAVE_REFUSED_ID,
      color: 'red',
      autoClose: false,
      message:
        refusal.kind === 'cycle'
          ? t('editor.cycle', { source: refusal.source, target: refusal.target })
          : t('editor.refused', { reason: refusal.reason }),
    });
  }, [autosave, status, t]);
}
const SAVE_REFUSED_ID = 'tree-save-refused';
