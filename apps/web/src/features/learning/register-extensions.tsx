// Learning mode plugs into the trees feature's slots: marks and frames on canvas nodes, a section of
// the node panel, and the "Learn" toggle with the progress bar in the editor's toolbar. Only this
// small module loads with the app; everything it draws is a lazy chunk, and nothing draws outside a
// page's learning provider.
import { lazy, Suspense, useEffect } from 'react';
import {
  registerTreesExtension,
  type NodeBadgeContext,
  type NodePanelExtensionContext,
  type OverviewRing,
} from '../trees/index.ts';
import { statusOf, useLearning, useLearningState, type LearningState } from './components/mode/learning-store.ts';
import { registerRecallExtensions } from './components/recall/register-recall.tsx';

const LearningBadges = lazy(() =>
  import('./components/mode/NodeMarks.tsx').then((m) => ({ default: m.LearningBadges })),
);
const LearningFrame = lazy(() => import('./components/mode/NodeMarks.tsx').then((m) => ({ default: m.LearningFrame })));
const LearningProgress = lazy(() =>
  import('./components/mode/LearningModeControls.tsx').then((m) => ({ default: m.LearningProgress })),
);
const LearningNodeSection = lazy(() =>
  import('./components/mode/LearningNodeSection.tsx').then((m) => ({ default: m.LearningNodeSection })),
);

/** Tells the provider which node is selected (keys 1–4 act on it), then draws the marks in learning mode. */
function Badges(ctx: NodeBadgeContext) {
  const learning = useLearning();
  const enabled = useLearningState((s) => s.enabled) ?? false;
  const { selected } = ctx;
  const id = ctx.node.id;
  useEffect(() => {
    if (!learning) return;
    if (selected) learning.store.set({ selectedId: id });
    else if (learning.store.getState().selectedId === id) learning.store.set({ selectedId: null });
  }, [learning, selected, id]);
  // Nothing waits for the root and it is never counted: it carries no status.
  if (!enabled || ctx.node.parent_id === null) return null;
  return (
    <Suspense fallback={null}>
      <LearningBadges {...ctx} />
    </Suspense>
  );
}

function Frame(ctx: NodeBadgeContext) {
  const enabled = useLearningState((s) => s.enabled) ?? false;
  if (!enabled || ctx.node.parent_id === null) return null;
  return (
    <Suspense fallback={null}>
      <LearningFrame {...ctx} />
    </Suspense>
  );
}

/** The learner's progress bar in the editor's toolbar while learning mode is on ("Learn" itself is an action). */
function Progress() {
  const enabled = useLearningState((s) => s.enabled) ?? false;
  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <LearningProgress />
    </Suspense>
  );
}

function PanelSection({ node }: NodePanelExtensionContext) {
  const enabled = useLearningState((s) => s.enabled) ?? false;
  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <LearningNodeSection key={node.id} nodeId={node.id} title={node.title} isRoot={node.parent_id === null} />
    </Suspense>
  );
}

// The frame's border colours (NodeMarks.module.css), for the overview canvas.
const RING_COLORS = {
  todo: null,
  learning: 'var(--mantine-color-blue-5)',
  done: 'var(--mantine-color-teal-6)',
  skipped: 'var(--mantine-color-violet-4)',
} as const;
const LOCKED_RING = 'light-dark(var(--mantine-color-gray-4), var(--mantine-color-dark-3))';
const PATH_RING = 'var(--mantine-color-yellow-5)';
const rings = new WeakMap<LearningState, OverviewRing>();

/** Learning mode's status rings for the zoomed-out overview: one read of the learning store per canvas. */
function useOverviewRing(): OverviewRing | null {
  const state = useLearningState((s) => s);
  if (!state?.enabled || state.progress === undefined) return null;
  let ring = rings.get(state);
  if (!ring) {
    const { progress, lockedIds, pathIds, memory, memoryView, retentionTarget } = state;
    ring = {
      version: state,
      color: (id) => {
        if (memoryView) {
          const r = memory?.nodes[id]?.retention;
          return r == null
            ? null
            : `var(--mantine-color-${r < 0.7 ? 'red' : r < retentionTarget ? 'yellow' : 'teal'}-6)`;
        }
        return pathIds.has(id)
          ? PATH_RING
          : (RING_COLORS[statusOf(progress, id)] ?? (lockedIds.has(id) ? LOCKED_RING : null));
      },
    };
    rings.set(state, ring);
  }
  return ring;
}

/** Registers learning mode's canvas marks, node-panel section, editor actions and progress bar; app/ calls it once. */
export function registerLearningExtensions(): () => void {
  const unregisterRecall = registerRecallExtensions();
  const removeLearning = registerTreesExtension({
    id: 'learning',
    order: 5,
    nodeBadges: (ctx) => <Badges {...ctx} />,
    nodeFrame: (ctx) => <Frame {...ctx} />,
    useOverviewRing,
    editorActions: () => import('./editor-actions.tsx').then((m) => m.learningEditorActions),
    editorStatus: () => <Progress />,
    nodePanel: (ctx) => <PanelSection {...ctx} />,
  });
  return () => {
    removeLearning();
    unregisterRecall();
  };
}
