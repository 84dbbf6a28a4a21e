import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startHydratingDrawnPage } from '../lib/hydration.ts';

/** What became of a page the server drew, on `#root[data-hydration]` (read by the e2e spec of drawn pages). */
export type DrawnPageFate = 'hydrating' | 'hydrated' | 'redrawn' | 'set-aside';

/**
 * Mounts the app in `container`. A page the server drew for this browser's user (`data-drawn`, with its first
 * data) is hydrated: React adopts the markup on screen instead of building and laying out the same page
 * again, which on a phone was most of the main thread's work after the first paint. React takes the page's
 * events from here: a click before it is done hydrates what was clicked first, so the page stops being inert
 * now. Should the live page differ from the drawn one, React draws it anew (`redrawn`, with a warning: a
 * page that cannot be hydrated is a bug, not a failure). A drawn page the head script set aside (another
 * session, stored settings) is cleared and drawn by the app, as a page that came without one.
 */
export function mountApp(container: HTMLElement, app: ReactNode, hydrate: boolean): void {
  const drawn = container.hasAttribute('data-drawn');
  container.removeAttribute('data-drawn');
  container.removeAttribute('inert');
  container.classList.remove('arbor-prerender');
  if (drawn && hydrate) {
    container.dataset.hydration = 'hydrating' satisfies DrawnPageFate; // `hydrated` once committed (lib/hydration.ts)
    startHydratingDrawnPage();
    hydrateRoot(container, app, {
      onRecoverableError(error) {
        container.dataset.hydration = 'redrawn' satisfies DrawnPageFate;
        console.warn('Arbor: the page the server drew differs from the live page, which was drawn anew.', error);
      },
    });
    return;
  }
  if (drawn) {
    container.replaceChildren();
    container.dataset.hydration = 'set-aside' satisfies DrawnPageFate;
  }
  createRoot(container).render(app);
}
