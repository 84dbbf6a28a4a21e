/**
 * What jsdom lacks and Mantine, React Flow and the editor reach for: `matchMedia` (colour scheme, the phone
 * query), `ResizeObserver` (React Flow, Select's dropdown), and web fonts (autosize text areas listen for them).
 * Each stub does nothing; a test that needs a behaviour sets its own.
 */
export function fillBrowserGaps(): void {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
}
