import {
  Background,
  BackgroundVariant,
  ControlButton,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  useStore,
  type Connection,
  type Edge,
  type NodeMouseHandler,
  type OnNodeDrag,
  type ReactFlowInstance,
  type ReactFlowState,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useComputedColorScheme } from '@mantine/core';
import { IconMap } from '@tabler/icons-react';
import { memo, useCallback, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isInSubtree, indexTree } from '../model/tree-index.ts';
import type { TreeDocument } from '../model/tree-document.ts';
import {
  buildFlowEdges,
  buildFlowNodes,
  type DiffMark,
  type DropHint,
  type SkillFlowNode,
} from '../layout/flow-elements.ts';
import { layoutFor, NODE_HEIGHT, NODE_WIDTH, type TreeLayout } from '../layout/tidy-layout.ts';
import { useEditorState } from '../state/editor-context.ts';
import type { EditorCommands } from '../state/commands.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { useNodeBadgeExtensions } from '../extensions.ts';
import { CanvasContext, type CanvasContextValue } from './canvas-context.ts';
import { LinkLegend } from './LinkLegend.tsx';
import { SkillNode } from './SkillNode.tsx';
import classes from './TreeCanvas.module.css';

const nodeTypes = { skill: SkillNode };
const minimapNodeColor = (node: SkillFlowNode) => node.data.node.color ?? 'var(--mantine-primary-color-filled)';
const LOW_ZOOM = 0.35;
// Opening a tree: fit it on screen unless that makes titles unreadable (a wide tree, a phone).
const MIN_FIT_ZOOM = 0.5;
const lowZoomSelector = (s: ReactFlowState) => s.transform[2] < LOW_ZOOM;
// Above this many visible nodes React Flow renders only what is on screen (PERFORMANCE.md).
const CULL_THRESHOLD = 200;
// Above this many, the minimap (every node redrawn as the viewport moves) and the dotted background
// pattern halve the pan frame rate on a GPU-less machine (bench/README.md): the minimap becomes
// opt-in and the background plain.
const HEAVY_THRESHOLD = 400;

/** Where a dragged node would land, from the pointer's place over another node. */
function dropTarget(
  doc: TreeDocument,
  layout: TreeLayout,
  draggedId: string,
  point: { x: number; y: number },
): { id: string; hint: DropHint } | null {
  const index = indexTree(doc);
  for (const [id, pos] of layout.positions) {
    if (point.x < pos.x || point.x > pos.x + NODE_WIDTH || point.y < pos.y || point.y > pos.y + NODE_HEIGHT) continue;
    if (isInSubtree(index, draggedId, id)) return null;
    const isRoot = index.byId.get(id)?.parent_id === null;
    // Edges of a node along the sibling axis mean "beside it", its middle means "under it".
    const rel = layout.direction === 'LR' ? (point.y - pos.y) / NODE_HEIGHT : (point.x - pos.x) / NODE_WIDTH;
    const hint: DropHint = isRoot || (rel > 0.25 && rel < 0.75) ? 'child' : rel <= 0.25 ? 'before' : 'after';
    return { id, hint };
  }
  return null;
}

interface TreeCanvasProps {
  store: EditorStore;
  commands?: EditorCommands;
  readOnly: boolean;
  diff?: Map<string, DiffMark>;
  matches?: Set<string>;
  imageUrls?: ReadonlyMap<number, string>;
  /** renders every node (not only visible ones): needed while exporting an image */
  renderAll?: boolean;
  wrapperRef?: RefObject<HTMLDivElement | null>;
  /** small read-only canvases (versions) leave it out: it would cover the tree */
  minimap?: boolean;
  /** a node to open on, centred (instead of fitting the tree) */
  focusId?: string | null;
  children?: ReactNode;
}

const EMPTY_IMAGES: ReadonlyMap<number, string> = new Map();

