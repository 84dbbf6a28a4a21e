// What a page does not need to draw itself (the header's menus and bell, the command palette, the
// modals manager, the live notification stream, secondary widgets) waits until the first page's content
// is on screen. On a phone network each of those files takes a round trip and its code runs on a slow
// CPU; loading them beside the page made the page itself appear later. They load right after instead.
//
// "On screen" is said by the app's frame (app/Shell.tsx: the route has loaded, the session is known and no
// data is on the way) and, for a page that draws its data in a deferred render, by the page itself once
// that render is committed (`useHoldFirstContent`). The wait then ends after the next paint, when the main
// thread is idle. It also ends at the first
// key press or pointer press (someone wants a menu now) and after FALLBACK_MS in any case.
import {
  lazy,
  startTransition,
  useEffect,
  useLayoutEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { nextTask } from './next-task.ts';

/** The longest the deferred parts wait, should a page never say its content is shown. */
const FALLBACK_MS = 4000;
/** How long an idle callback may be put off once the content is shown. */
const IDLE_TIMEOUT_MS = 1000;

let shown = false;
const listeners = new Set<() => void>();
let settle: () => void = () => undefined;

/** Resolves once the first page's content is on screen and the main thread is idle. */
export const firstContentShown = new Promise<void>((resolve) => {
  settle = () => {
    if (shown) return;
    shown = true;
    resolve();
    for (const listener of listeners) listener();
  };
});

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(run, 50);
}

/** Pages drawing their content that have not yet committed it. */
let holds = 0;
let marked = false;

/** Web fonts in flight: their swap repaints the text, which is often the page's largest paint. */
function fontsLoaded(): Promise<unknown> {
  return typeof document !== 'undefined' && document.fonts ? document.fonts.ready : Promise.resolve();
}

/**
 * Settles once the web fonts in flight are in and the frame holding the content (in its fonts) is
 * presented (the frame after it has begun), and the thread is idle.
 */
function settleAfterPaint(): void {
  void fontsLoaded().then(() => requestAnimationFrame(() => requestAnimationFrame(() => whenIdle(settle))));
}

/** The frame's part is done (route, session, data): settle after the next paint, unless a page still holds. */
export function markFirstContentShown(): void {
  marked = true;
  if (!shown && holds === 0) settleAfterPaint();
}

/**
 * For a page that draws its data in a deferred render: the first content is not shown until `drawn`
 * (its content is committed), whatever the frame says.
 */
export function useHoldFirstContent(drawn: boolean): void {
  useLayoutEffect(() => {
    if (drawn || shown) return;
    holds += 1;
    return () => {
      holds -= 1;
      if (marked && holds === 0 && !shown) settleAfterPaint();
    };
  }, [drawn]);
}

if (typeof window === 'undefined') {
  // Prerendering at build time (vite/prerender-pages.ts) waits for every lazy part: nothing to wait for.
  settle();
} else {
  window.setTimeout(settle, FALLBACK_MS);
  for (const type of ['keydown', 'pointerdown'] as const)
    window.addEventListener(type, settle, { once: true, capture: true });
}

/**
 * Has the first page's content been shown? Re-renders once it has, in a transition: what appears then is
 * secondary, and rendering it in interruptible slices keeps the page responsive.
 */
export function useFirstContentShown(): boolean {
  const [value, setValue] = useState(shown);
  useEffect(() => {
    if (value) return;
    const show = () => startTransition(() => setValue(true));
    if (shown) return show();
    listeners.add(show);
    return () => void listeners.delete(show);
  }, [value]);
  return value;
}

/** `React.lazy` whose code starts loading only once the first page's content is shown. */
export function lazyAfterFirstContent<T extends ComponentType<any>>( // eslint-disable-line @typescript-eslint/no-explicit-any -- as React.lazy
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => firstContentShown.then(nextTask).then(load));
}
