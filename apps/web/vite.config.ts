import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { inlineScriptHashes, prerenderPages } from './vite/prerender-pages.ts';
import { pwa, pwaRegisterStub } from './vite/pwa.ts';
import { stableMantineIds } from './vite/stable-ids.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const apiTarget = process.env.ARBOR_API_URL ?? 'http://127.0.0.1:8650';

/**
 * Writes `.br` and `.gz` next to every text asset of the build, so the server sends them as they are
 * (`@fastify/static` `preCompressed`) instead of compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  return {
    name: 'arbor-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** `[path patterns, page module]` of the route table (src/app/routes.tsx), read from its source. */
function routePages(source: string): { paths: string[]; page: string }[] {
  return source
    .split(/(?=\bpath:\s*')/)
    .slice(1)
    .flatMap((segment) => {
      const path = /path:\s*'([^']+)'/.exec(segment)?.[1];
      const page = /import\('\.\.\/pages\/([\w/]+)\.tsx'\)/.exec(segment)?.[1];
      const aliases = /aliases:\s*\[([^\]]*)\]/.exec(segment)?.[1]?.match(/'[^']+'/g) ?? [];
      return path && page && path !== '*' ? [{ paths: [path, ...aliases.map((a) => a.slice(1, -1))], page }] : [];
    });
}

/** A route path (`/trees/:uuid`) as the regular expression its pathnames match. */
function routePattern(p: string): string {
  const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  if (p === '/') return '^/$';
  const parts = p.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)));
  return `^${parts.join('/')}/?$`;
}

/**
 * Lazy parts with styles of their own that the server draws into a page (`lazyAfterFirstContent`): their code
 * loads once the page is shown, but their styles are the page's, or the drawn part paints unstyled until then
 * (the template page's canvas stood 80 px tall, and its controls jumped down the box when its styles came).
 */
const DRAWN_LAZY_PARTS = ['src/features/trees/components/TreeViewer.tsx'];

/**
 * Writes `route-preloads.json`: for each route, a pattern and the JS its page needs beyond the first
 * bundle. The server puts those in the page as `<link rel="modulepreload">` (plugins/web.ts), so a
 * route's code downloads alongside the app's instead of after it has run.
 */
function routePreloads(): Plugin {
  return {
    name: 'arbor-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, into = new Set<string>()): Set<string> => {
        if (into.has(file)) return into;
        into.add(file);
        for (const next of byFile.get(file)?.imports ?? []) closure(next, into);
        return into;
      };
      const initial = new Set<string>();
      for (const c of chunks) if (c.isEntry) closure(c.fileName, initial);
      const pageChunks = new Map<string, string>();
      for (const c of chunks) {
        const page = c.isDynamicEntry ? /src\/pages\/(.+)\.tsx$/.exec(c.facadeModuleId ?? '')?.[1] : undefined;
        if (page) pageChunks.set(page, c.fileName);
      }
      const source = readFileSync(new URL('./src/app/routes.tsx', import.meta.url), 'utf8');
      const routes = routePages(source).flatMap(({ paths, page }) => {
        const file = pageChunks.get(page);
        if (!file) return [];
        const own = [...closure(file)].filter((f) => !initial.has(f));
        const js = own;
        // The styles of the parts the server draws into the page whose code loads later: the drawn page needs
        // them to paint laid out.
        const drawnLater = own
          .flatMap((f) => byFile.get(f)?.dynamicImports ?? [])
          .filter((f) => DRAWN_LAZY_PARTS.some((part) => byFile.get(f)?.facadeModuleId?.endsWith(part)))
          .flatMap((f) => [...closure(f)])
          .filter((f) => !initial.has(f));
        const css = [
          ...new Set([...own, ...drawnLater].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])])),
        ];
        return paths.map((p) => ({ pattern: routePattern(p), path: p, js, css }));
      });
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(routes) });
      // Every path the client router answers with a page of its own: anything else is its 404 page,
      // which the server then sends with the 404 status (apps/server/src/plugins/web.ts).
      const known = routePages(source).flatMap(({ paths }) => paths.map(routePattern));
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(known) });
    },
  };
}

