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
 * The first view of a visit appears without the router's page transition: it is not a change of
 * page (the splash or the prerendered page was on screen before it), and a page fading in for 0.3 s
 * only delays its content. So does the live page that replaces a prerendered one. The first
 * navigation brings the transition back (and ends the prerendered state).
 */
export function holdTransitionForFirstView(router: DataRouter, doc: Document = document): void {
  const root = doc.documentElement;
  root.setAttribute('data-first-view', '');
  const { pathname } = router.state.location;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    unsubscribe();
    root.removeAttribute('data-first-view');
    root.removeAttribute('data-prerendered');
  });
}
