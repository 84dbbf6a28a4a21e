import { lazyAfterFirstContent } from '../../../lib/first-content.ts';

/**
 * The read-only canvas as a chunk of its own, for pages whose text should paint before React Flow
 * has loaded (the template page): render it inside `<Suspense>` with a placeholder of its size. It
 * starts loading once the page's text is on screen (lib/first-content.ts), so on a slow line React
 * Flow does not compete with the title and description.
 */
export const LazyTreeViewer = lazyAfterFirstContent(() =>
  import('./TreeViewer.tsx').then((m) => ({ default: m.TreeViewer })),
);