/**
 * Holds the app back until the first paint: the entry's stylesheet link becomes a preload, so the
 * splash in index.html paints without waiting for ~250 KB of CSS (`src/app/app-stylesheet.ts` applies
 * it before the first render), and the entry's scripts become `text/x-arbor-deferred`, which the head
 * script of index.html starts once the splash (or a prerendered page) is on screen.
 */
function deferAppStartup(): Plugin {
  return {
    name: 'arbor-defer-app-startup',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(
            /<link rel="stylesheet"( crossorigin)? href="(\/assets\/app-[\w-]+\.css)">/,
            '<link rel="preload" as="style"$1 href="$2" data-app-stylesheet>',
          )
          .replace(
            /<script type="module" crossorigin src="([^"]+)"><\/script>/g,
            '<script type="text/x-arbor-deferred" src="$1"></script>',
          ),
    },
  };
}

/** Packages kept out of the shared `ui` chunk: big single-purpose libraries and the Markdown pipeline. */
const NOT_UI_KIT = [
  '@xyflow',
  'd3-',
  'html-to-image',
  'altcha',
  'zod',
  // Markdown: the renderer, its plugins and the helpers only they use
  'react-markdown',
  'remark-',
  'rehype-',
  'micromark',
  'mdast-',
  'hast',
  'unified',
  'vfile',
  'unist-',
  'property-information',
  'space-separated-tokens',
  'comma-separated-tokens',
  'style-to-',
  'inline-style-parser',
  'html-url-attributes',
  'estree-util-',
  'decode-named-character-reference',
  'character-entities',
  'trim-lines',
  'devlop',
  'bail',
  'trough',
  'is-plain-obj',
  'extend',
  'ccount',
  'longest-streak',
  'markdown-table',
  'zwitch',
  'escape-string-regexp',
  '@ungap',
];

export default defineConfig(({ isSsrBuild }) => ({
  // The server-side build (src/prerender.tsx, run by prerenderPages) needs React only (and no service worker).
  plugins: isSsrBuild
    ? [react(), stableMantineIds(), pwaRegisterStub()]
    : [
        react(),
        stableMantineIds(),
        precompress(),
        routePreloads(),
        deferAppStartup(),
        inlineScriptHashes(),
        prerenderPages(),
        pwa(),
      ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // ARBOR_BUILD_READABLE=1 keeps names, for reading a CPU profile (bench/editor.bench.ts).
    ...(process.env.ARBOR_BUILD_READABLE ? { minify: false } : {}),
    chunkSizeWarningLimit: 900,
    // chunk → modules map, read by scripts/check-bundle.mjs (the bundle budget of `npm test`)
    manifest: true,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          treeshake: {
            // A feature's index.ts re-exports its whole surface, and app/ (the first bundle) imports a few
            // light things through it (prefetchers, registrations). Feature modules do nothing when merely
            // imported (a module-level `lazy()` or `memo()` is a call the bundler cannot prove pure), so
            // what app/ does not use from an index stays in the route chunks that do. Stylesheets and
            // packages keep their own flags.
            moduleSideEffects: (id: string, external: boolean) =>
              external || !/[\\/]src[\\/]features[\\/].+\.tsx?$/.test(id) ? undefined : false,
          },
          output: {
            // Everything the first page statically needs in one chunk beside the entry, instead of dozens of
            // small shared chunks (one request each, each compressed on its own); route code stays lazy.
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'], priority: 30 },
                // Later routes' share of the UI kit (Mantine's other components, icons, Floating UI) as one
                // chunk instead of dozens of 1–5 KB ones: on HTTP/1.1 each request costs a round trip on
                // one of six connections, which on a phone network outweighs the few KB a page may not need.
                // The big single-purpose libraries keep their own chunks and load only where used, and so do
                // the Markdown pipeline's small helpers (property-information builds its HTML schemas as it is
                // evaluated: a page without Markdown should not pay for that).
                {
                  name: 'ui',
                  test: new RegExp(`node_modules[\\\\/](?!${NOT_UI_KIT.join('|')})`),
                  priority: 20,
                  minShareCount: 3,
                },
              ],
            },
          },
        },
  },
}));
