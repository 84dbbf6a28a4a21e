import type { DataRouter, RouterState } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { holdTransitionForFirstView, routerReady } from './prerendered-boot.ts';

/** Just enough of a data router: a state and subscribers that `emit` notifies. */
function fakeRouter(initialized: boolean, pathname = '/') {
  const listeners = new Set<(state: RouterState) => void>();
  const router = {
    state: { initialized, location: { pathname } } as RouterState,
    subscribe(listener: (state: RouterState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (state: Partial<RouterState>) => {
    router.state = { ...router.state, ...state };
    listeners.forEach((l) => l(router.state));
  };
  return { router: router as unknown as DataRouter, emit, listeners };
}

afterEach(() => {
  document.documentElement.removeAttribute('data-prerendered');
  document.documentElement.removeAttribute('data-first-view');
});

describe('prerendered boot', () => {
  it('waits for the router to load the route before the first render', async () => {
    const { router, emit, listeners } = fakeRouter(false);
    let ready = false;
    const waiting = routerReady(router).then(() => (ready = true));
    emit({ initialized: false });
    await Promise.resolve();
    expect(ready).toBe(false);
    emit({ initialized: true });
    await waiting;
    expect(listeners.size).toBe(0);
  });

  it('shows the first view without the page transition and brings it back on the first navigation', () => {
    const root = document.documentElement;
    root.setAttribute('data-prerendered', '');
    const { router, emit } = fakeRouter(true, '/');
    holdTransitionForFirstView(router);
    expect(root.hasAttribute('data-first-view')).toBe(true);
    emit({ location: { pathname: '/' } as RouterState['location'] });
    expect(root.hasAttribute('data-first-view')).toBe(true);
    expect(root.hasAttribute('data-prerendered')).toBe(true);
    emit({ location: { pathname: '/community' } as RouterState['location'] });
    expect(root.hasAttribute('data-first-view')).toBe(false);
    expect(root.hasAttribute('data-prerendered')).toBe(false);
  });

  it('holds the transition for a first view the server did not prerender too', () => {
    const { router, emit } = fakeRouter(true, '/community');
    holdTransitionForFirstView(router);
    expect(document.documentElement.hasAttribute('data-first-view')).toBe(true);
    emit({ location: { pathname: '/trees' } as RouterState['location'] });
    expect(document.documentElement.hasAttribute('data-first-view')).toBe(false);
  });
});
