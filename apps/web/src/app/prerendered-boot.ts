import type { DataRouter } from 'react-router';

/** Resolves once the router has loaded the current route's code (its first state is "initialized"). */
export function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The prerendered page appears without the router's page transition (it is the first view, not a
 * change of page), and so does the live page that replaces it; the first navigation restores it.
 */
export function endPrerenderedBoot(router: DataRouter, doc: Document = document): void {
  const root = doc.documentElement;
  if (!root.hasAttribute('data-prerendered')) return;
  const { pathname } = router.state.location;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    unsubscribe();
    root.removeAttribute('data-prerendered');
  });
}
