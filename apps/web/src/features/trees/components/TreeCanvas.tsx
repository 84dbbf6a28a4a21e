import {
  Background,
  BackgroundVariant,
  ControlButton,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  useStore,
  type AriaLabelConfig,
  type Connection,
  type Edge,
  type NodeMouseHandler,
  type OnNodeDrag,
  type ReactFlowInstance,
  type ReactFlowState,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useComputedColorScheme } from '@mantine/core';
import { IconMap, IconMaximize } from '@tabler/icons-react';
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { isInSubtree, indexTree } from '../model/tree-index.ts';
import type { TreeDocument } from '../model/tree-document.ts';
import {
  buildFlowEdges,
  buildFlowNodes,
  type CanvasLabels,
  type DiffMark,
  type DropHint,
  type SkillFlowNode,
} from '../layout/flow-elements.ts';
import {
  CANVAS_MAX_ZOOM,
  CANVAS_MIN_ZOOM,
  fitLayoutInto,
  LOW_ZOOM,
  nodeOnScreen,
  openingViewport,
  type FirstFit,
} from '../layout/fit-view.ts';
import { buildOverviewScene, nodeAt, type OverviewScene } from '../layout/overview-scene.ts';
import { layoutFor, NODE_HEIGHT, NODE_WIDTH, type TreeLayout } from '../layout/tidy-layout.ts';
import { useViewportAtMost } from '../../../lib/viewport.ts';
import { useEditorState } from '../state/editor-context.ts';
import type { EditorCommands } from '../state/commands.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { useNodeBadgeExtensions } from '../extensions.ts';
import { CanvasContext, type CanvasContextValue } from './canvas-context.ts';
import { LinkEdge } from './LinkEdge.tsx';
import { LinkLegend } from './LinkLegend.tsx';
import { OverviewCanvas, RingedOverviewCanvas } from './OverviewCanvas.tsx';
import { SkillNode } from './SkillNode.tsx';
import classes from './TreeCanvas.module.css';

const nodeTypes = { skill: SkillNode };
const edgeTypes = { link: LinkEdge };
const minimapNodeColor = (node: SkillFlowNode) => node.data.node.color ?? 'var(--mantine-primary-color-filled)';
const lowZoomSelector = (s: ReactFlowState) => s.transform[2] < LOW_ZOOM;
// Zoomed out on a big tree, nodes and edges are drawn into one <canvas> (OverviewCanvas) and React
// Flow holds none: thousands of DOM elements re-composited on every frame made a fitted pan of 5,000
// nodes crawl at 7 fps (bench/README.md). Below LOW_ZOOM titles are unreadable anyway.
const OVERVIEW_THRESHOLD = 400;
/** `?overview=0` in the address turns the canvas overview off (React Flow's pills are drawn instead). */
const overviewAllowed = () =>
  typeof window === 'undefined' || new URLSearchParams(window.location.search).get('overview') !== '0';
