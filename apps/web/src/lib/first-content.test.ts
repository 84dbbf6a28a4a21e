import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module starts its fallback timer and its input listeners when imported: each test imports a
// fresh copy under fake timers.
async function freshModule() {
  vi.resetModules();
  return import('./first-content.ts');
}

async function isSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('first content', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] }));
  afterEach(() => vi.useRealTimers());

  it('waits for the page to say its content is shown, then for the next frame and an idle moment', async () => {
    const { firstContentShown, markFirstContentShown } = await freshModule();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await isSettled(firstContentShown)).toBe(false);
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(100);
    expect(await isSettled(firstContentShown)).toBe(true);
  });

  it('ends at the first key or pointer press: someone wants a menu now', async () => {
    const { firstContentShown } = await freshModule();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k' }));
    expect(await isSettled(firstContentShown)).toBe(true);
  });

  it('ends after the fallback delay should no page ever say so', async () => {
    const { firstContentShown } = await freshModule();
    await vi.advanceTimersByTimeAsync(3999);
    expect(await isSettled(firstContentShown)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(firstContentShown)).toBe(true);
  });

  it('starts loading a deferred component only once the content is shown', async () => {
    const { lazyAfterFirstContent, markFirstContentShown, firstContentShown } = await freshModule();
    const load = vi.fn(() => Promise.resolve({ default: () => null }));
    const Lazy = lazyAfterFirstContent(load);
    // React calls a lazy component's loader on first render; call it the way React does.
    const init = (Lazy as unknown as { _init: (payload: unknown) => unknown; _payload: unknown })._init;
    try {
      init((Lazy as unknown as { _payload: unknown })._payload);
    } catch {
      // a lazy component throws its pending promise (Suspense) until it has loaded
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(load).not.toHaveBeenCalled();
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(100);
    await firstContentShown;
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('a page holding the first content', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] }));
  afterEach(() => vi.useRealTimers());

  it('keeps it back until the page has drawn its content, even once the frame has said so', async () => {
    const { firstContentShown, markFirstContentShown, useHoldFirstContent } = await freshModule();
    const { renderHook } = await import('@testing-library/react');
    const page = renderHook(({ drawn }) => useHoldFirstContent(drawn), { initialProps: { drawn: false } });
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(100);
    expect(await isSettled(firstContentShown)).toBe(false);
    page.rerender({ drawn: true });
    await vi.advanceTimersByTimeAsync(100);
    expect(await isSettled(firstContentShown)).toBe(true);
  });
});
