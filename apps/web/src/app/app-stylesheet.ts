/**
 * The app's stylesheet is announced in index.html as a preload (apps/web/vite.config.ts,
 * `deferAppStartup`), not as a render-blocking `<link rel="stylesheet">`: the splash then paints
 * from the HTML alone instead of waiting for ~250 KB of CSS. This applies it before the app's first
 * render, so nothing is ever drawn unstyled. In development Vite injects styles itself and there is
 * no preload: it resolves at once.
 */
export function applyAppStylesheet(doc: Document = document): Promise<void> {
  const preload = doc.querySelector<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-stylesheet]');
  if (!preload) return Promise.resolve();
  const sheet = doc.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = preload.href;
  if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
  const applied = new Promise<void>((resolve) => {
    // A failed stylesheet must not keep the app from starting.
    sheet.addEventListener('load', () => resolve(), { once: true });
    sheet.addEventListener('error', () => resolve(), { once: true });
  });
  preload.after(sheet);
  return applied;
}

/**
 * Adds the web fonts' stylesheet (`fonts.css`, built as a file of its own). It is not awaited: text
 * renders in the system font and swaps once a font file is in.
 */
export function applyFontStylesheet(href: string, doc: Document = document): void {
  if ([...doc.querySelectorAll('link[rel="stylesheet"]')].some((link) => link.getAttribute('href') === href)) return;
  const sheet = doc.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = href;
  doc.head.append(sheet);
}