const NO_NODES: SkillFlowNode[] = [];
const NO_EDGES: Edge[] = [];
// Above this many visible nodes React Flow renders only what is on screen (PERFORMANCE.md).
const CULL_THRESHOLD = 200;
/** At most this wide (CSS px), a window is a phone's: no minimap, and nodes culled sooner. */
const PHONE_MAX_WIDTH = 640;
// A phone's first view shows a few nodes of a tree at a legible zoom (a template opens at one): rendering and
// measuring the others at start cost the editor ~150 ms of blocked main thread under Lighthouse's slowdown,
// and the template page's 50-node sample more than half of its DOM (1,014 elements → 431).
const PHONE_CULL_THRESHOLD = 16;
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
  wrapperRef?: RefObject<HTMLDivElement | null>;
  /** small read-only canvases (versions) leave it out: it would cover the tree */
  minimap?: boolean;
  /** a node to open on, centred (instead of fitting the tree) */
  focusId?: string | null;
  /**
   * the first view shows the whole tree however small (read-only viewers: a version comparison),
   * instead of the root at a readable zoom when the whole tree would be unreadable; `'legible'` (a
   * template) fits it whole while its nodes are still drawn in full, not as zoomed-out pills
   */
  fitFirst?: FirstFit;
  /**
   * a node to bring on screen at a readable zoom once it is known (learning mode's next node to
   * learn, which arrives after the canvas), once; not when the canvas opened on `focusId`
   */
  centreOn?: string | null;
  /** pixels on the canvas's right covered by an overlay (a drawer): fitting keeps the tree beside it */
  insetRight?: number;
  /** a click on a node, after it is selected (e.g. to open its details) */
  onNodeOpen?: (id: string) => void;
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
  wrapperRef: givenRef,
  minimap = true,
  focusId = null,
  insetRight = 0,
  fitFirst = false,
  centreOn = null,
  onNodeOpen,
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
  const [overviewOn] = useState(overviewAllowed);
  const overview = overviewOn && lowZoom && layout.visible.length > OVERVIEW_THRESHOLD;
  const scene = useMemo(() => (overview ? buildOverviewScene(doc, layout) : null), [overview, doc, layout]);
  const sceneRef = useRef(scene);
  sceneRef.current = scene;
  const [minimapChoice, setMinimapChoice] = useState<boolean | null>(null);
  const phone = useViewportAtMost(PHONE_MAX_WIDTH);
  // A phone's canvas has no room for it: not drawn there (nor redrawn on every pan), and no button for it.
  const minimapFits = minimap && !phone;
  const showMinimap = minimapFits && (minimapChoice ?? !heavy);
  const [drag, setDrag] = useState<{
    id: string;
    x: number;
    y: number;
    drop: { id: string; hint: DropHint } | null;
  } | null>(null);

  const labels = useMemo<CanvasLabels>(() => {
    // Translated once with markers, filled per element: cheap on 2,000 edges.
    const child = t('canvas.edgeChild', { parent: '\u0001', child: '\u0002' });
    const prerequisite = t('canvas.edgePrerequisite', { source: '\u0001', target: '\u0002' });
    const related = t('canvas.edgeRelated', { source: '\u0001', target: '\u0002' });
    const fill = (template: string, a: string, b: string) => template.replace('\u0001', a).replace('\u0002', b);
    return {
      nodeRole: t('canvas.nodeRole'),
      edgeRole: t('canvas.edgeRole'),
      child: (parent, kid) => fill(child, parent, kid),
      link: (kind, source, target) => fill(kind === 'prerequisite' ? prerequisite : related, source, target),
    };
  }, [t]);
  const ariaLabelConfig = useMemo<Partial<AriaLabelConfig>>(
    () => ({
      'controls.ariaLabel': t('canvas.controls'),
      'controls.zoomIn.ariaLabel': t('canvas.zoomIn'),
      'controls.zoomOut.ariaLabel': t('canvas.zoomOut'),
      'controls.fitView.ariaLabel': t('canvas.fit'),
      'controls.interactive.ariaLabel': t('canvas.interactive'),
      'minimap.ariaLabel': t('canvas.minimap'),
      'handle.ariaLabel': t('canvas.handle'),
      'node.a11yDescription.default': t('canvas.nodeDescription'),
      'node.a11yDescription.keyboardDisabled': t('canvas.nodeDescriptionKeyboard'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) => t('canvas.moved', { direction, x, y }),
      'edge.a11yDescription.default': t('canvas.edgeDescription'),
    }),
    [t],
  );

  const nodeCache = useRef(new Map<string, SkillFlowNode>());
  const edgeCache = useRef(new Map<string, Edge>());
  const nodes = useMemo(() => {
    const built = buildFlowNodes(
      doc,
      layout,
      { selectedId, diff, matches, drop: drag?.drop ?? null, dragging: drag, labels },
      nodeCache.current,
    );
    nodeCache.current = built.byId;
    return built.nodes;
  }, [doc, layout, selectedId, diff, matches, drag, labels]);
  const edges = useMemo(() => {
    const built = buildFlowEdges(doc, layout, edgeCache.current, labels);
    edgeCache.current = built.byId;
    return built.edges;
  }, [doc, layout, labels]);

  const onNodeClick: NodeMouseHandler<SkillFlowNode> = useCallback(
    (_, node) => {
      store.select(node.id);
      onNodeOpen?.(node.id);
    },
    [store, onNodeOpen],
  );
  const onNodeDoubleClick: NodeMouseHandler<SkillFlowNode> = useCallback(
    (_, node) => {
      if (!readOnly) store.startEditing(node.id);
    },
    [store, readOnly],
  );
  /** The node under the pointer on the overview canvas (which has no node elements), or null. */
  const overviewNodeAt = useCallback(
    (event: { clientX: number; clientY: number }) => {
      const current = sceneRef.current;
      return current ? nodeAt(current, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY })) : null;
    },
    [flow],
  );
  const onPaneClick = useCallback(
    (event: { clientX: number; clientY: number }) => {
      const id = overviewNodeAt(event);
      store.select(id);
      if (id) onNodeOpen?.(id);
    },
    [store, overviewNodeAt, onNodeOpen],
  );
  // Double-click on an overview box edits its title, as on a node: the editing effect below zooms to it.
  const onWrapperDoubleClick = useCallback(
    (event: ReactMouseEvent) => {
      if (!sceneRef.current || readOnly || !(event.target as Element).closest?.('.react-flow__pane')) return;
      const id = overviewNodeAt(event);
      if (!id) return;
      store.select(id);
      store.startEditing(id);
    },
    [overviewNodeAt, readOnly, store],
  );
  // A title being edited (double-click, F2, a node just added with Tab) needs its node element: out of
  // the overview, to the node at a readable zoom.
  const editingId = useEditorState((s) => s.editingId);
  useEffect(() => {
    if (!overview || !editingId) return;
    const position = layoutRef.current.positions.get(editingId);
    if (position) void flow.setCenter(position.x + NODE_WIDTH / 2, position.y + NODE_HEIGHT / 2, { zoom: 1 });
  }, [overview, editingId, flow]);

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
  // One extension's rings on the overview canvas (learning mode's): the first that offers them.
  const ringSource = nodeBadges.find((extension) => extension.useOverviewRing);
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

  /** Every node in view, beside an overlay on the right if any (the canvas control and the first view). */
  const fit = useCallback(
    (duration = 0) =>
      fitLayoutInto(flow, wrapperRef?.current ?? null, layoutRef.current, { duration, insetRight, padding: 0.08 }),
    [flow, wrapperRef, insetRight],
  );

  /** First view: the whole tree when it fits legibly, otherwise the root at a readable zoom. */
  const firstView = useCallback(
    (instance: Pick<ReactFlowInstance<SkillFlowNode, Edge>, 'setViewport'>): boolean => {
      const el = wrapperRef?.current;
      const current = layoutRef.current;
      const doc = store.getState().doc;
      const rootId = indexTree(doc).root.id;
      const root = current.positions.get(rootId);
      if (!el || !root) return false;
      const focus = focusId ? current.positions.get(focusId) : undefined;
      const firstSkill = doc.nodes.find((node) => node.parent_id === rootId && current.positions.has(node.id));
      const viewport = openingViewport(current.positions.values(), root, focus, {
        width: el.clientWidth,
        height: el.clientHeight,
        insetRight,
        fit: fitFirst,
        start: firstSkill ? current.positions.get(firstSkill.id) : undefined,
      });
      if (!viewport) return false;
      void instance.setViewport(viewport);
      return true;
    },
    [store, wrapperRef, focusId, insetRight, fitFirst],
  );
  // An overlay opening over the canvas's right (a drawer) moves the selected node out from under it.
  useEffect(() => {
    const el = wrapperRef?.current;
    const id = store.getState().selectedId;
    const position = id ? layoutRef.current.positions.get(id) : undefined;
    if (!el || !position || insetRight <= 0) return;
    const { x, y, zoom } = flow.getViewport();
    const right = (position.x + NODE_WIDTH) * zoom + x;
    const free = el.clientWidth - insetRight - 16;
    if (right <= free) return;
    const shift = Math.min(right - free, position.x * zoom + x - 16);
    if (shift > 0) void flow.setViewport({ x: x - shift, y, zoom }, { duration: 200 });
  }, [insetRight, flow, store, wrapperRef]);

  // A canvas that mounts without a size yet (a tab, a drawer opening) gets its first view once it has one.
  const [pendingFirstView, setPendingFirstView] = useState(false);
  const [viewShown, setViewShown] = useState(false);
  const onInit = useCallback(
    (instance: ReactFlowInstance<SkillFlowNode, Edge>) => {
      if (firstView(instance)) setViewShown(true);
      else setPendingFirstView(true);
    },
    [firstView],
  );
  useEffect(() => {
    const el = wrapperRef?.current;
    if (!pendingFirstView || !el) return;
    const observer = new ResizeObserver(() => {
      if (!firstView(flow)) return;
      setPendingFirstView(false);
      setViewShown(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [pendingFirstView, firstView, flow, wrapperRef]);

  // The node to centre on, once the first view is shown and the node known: left where it is when
  // already on screen, else centred at a readable zoom.
  const centred = useRef(Boolean(focusId));
  useEffect(() => {
    const el = wrapperRef?.current;
    const position = centreOn ? layoutRef.current.positions.get(centreOn) : undefined;
    if (centred.current || !viewShown || !el || !position) return;
    centred.current = true;
    const viewport = flow.getViewport();
    if (viewport.zoom >= LOW_ZOOM && nodeOnScreen(position, viewport, el.clientWidth - insetRight, el.clientHeight, 8))
      return;
    const next = openingViewport([position], position, position, {
      width: el.clientWidth,
      height: el.clientHeight,
      insetRight,
      fit: false,
    });
    if (next) void flow.setViewport(next, { duration: 300 });
  }, [centreOn, viewShown, flow, wrapperRef, insetRight]);

  return (
    <CanvasContext.Provider value={contextValue}>
      <div
        ref={wrapperRef}
        className={`${classes.wrapper} arbor-dir-${layout.direction}`}
        tabIndex={-1}
        data-testid="tree-canvas"
        data-overview={overview || undefined}
        onDoubleClick={onWrapperDoubleClick}
      >
        <ReactFlow<SkillFlowNode, Edge>
          nodes={overview ? NO_NODES : nodes}
          edges={overview ? NO_EDGES : edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          ariaLabelConfig={ariaLabelConfig}
          aria-label={t('canvas.label')}
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
          onlyRenderVisibleElements={layout.visible.length > (phone ? PHONE_CULL_THRESHOLD : CULL_THRESHOLD)}
          minZoom={CANVAS_MIN_ZOOM}
          maxZoom={CANVAS_MAX_ZOOM}
          onInit={onInit}
          proOptions={{ hideAttribution: true }}
        >
          {scene ? (
            <>
              {ringSource ? (
                <RingedOverviewCanvas
                  key={ringSource.id}
                  useRing={ringSource.useOverviewRing!}
                  scene={scene}
                  selectedId={selectedId}
                  matches={matches}
                  diff={diff}
                  colorScheme={colorScheme}
                />
              ) : (
                <OverviewCanvas
                  scene={scene}
                  selectedId={selectedId}
                  matches={matches}
                  diff={diff}
                  colorScheme={colorScheme}
                />
              )}
              <OverviewList
                scene={scene}
                selectedId={selectedId}
                label={t('canvas.overview', { count: scene.ids.length })}
              />
            </>
          ) : null}
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
          {/* React Flow's own fit skips nodes it has not measured (culled, just moved): ours uses the layout. */}
          <Controls showInteractive={false} showFitView={false} position="bottom-left">
            <ControlButton
              onClick={() => fit(300)}
              title={t('canvas.fit')}
              aria-label={t('canvas.fit')}
              data-testid="canvas-fit"
            >
              <IconMaximize size={14} />
            </ControlButton>
            {minimapFits ? (
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
          {doc.links.length > 0 ? <LinkLegend position={showMinimap ? 'top-right' : 'bottom-right'} /> : null}
          {children}
        </ReactFlow>
      </div>
    </CanvasContext.Provider>
  );
});

/**
 * What screen readers get while the overview canvas (aria-hidden) stands in for the nodes: the skills
 * as a visually hidden list in document order, the selected one marked. Laid out once; a pan does
 * not touch it.
 */
const OverviewList = memo(function OverviewList({
  scene,
  selectedId,
  label,
}: {
  scene: OverviewScene;
  selectedId: string | null;
  label: string;
}) {
  return (
    <ul className="arbor-visually-hidden" aria-label={label} data-testid="overview-list">
      {scene.ids.map((id, i) => (
        <li key={id} aria-current={id === selectedId || undefined}>
          {scene.fullTitles[i]}
        </li>
      ))}
    </ul>
  );
});
