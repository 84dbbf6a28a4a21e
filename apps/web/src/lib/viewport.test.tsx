// The window's width, kept for the server (which draws the editor for it) and read as a drawn page hydrates.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endHydratingDrawnPage, startHydratingDrawnPage } from './hydration.ts';
import {
  parseViewportWidth,
  rememberViewportWidth,
  setDrawnViewportWidth,
  useViewportAtMost,
  VIEWPORT_COOKIE,
} from './viewport.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A window `width` wide, as `matchMedia` answers `(max-width: …px)`. */
function windowOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width <= Number(/max-width: (\d+)px/.exec(query)?.[1]),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setDrawnViewportWidth(undefined);
  endHydratingDrawnPage();
});

describe('the window width the server draws for', () => {
  it('is a sane number of CSS pixels, or nothing', () => {
    expect(parseViewportWidth('412')).toBe(412);
    expect(parseViewportWidth(1350)).toBe(1350);
    for (const bad of ['abc', '', '41.5', '12', '99999', undefined, null, -412])
      expect(parseViewportWidth(bad)).toBeUndefined();
  });

  it('is kept in a cookie, then again after the window is resized', () => {
    vi.useFakeTimers();
    const cookies: string[] = [];
    const listeners: (() => void)[] = [];
    const win = {
      innerWidth: 390.4,
      document: {
        get cookie() {
          return cookies.at(-1)?.split(';')[0] ?? '';
        },
        set cookie(value: string) {
          cookies.push(value);
        },
      },
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    } as unknown as Window;
    rememberViewportWidth(win);
    expect(cookies).toEqual([`${VIEWPORT_COOKIE}=390; path=/; max-age=31536000; samesite=lax`]);
    (win as { innerWidth: number }).innerWidth = 1280;
    for (const listener of listeners) listener();
    vi.advanceTimersByTime(500);
    expect(cookies.at(-1)).toBe(`${VIEWPORT_COOKIE}=1280; path=/; max-age=31536000; samesite=lax`);
    // A width the cookie holds already is not written again.
    for (const listener of listeners) listener();
    vi.advanceTimersByTime(500);
    expect(cookies).toHaveLength(2);
    vi.useRealTimers();
  });
});

describe('useViewportAtMost', () => {
  async function firstRenders(): Promise<boolean[]> {
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useViewportAtMost(820));
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Probe />));
    act(() => root.unmount());
    return seen;
  }

  it('reads the window as the component first renders', async () => {
    windowOf(390);
    expect((await firstRenders())[0]).toBe(true);
  });

  it('while a drawn page hydrates, starts from the width it was drawn for, then follows the window', async () => {
    windowOf(390);
    setDrawnViewportWidth(1280);
    startHydratingDrawnPage();
    const seen = await firstRenders();
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });
});