/** The React Flow canvas of one tree document: layout, stable node objects, drag to re-parent, links. */
export const TreeCanvas = memo(function TreeCanvas({
  store,
  commands,
  readOnly,
  diff,
  matches,
  imageUrls = EMPTY_IMAGES,
  renderAll,
  wrapperRef: givenRef,
  minimap = true,
  focusId = null,
  children,
}: TreeCanvasProps) {
  const doc = useEditorState((s) => s.doc);
  const selectedId = useEditorState((s) => s.selectedId);
  const ownRef = useRef<HTMLDivElement>(null);
  const wrapperRef = givenRef ?? ownRef;
  const layout = useMemo(() => layoutFor(doc), [doc]);
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const lowZoom = useStore(lowZoomSelector);
  const flow = useReactFlow();
  const { t } = useTranslation('trees');
  const colorScheme = useComputedColorScheme('light');
  const heavy = layout.visible.length > HEAVY_THRESHOLD;
  const [minimapChoice, setMinimapChoice] = useState<boolean | null>(null);
  const showMinimap = minimap && (minimapChoice ?? !heavy);
  const [drag, setDrag] = useState<{
    id: string;
    x: number;
    y: number;
    drop: { id: string; hint: DropHint } | null;
  } | null>(null);

  const nodeCache = useRef(new Map<string, SkillFlowNode>());
  const edgeCache = useRef(new Map<string, Edge>());
  const nodes = useMemo(() => {
    const built = buildFlowNodes(
      doc,
      layout,
      { selectedId, diff, matches, drop: drag?.drop ?? null, dragging: drag },
      nodeCache.current,
    );
    nodeCache.current = built.byId;
    return built.nodes;
  }, [doc, layout, selectedId, diff, matches, drag]);
  const edges = useMemo(() => {
    const built = buildFlowEdges(doc, layout, edgeCache.current);
    edgeCache.current = built.byId;
    return built.edges;
  }, [doc, layout]);

  const onNodeClick: NodeMouseHandler<SkillFlowNode> = useCallback((_, node) => store.select(node.id), [store]);
  const onNodeDoubleClick: NodeMouseHandler<SkillFlowNode> = useCallback(
    (_, node) => {
      if (!readOnly) store.startEditing(node.id);
    },
    [store, readOnly],
  );
  const onPaneClick = useCallback(() => store.select(null), [store]);

  const onNodeDrag: OnNodeDrag<SkillFlowNode> = useCallback(
    (event, node) => {
      const pointer = 'touches' in event ? event.touches[0] : event;
      if (!pointer) return;
      const point = flow.screenToFlowPosition({ x: pointer.clientX, y: pointer.clientY });
      const current = store.getState().doc;
      setDrag({
        id: node.id,
        x: node.position.x,
        y: node.position.y,
        drop: dropTarget(current, layoutRef.current, node.id, point),
      });
    },
    [flow, store],
  );
  const onNodeDragStop: OnNodeDrag<SkillFlowNode> = useCallback(
    (_, node) => {
      setDrag((current) => {
        if (current?.drop && commands) {
          const { id, hint } = current.drop;
          // Outside the state updater: applying an edit re-renders the store's subscribers.
          queueMicrotask(() => commands.drop(node.id, id, hint));
        }
        return null;
      });
    },
    [commands],
  );
  const onConnect = useCallback(
    (connection: Connection) => {
      if (commands && connection.source !== connection.target)
        commands.link(connection.source, connection.target, 'prerequisite');
    },
    [commands],
  );

  const nodeBadges = useNodeBadgeExtensions();
  const contextValue = useMemo<CanvasContextValue>(
    () => ({
      readOnly,
      lowZoom,
      imageUrls,
      toggleCollapsed: (id) => (commands ? commands.toggleCollapsed(id) : undefined),
      commitTitle: (id, title) => {
        commands?.renameInPlace(id, title);
        wrapperRef?.current?.focus();
      },
      cancelEditing: () => {
        store.startEditing(null);
        wrapperRef?.current?.focus();
      },
      startEditing: (id) => {
        if (!readOnly) store.startEditing(id);
      },
      collapseLabel: (collapsed, count) => (collapsed ? t('node.expand', { count }) : t('node.collapse')),
      nodeBadges,
    }),
    [readOnly, lowZoom, imageUrls, commands, store, wrapperRef, t, nodeBadges],
  );

  /** First view: the whole tree when it fits legibly, otherwise the root at a readable zoom. */
  const onInit = useCallback(
    (instance: ReactFlowInstance<SkillFlowNode, Edge>) => {
      const el = wrapperRef?.current;
      const current = layoutRef.current;
      const root = current.positions.get(indexTree(store.getState().doc).root.id);
      if (!el || !root) return;
      const focus = focusId ? current.positions.get(focusId) : undefined;
      if (focus) {
        // Opened on one node (a search hit): it is centred at a readable zoom.
        const zoom = el.clientWidth < 640 ? 0.8 : 1;
        void instance.setViewport({
          x: el.clientWidth / 2 - (focus.x + NODE_WIDTH / 2) * zoom,
          y: el.clientHeight / 2 - (focus.y + NODE_HEIGHT / 2) * zoom,
          zoom,
        });
        return;
      }
      let minX = Infinity,
        minY = Infinity,
        maxX = -Infinity,
        maxY = -Infinity;
      for (const p of current.positions.values()) {
        minX = Math.min(minX, p.x);
        minY = Math.min(minY, p.y);
        maxX = Math.max(maxX, p.x + NODE_WIDTH);
        maxY = Math.max(maxY, p.y + NODE_HEIGHT);
      }
      const fitZoom = Math.min(1, (el.clientWidth * 0.85) / (maxX - minX), (el.clientHeight * 0.85) / (maxY - minY));
      if (fitZoom >= MIN_FIT_ZOOM) {
        void instance.fitView({ maxZoom: 1, padding: 0.15 });
        return;
      }
      const zoom = el.clientWidth < 640 ? 0.75 : 0.9;
      void instance.setViewport({
        x: el.clientWidth / 2 - (root.x + NODE_WIDTH / 2) * zoom,
        y: 60 - root.y * zoom,
        zoom,
      });
    },
    [store, wrapperRef, focusId],
  );

  return (
    <CanvasContext.Provider value={contextValue}>
      <div
        ref={wrapperRef}
        className={`${classes.wrapper} arbor-dir-${layout.direction}`}
        tabIndex={-1}
        data-testid="tree-canvas"
      >
        <ReactFlow<SkillFlowNode, Edge>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          colorMode={colorScheme === 'dark' ? 'dark' : 'light'}
          onNodeClick={onNodeClick}
          onNodeDoubleClick={onNodeDoubleClick}
          onPaneClick={onPaneClick}
          onNodeDrag={readOnly ? undefined : onNodeDrag}
          onNodeDragStop={readOnly ? undefined : onNodeDragStop}
          onConnect={readOnly ? undefined : onConnect}
          nodesDraggable={!readOnly}
          nodesConnectable={!readOnly}
          edgesFocusable={false}
          deleteKeyCode={null}
          selectionKeyCode={null}
          multiSelectionKeyCode={null}
          disableKeyboardA11y
          zoomOnDoubleClick={false}
          onlyRenderVisibleElements={!renderAll && layout.visible.length > CULL_THRESHOLD}
          minZoom={0.05}
          maxZoom={2}
          onInit={onInit}
          proOptions={{ hideAttribution: true }}
        >
          {heavy ? null : <Background variant={BackgroundVariant.Dots} gap={22} size={1.4} />}
          {showMinimap ? (
            <MiniMap
              pannable
              zoomable
              className={classes.minimap}
              nodeBorderRadius={8}
              nodeColor={minimapNodeColor}
              bgColor={colorScheme === 'dark' ? '#25262b' : '#ffffff'}
              maskColor={colorScheme === 'dark' ? 'rgb(0 0 0 / 0.45)' : 'rgb(0 0 0 / 0.08)'}
            />
          ) : null}
          <Controls showInteractive={false} position="bottom-left">
            {minimap ? (
              <ControlButton
                onClick={() => setMinimapChoice(!showMinimap)}
                title={t('toolbar.minimap')}
                aria-label={t('toolbar.minimap')}
                aria-pressed={showMinimap}
              >
                <IconMap size={14} />
              </ControlButton>
            ) : null}
          </Controls>
          {doc.links.length > 0 ? <LinkLegend /> : null}
          {children}
        </ReactFlow>
      </div>
    </CanvasContext.Provider>
  );
});
