// Bundle budget (a step of `npm test`, after the production build): the JavaScript a browser loads
// before the first page can render — the module scripts and modulepreloads of dist/index.html and
// everything they import statically, not the lazy route chunks — must stay within BUDGET_KB gzipped,
// and must not contain the editor (React Flow) or the admin pages, which load only on their routes.
//
//   node scripts/check-bundle.mjs [dist]          prints the figures, exits 1 over budget
//   node scripts/check-bundle.mjs --json [dist]   the same as JSON (bench/lighthouse.bench.ts records it)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
/** Route chunks that must stay lazy, by their source in the Vite manifest. */
const LAZY_ONLY = [
  { what: 'the editor', src: /^src\/pages\/TreeEditorPage\.tsx$/ },
  { what: 'the admin pages', src: /^src\/pages\/Admin\w*\.tsx$|^src\/features\/ai\/admin\// },
];
/** Strings only their code contains, in case a static import pulls it in through another chunk. */
const MARKERS = [
  { what: 'the editor (React Flow)', text: 'react-flow__renderer' },
  { what: 'the admin pages', text: '/api/llm/request-logs/' },
];

const args = process.argv.slice(2);
const json = args.includes('--json');
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(import.meta.dirname, '../apps/web/dist'));
const problems = [];

const indexHtml = path.join(dist, 'index.html');
if (!existsSync(indexHtml)) {
  console.error(`No build at ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifestPath = path.join(dist, '.vite', 'manifest.json');
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
if (!existsSync(manifestPath))
  problems.push('dist/.vite/manifest.json is missing (build.manifest in apps/web/vite.config.ts)');
const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

// What index.html makes the browser fetch as code before anything runs.
const html = readFileSync(indexHtml, 'utf8');
const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((m) => m[0]);
const attr = (tag, name) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
const roots = tags
  // `text/x-arbor-deferred` and `x-arbor-modulepreload`: the same, started by the head script after the first paint.
  .filter(
    (tag) =>
      (tag.startsWith('<script') && ['module', 'text/x-arbor-deferred'].includes(attr(tag, 'type'))) ||
      (tag.startsWith('<link') && ['modulepreload', 'x-arbor-modulepreload'].includes(attr(tag, 'rel'))),
  )
  .map((tag) => attr(tag, 'src') ?? attr(tag, 'href'))
  .filter((url) => url && url.startsWith('/') && url.endsWith('.js'))
  .map((url) => url.slice(1));
if (roots.length === 0) problems.push('index.html loads no module script');

// Their static imports, from the manifest and from the code itself (`import … from"./x.js"`, not `import("./x.js")`).
const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;
const initial = new Set();
const visit = (file) => {
  if (initial.has(file)) return;
  const full = path.join(dist, file);
  if (!existsSync(full)) {
    problems.push(`${file} is referenced but missing`);
    return;
  }
  initial.add(file);
  for (const key of byFile.get(file)?.imports ?? []) if (manifest[key]) visit(manifest[key].file);
  const code = readFileSync(full, 'utf8');
  for (const m of code.matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(file), m[1]));
};
roots.forEach(visit);

const files = [...initial].map((file) => {
  const code = readFileSync(path.join(dist, file));
  return { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length, code: code.toString('utf8') };
});
const initialGzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
const budgetBytes = BUDGET_KB * 1024;
if (initialGzipBytes > budgetBytes)
  problems.push(`initial JS is ${(initialGzipBytes / 1024).toFixed(1)} KB gzipped, over the ${BUDGET_KB} KB budget`);

for (const { what, src } of LAZY_ONLY) {
  const chunks = Object.values(manifest).filter((chunk) => chunk.src && src.test(chunk.src));
  if (chunks.length === 0) problems.push(`no chunk for ${what} in the manifest (${src})`);
  for (const chunk of chunks) if (initial.has(chunk.file)) problems.push(`${what} (${chunk.src}) is in the initial JS`);
}
for (const { what, text } of MARKERS) {
  for (const f of files)
    if (f.code.includes(text)) problems.push(`${what} is in the initial JS: ${f.file} contains "${text}"`);
}

const ok = problems.length === 0;
if (json) {
  const result = {
    ok,
    budgetBytes,
    initialGzipBytes,
    files: files.map(({ file, bytes, gzipBytes }) => ({ file, bytes, gzipBytes })),
    problems,
  };
  console.log(JSON.stringify(result, null, 2));
} else {
  for (const f of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(`${(f.gzipBytes / 1024).toFixed(1).padStart(8)} KB gz  ${f.file}`);
  console.log(
    `initial JS for /: ${(initialGzipBytes / 1024).toFixed(1)} KB gzipped in ${files.length} files (budget ${BUDGET_KB} KB)`,
  );
  for (const p of problems) console.error(`✗ ${p}`);
  if (ok) console.log('✓ within budget; the editor and the admin pages load only on their routes');
}
process.exit(ok ? 0 : 1);
