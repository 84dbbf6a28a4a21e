import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { composePrerenderedHtml } from '../src/compose-page.ts';

/** The folder of the build, below its root, that holds the server's renderer of signed-in pages (never served). */
export const SERVER_RENDER_DIR = '_server';

/** Public pages worth sending ready to read: the landing page, the first view of most visitors. */
const PRERENDERED_PATHS = ['/'];

interface PrerenderedPage {
  html: string;
  title: string;
  description: string;
}

interface PrerenderModule {
  LOCALES: readonly string[];
  prerenderPage(path: string, locale: string): Promise<PrerenderedPage>;
}

interface RouteAssets {
  path: string;
  js: string[];
  css: string[];
}

/** The file a prerendered page is stored in, below the build's folder; the server looks it up so. */
export const prerenderedFile = (pagePath: string, locale: string) =>
  `prerendered/${pagePath === '/' ? 'index' : pagePath.slice(1).replace(/\//g, '_')}.${locale}.html`;

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
        // Both entries bundled with every package they use, so the server loads them wherever the build is
        // (a benchmark builds into a temporary folder). The server renders signed-in pages with the second.
        const ssrDir = path.join(outDir, SERVER_RENDER_DIR);
        await build({
          configFile,
          root,
          mode,
          logLevel: 'warn',
          ssr: { noExternal: true },
          build: {
            ssr: true,
            rollupOptions: {
              input: { prerender: 'src/prerender.tsx', 'server-render': 'src/server-render.tsx' },
              // ES modules by their name wherever the build is (a folder without a package.json saying so would
              // make them CommonJS to Node's loaders).
              output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' },
            },
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            sourcemap: false,
          },
        });
        const mod = (await import(pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href)) as PrerenderModule;
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
        rmSync(path.join(ssrDir, 'prerender.mjs'), { force: true });
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
