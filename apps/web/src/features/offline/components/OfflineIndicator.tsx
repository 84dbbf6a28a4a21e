import { Suspense } from 'react';
import { lazyAfterFirstContent } from '../../../lib/first-content.ts';
import { useSession } from '../../../lib/session.ts';

// Only this wrapper is in the first bundle: the indicator, its icons and the status store load once the
// first page's content is on screen (it has nothing to say before the sync module has read the queue).
const OfflineIndicatorView = lazyAfterFirstContent(() => import('./OfflineIndicatorView.tsx'));

/** The header's sync status (offline, grades to sync, synced), for a signed-in user. */
export function OfflineIndicator() {
  const session = useSession();
  if (session.status !== 'authenticated') return null;
  return (
    <Suspense fallback={null}>
      <OfflineIndicatorView />
    </Suspense>
  );
}
