// Recall's part of the node panel: the learner's cards on the selected node, in learning mode. Only
// this small module loads with the app; the section is a lazy chunk.
import { lazy, Suspense } from 'react';
import { registerTreesExtension, type NodePanelExtensionContext } from '../../../trees/index.ts';
import { useLearning, useLearningState } from '../mode/learning-store.ts';

const CardsNodeSection = lazy(() => import('./CardsNodeSection.tsx').then((m) => ({ default: m.CardsNodeSection })));

/** The Cards section for a node (also used where a page has no node panel). */
export function NodeCards({ nodeId }: { nodeId: string }) {
  const learning = useLearning();
  const enabled = useLearningState((s) => s.enabled) ?? false;
  if (!learning || !enabled) return null;
  return (
    <Suspense fallback={null}>
      <CardsNodeSection key={nodeId} subject={learning.subject} nodeId={nodeId} />
    </Suspense>
  );
}

function PanelSection({ node }: NodePanelExtensionContext) {
  return <NodeCards nodeId={node.id} />;
}

export function registerRecallExtensions(): () => void {
  return registerTreesExtension({ id: 'recall', order: 6, nodePanel: (ctx) => <PanelSection {...ctx} /> });
}
