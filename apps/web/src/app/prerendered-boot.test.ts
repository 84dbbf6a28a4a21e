import type { DataRouter, RouterState } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { endPrerenderedBoot, routerReady } from './prerendered-boot.ts';

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

afterEach(() => document.documentElement.removeAttribute('data-prerendered'));

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

  it('brings the page transition back on the first navigation', () => {
    document.documentElement.setAttribute('data-prerendered', '');
    const { router, emit } = fakeRouter(true, '/');
    endPrerenderedBoot(router);
    emit({ location: { pathname: '/' } as RouterState['location'] });
    expect(document.documentElement.hasAttribute('data-prerendered')).toBe(true);
    emit({ location: { pathname: '/community' } as RouterState['location'] });
    expect(document.documentElement.hasAttribute('data-prerendered')).toBe(false);
  });
});
