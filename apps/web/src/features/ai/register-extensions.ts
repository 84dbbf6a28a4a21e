// The AI feature plugs into the trees feature's extension points. Only this small module loads with
// the app; the panel section and the generate-tree dialog are separate chunks.
import { createElement, lazy, Suspense } from 'react';
import { registerTreesExtension } from '../trees/index.ts';

/** Registers the AI node-panel section and the "Generate from a topic" item; app/ calls it once. */
export function registerAiExtensions(): () => void {
  const AiNodeSection = lazy(() =>
    import('./components/AiNodeSection.tsx').then((m) => ({ default: m.AiNodeSection })),
  );
  const GenerateTreeMenuItem = lazy(() =>
    import('./generate-tree/GenerateTreeMenuItem.tsx').then((m) => ({ default: m.GenerateTreeMenuItem })),
  );
  return registerTreesExtension({
    id: 'ai',
    order: 10,
    // Keyed by node so a half-streamed answer never lands on another node; read-only trees, and trees
    // the server's policy does not let this user generate on, get nothing.
    nodePanel: (ctx) =>
      ctx.readOnly || !ctx.tree.abilities.generate
        ? null
        : createElement(Suspense, { fallback: null }, createElement(AiNodeSection, { key: ctx.node.id, ctx })),
    createMenu: () => createElement(Suspense, { fallback: null }, createElement(GenerateTreeMenuItem)),
  });
}
