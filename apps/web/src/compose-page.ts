// The HTML document of a page drawn outside the browser: the build's prerendered landing page
// (vite/prerender-pages.ts) and the server's signed-in pages (server-render.tsx). Plain strings: it runs in
// Node only.

export interface ComposedPage {
  /** the markup of `#root` */
  html: string;
  /** the document title */
  title: string;
  /** the page's summary for search results and link previews; the built one is kept without it */
  description?: string;
  /** a page drawn for a signed-in user: their id, and the answers it was drawn from (lib/first-data.ts) */
  signedIn?: { viewerId: number; firstData: unknown; elementId: string };
}

/** The files a page needs beyond the first bundle (the build's `route-preloads.json`). */
export interface PageAssets {
  css: string[];
  js: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON that can stand inside a `<script>` element: no `<` to end it early. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * `index.html` with a drawn page in `#root`: its language, title and description, the app's stylesheet and
 * the page's own as ordinary (render-blocking) stylesheets, since the markup needs them to paint, and
 * the markup `inert` until the live app takes it over, so nothing can be clicked that does not work yet.
 * A signed-in page names its user on `<html data-viewer>` (the head script shows the splash instead when
 * this browser holds another session) and carries its answers as JSON, which is data, not a script. Its
 * markup is the app's own, right in `#root` (`data-drawn`): the live app hydrates it (main.tsx) instead of
 * drawing the page again. The landing page, prerendered at build time, is replaced (it is wrapped).
 */
export function composePrerenderedHtml(
  index: string,
  page: ComposedPage,
  locale: string,
  { css, js }: PageAssets,
): string {
  const replaceOnce = (html: string, pattern: RegExp, by: string) => {
    if (!pattern.test(html)) throw new Error(`prerender: index.html has no ${pattern}`);
    return html.replace(pattern, () => by);
  };
  const viewer = page.signedIn ? ` data-viewer="${page.signedIn.viewerId}"` : '';
  let html = replaceOnce(
    index,
    /<html lang="[^"]*">/,
    `<html lang="${escapeHtml(locale)}" data-prerendered${viewer} data-mantine-color-scheme="light">`,
  );
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  if (page.description !== undefined)
    html = replaceOnce(
      html,
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    );
  const appSheet = /<link rel="preload" as="style"( crossorigin)? href="([^"]+)" data-app-stylesheet>/.exec(html);
  if (!appSheet) throw new Error('prerender: index.html has no app stylesheet preload');
  const sheets = [appSheet[2]!, ...css.map((f) => `/${f}`)].map(
    (href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`,
  );
  html = html.replace(appSheet[0], () => sheets.join(''));
  // The page's modules are held back until the first paint, as the app's code is (index.html's head script).
  const preloads = js.map((f) => `<link rel="x-arbor-modulepreload" href="/${escapeHtml(f)}">`).join('');
  html = replaceOnce(html, /<\/head>/, `${preloads}</head>`);
  const data = page.signedIn
    ? `<script type="application/json" id="${page.signedIn.elementId}">${scriptSafeJson(page.signedIn.firstData)}</script>`
    : '';
  const root = page.signedIn
    ? `<div id="root" class="arbor-prerender" data-drawn inert>${page.html}</div>${data}`
    : `<div id="root"><div class="arbor-prerender" inert>${page.html}</div></div>`;
  return replaceOnce(html, /<div id="root"><\/div>/, root);
}
