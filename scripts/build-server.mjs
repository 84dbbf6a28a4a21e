// The server's production build: esbuild bundles apps/server/src/main.ts and cli.ts, with everything
// they import from this repository (the workspace packages too, which are TypeScript sources), into
// apps/server/dist/{main,cli}.js (ESM for Node 20, with source maps). Real npm dependencies stay
// external and load from node_modules as usual (native ones such as better-sqlite3, sharp and
// @node-rs/argon2 could not be bundled anyway).
//
// Files next to the sources (migrations, seed JSON, the password list, the web build…) are still
// read from where they are: `import.meta.dirname`, `.filename` and `.url` in a bundled source are
// rewritten to that source's own location, relative to the bundle, so paths computed from them are
// the same as under tsx. The bundle therefore runs from this checkout (apps/server/dist next to
// apps/server/src), which is how `npm start` runs it. A dynamic `import()` is bundled when its
// argument is a literal or a relative template (`./migrations/${name}.ts`: every matching file);
// any other would try to load a .ts file at run time, which plain Node cannot.
//
// `node scripts/build-server.mjs` builds; `serverBuildIsStale()` tells `npm start` when to.
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
export const serverDist = path.join(serverDir, 'dist');
export const serverEntry = path.join(serverDist, 'main.js');
const entryPoints = { main: path.join(serverDir, 'src/main.ts'), cli: path.join(serverDir, 'src/cli.ts') };
/** What the bundle is made of: a change to any file (or folder listing) under these makes it stale. */
const sources = [path.join(serverDir, 'src'), path.join(root, 'packages'), fileURLToPath(import.meta.url)];

function newestMtime(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a folder's own time changes when a file is added, removed or renamed
  for (const entry of readdirSync(file, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(file, entry.name)));
  }
  return newest;
}

/** True when a bundle is missing or older than any server or package source (or this script). */
export function serverBuildIsStale() {
  const outputs = Object.keys(entryPoints).map((name) => path.join(serverDist, `${name}.js`));
  if (!outputs.every((f) => existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  return Math.max(...sources.map(newestMtime)) > built;
}

/** Keeps npm packages external, except the workspace packages (`@arbor/*`), which are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@arbor/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Rewrites `import.meta.dirname|filename|url` in every bundled source to that source's own location. */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!/\bimport\.meta\.(dirname|filename|url)\b/.test(text)) return undefined;
      const fromDist = (p) => JSON.stringify(path.relative(serverDist, p).split(path.sep).join('/'));
      const dir = `__arborJoin(import.meta.dirname, ${fromDist(path.dirname(args.path))})`;
      const file = `__arborJoin(import.meta.dirname, ${fromDist(args.path)})`;
      const contents =
        text.replace(/\bimport\.meta\.(dirname|filename|url)\b/g, (_, what) =>
          what === 'dirname' ? dir : what === 'filename' ? file : `__arborFileUrl(${file}).href`,
        ) +
        // Appended, not prepended, so that line numbers (and the source map) stay as they are;
        // imports are hoisted wherever they stand.
        "\nimport { join as __arborJoin } from 'node:path';\nimport { pathToFileURL as __arborFileUrl } from 'node:url';\n";
      return { contents, loader: path.extname(args.path).slice(1).replace(/^[cm]/, '') };
    });
  },
};

/** Bundles the server into apps/server/dist; each output is written aside and renamed into place. */
export async function buildServer({ quiet = false } = {}) {
  const esbuild = await import('esbuild');
  const started = Date.now();
  const result = await esbuild.build({
    entryPoints,
    outdir: serverDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false, // the sources are in the checkout; stack traces map to them
    keepNames: true, // error and class names as in the sources
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    plugins: [externalPackages, sourceLocations],
    banner: { js: '// Built by scripts/build-server.mjs from apps/server/src: edit the sources, not this file.' },
  });
  await mkdir(serverDist, { recursive: true });
  // Maps first, then the scripts, so a process starting meanwhile never sees half a file.
  const files = [...result.outputFiles].sort((a, b) => Number(a.path.endsWith('.js')) - Number(b.path.endsWith('.js')));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  if (!quiet) {
    const sizes = files
      .filter((f) => f.path.endsWith('.js'))
      .map((f) => `${path.relative(root, f.path)} ${(f.contents.length / 1024).toFixed(0)} KB`);
    console.log(`Built the server in ${Date.now() - started} ms: ${sizes.join(', ')}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // esbuild has printed the errors (file, line, what could not be resolved).
  await buildServer().catch(() => process.exit(1));
}
