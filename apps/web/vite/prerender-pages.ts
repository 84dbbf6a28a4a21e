import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

/** Public pages worth sending ready to read: the landing page, the first view of most visitors. */
const PRERENDERED_PATHS = ['/'];

interface PrerenderModule {
  LOCALES: readonly string[];
  prerenderPage(path: string, locale: string): Promise<PrerenderedPage>;
}

interface PrerenderedPage {
  html: string;
  title: string;
  description: string;
}

interface RouteAssets {
  path: string;
  js: string[];
  css: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The file a prerendered page is stored in, below the build's folder; the server looks it up so. */
export const prerenderedFile = (pagePath: string, locale: string) =>
  `prerendered/${pagePath === '/' ? 'index' : pagePath.slice(1).replace(/\//g, '_')}.${locale}.html`;

/**
 * `index.html` with a prerendered page in `#root`: its language, title and description, the app's stylesheet and
 * the page's own as ordinary (render-blocking) stylesheets, since the markup needs them to paint, and
 * the markup `inert` until the live app replaces it, so nothing can be clicked that does not work yet.
 */
export function composePrerenderedHtml(
  index: string,
  page: PrerenderedPage,
  locale: string,
  { css, js }: { css: string[]; js: string[] },
): string {
  const replaceOnce = (html: string, pattern: RegExp, by: string) => {
    if (!pattern.test(html)) throw new Error(`prerender: index.html has no ${pattern}`);
    return html.replace(pattern, () => by);
  };
  let html = replaceOnce(
    index,
    /<html lang="[^"]*">/,
    `<html lang="${escapeHtml(locale)}" data-prerendered data-mantine-color-scheme="light">`,
  );
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
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
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root"><div class="arbor-prerender" inert>${page.html}</div></div>`,
  );
}

/**
 * After the client build: builds `src/prerender.tsx` for Node, renders each of PRERENDERED_PATHS in
 * every locale and writes them beside `index.html` (see `prerenderedFile`). The server sends the one
 * in the visitor's language (plugins/web.ts).
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  let configFile: string | undefined;
  let mode = 'production';
  return {
    name: 'arbor-prerender-pages',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
      mode = config.mode;
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(_options, bundle) {
        const indexAsset = bundle['index.html'];
        const preloadsAsset = bundle['route-preloads.json'];
        if (indexAsset?.type !== 'asset') throw new Error('prerender: no index.html in the build');
        const index = String(indexAsset.source);
        const routes =
          preloadsAsset?.type === 'asset' ? (JSON.parse(String(preloadsAsset.source)) as RouteAssets[]) : [];
        // Inside node_modules, so the server build's bare imports resolve to the workspace's packages;
        // one folder per build, so builds running side by side (a benchmark's, the tests') stay apart.
        const ssrDir = path.join(root, 'node_modules/.arbor-prerender', `${process.pid}-${Date.now()}`);
        await build({
          configFile,
          root,
          mode,
          logLevel: 'warn',
          build: {
            ssr: 'src/prerender.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            sourcemap: false,
          },
        });
        try {
          const mod = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as PrerenderModule;
          for (const pagePath of PRERENDERED_PATHS) {
            const route = routes.find((r) => r.path === pagePath);
            const assets = { css: route?.css ?? [], js: route?.js ?? [] };
            for (const locale of mod.LOCALES) {
              const page = await mod.prerenderPage(pagePath, locale);
              const file = path.join(outDir, prerenderedFile(pagePath, locale));
              mkdirSync(path.dirname(file), { recursive: true });
              writeFileSync(file, composePrerenderedHtml(index, page, locale, assets));
            }
          }
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}

/**
 * Writes `csp.json`: the SHA-256 of each inline script of `index.html`, which the server adds to its
 * Content-Security-Policy (`script-src`), so that script runs and no other inline script can.
 */
export function inlineScriptHashes(): Plugin {
  return {
    name: 'arbor-inline-script-hashes',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('inline script hashes: no index.html in the build');
        const scripts = [...String(index.source).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
        const scriptHashes = scripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
        this.emitFile({ type: 'asset', fileName: 'csp.json', source: JSON.stringify({ scriptHashes }) });
      },
    },
  };
}
