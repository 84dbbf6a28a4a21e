import { Button } from '@mantine/core';
import { Suspense } from 'react';
import { lazyAfterFirstContent } from '../../lib/first-content.ts';
import { loadNamespaces } from '../../lib/i18n.ts';

// Rendered on pages whose route does not load the `social` namespace: the component and its messages
// arrive together, in their own chunk.
const AddToCollectionLazy = lazyAfterFirstContent(() =>
  Promise.all([import('./components/AddToCollection.tsx'), loadNamespaces(['social'])]).then(([m]) => ({
    default: m.AddToCollection,
  })),
);

/**
 * "Add to collection" for a template page's actions, `share` its uuid. It loads with its messages once
 * the page is on screen; until then an invisible button of the same size keeps its place, so nothing
 * below it moves when it arrives.
 */
export function AddToCollectionButton({ share }: { share: string }) {
  return (
    <Suspense
      fallback={
        <Button variant="default" aria-hidden tabIndex={-1} style={{ visibility: 'hidden' }}>
          &nbsp;
        </Button>
      }
    >
      <AddToCollectionLazy share={share} />
    </Suspense>
  );
}
