// Learning mode plugs into the trees feature's slots: marks and frames on canvas nodes, a section of
// the node panel, and the "Learn" toggle with the progress bar in the editor's toolbar. Only this
// small module loads with the app; everything it draws is a lazy chunk, and nothing draws outside a
// page's learning provider.
import { lazy, Suspense, useEffect } from 'react';
import { registerTreesExtension, type NodeBadgeContext, type NodePanelExtensionContext } from '../trees/index.ts';
import { useLearning, useLearningState } from './components/mode/learning-store.ts';

const LearningBadges = lazy(() =>
  import('./components/mode/NodeMarks.tsx').then((m) => ({ default: m.LearningBadges })),
);
const LearningFrame = lazy(() => import('./components/mode/NodeMarks.tsx').then((m) => ({ default: m.LearningFrame })));
const LearningModeControls = lazy(() =>
  import('./components/mode/LearningModeControls.tsx').then((m) => ({ default: m.LearningModeControls })),
);
const PlanButton = lazy(() => import('./components/plans/PlanButton.tsx').then((m) => ({ default: m.PlanButton })));
const PlanMenuItem = lazy(() =>
  import('./components/plans/PlanMenuItem.tsx').then((m) => ({ default: m.PlanMenuItem })),
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

function Toolbar() {
  const learning = useLearning();
  if (!learning) return null;
  return (
    <Suspense fallback={null}>
      <LearningModeControls withPlan={false} />
    </Suspense>
  );
}

/** "Plan my study" for the whole tree while learning mode is on: a toolbar button, or a More-menu item on a phone. */
function PlanAction({ menu }: { menu: boolean }) {
  const learning = useLearning();
  const enabled = useLearningState((s) => s.enabled) ?? false;
  if (!learning || !enabled) return null;
  return (
    <Suspense fallback={null}>
      {menu ? <PlanMenuItem subject={learning.subject} /> : <PlanButton subject={learning.subject} compact />}
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

/** Registers learning mode's canvas marks, node-panel section and toolbar controls; app/ calls it once. */
export function registerLearningExtensions(): () => void {
  const removePlans = registerTreesExtension({
    id: 'learning-plans',
    order: 6,
    editorToolbar: () => <PlanAction menu={false} />,
    editorMenu: () => <PlanAction menu />,
  });
  const removeLearning = registerTreesExtension({
    id: 'learning',
    order: 5,
    nodeBadges: (ctx) => <Badges {...ctx} />,
    nodeFrame: (ctx) => <Frame {...ctx} />,
    editorToolbar: () => <Toolbar />,
    nodePanel: (ctx) => <PanelSection {...ctx} />,
  });
  return () => {
    removeLearning();
    removePlans();
  };
}
