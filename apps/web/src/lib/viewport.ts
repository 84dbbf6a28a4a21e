// The width of the window where the server draws a page. A page whose phone layout is another tree of components
// (the editor) can only be drawn for a known width: the browser keeps its width in a cookie the server reads,
// and the page drawn for it is hydrated with that width, then follows the window as it is.
import { useMediaQuery } from '@mantine/hooks';
import { keepCookie } from './cookies.ts';
import { isHydratingDrawnPage } from './hydration.ts';

/** The cookie with the window's width in CSS pixels (not a secret; the server only reads it to draw a page). */
export const VIEWPORT_COOKIE = 'arbor_viewport';

/** On the server, the width the page is drawn for; in the browser, the width the drawn page was drawn for. */
let drawnWidth: number | undefined;

export function setDrawnViewportWidth(width: number | undefined): void {
  drawnWidth = width;
}

/** A width as the cookie or the first data carries it, if it is one. */
export function parseViewportWidth(value: unknown): number | undefined {
  const width = Number(value);
  return Number.isInteger(width) && width >= 200 && width <= 10_000 ? width : undefined;
}

/** Keeps this window's width in the cookie, now and after each resize. */
export function rememberViewportWidth(win: Window = window): void {
  const write = () => {
    keepCookie(VIEWPORT_COOKIE, String(Math.round(win.innerWidth)), win.document);
  };
  write();
  let timer: ReturnType<typeof setTimeout> | undefined;
  win.addEventListener('resize', () => {
    clearTimeout(timer);
    timer = setTimeout(write, 500);
  });
}

/**
 * Whether the window is at most `maxWidth` CSS pixels wide. Read as the component first renders (no first render
 * with the other layout), except on the server and while hydrating a drawn page: the width it was drawn for then,
 * and the window's own right after.
 */
export function useViewportAtMost(maxWidth: number): boolean {
  const drawn = drawnWidth === undefined ? undefined : drawnWidth <= maxWidth;
  return useMediaQuery(`(max-width: ${maxWidth}px)`, drawn, {
    getInitialValueInEffect: typeof window === 'undefined' || isHydratingDrawnPage(),
  });
}
