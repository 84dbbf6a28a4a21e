import { lazy, Suspense } from 'react';
import { loadNamespaces } from '../../lib/i18n.ts';

// Rendered on pages whose route does not load the `social` namespace: the component and its messages
// arrive together, in their own chunk.
const AddToCollectionLazy = lazy(() =>
  Promise.all([import('./components/AddToCollection.tsx'), loadNamespaces(['social'])]).then(([m]) => ({
    default: m.AddToCollection,
  })),
);

/** "Add to collection" for a template page's actions, `share` its uuid (loads on first render, with its messages). */
export function AddToCollectionButton({ share }: { share: string }) {
  return (
    <Suspense fallback={null}>
      <AddToCollectionLazy share={share} />
    </Suspense>
  );
}
