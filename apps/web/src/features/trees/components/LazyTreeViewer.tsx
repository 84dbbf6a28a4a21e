import { lazy } from 'react';

/**
 * The read-only canvas as a chunk of its own, for pages whose text should paint before React Flow
 * has loaded (the template page): render it inside `<Suspense>`.
 */
export const LazyTreeViewer = lazy(() => import('./TreeViewer.tsx').then((m) => ({ default: m.TreeViewer })));
