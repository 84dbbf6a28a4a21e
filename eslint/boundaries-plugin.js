// The walls of ARCHITECTURE.md's module map, checked by the lint step:
// - `arbor/module-surface`: a server module (apps/server/src/modules/<m>/) or a web feature
//   (apps/web/src/features/<f>/) is entered only through its `index.ts` (tests and test helpers may
//   also use its `testing.ts` and its `<module>.messages.ts`); files inside one never import their own `index.ts`.
// - `arbor/no-cycle`: no import cycle, type-only imports included (eslint-plugin-import's no-cycle
//   skips those, and a type cycle still ties two modules together).
// - `arbor/no-fastify-in-services`: services, repositories, presenters and policies never see Fastify.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = [
  'apps/server/src',
  'apps/web/src',
  'apps/web/vite',
  'packages/contract/src',
  'packages/tree-core/src',
];
const WORKSPACE_PACKAGES = {
  '@arbor/contract': 'packages/contract/src/index.ts',
  '@arbor/tree-core': 'packages/tree-core/src/index.ts',
};
const BOUNDARY_PARENTS = ['apps/server/src/modules', 'apps/web/src/features'];
const SOURCE_FILE = /\.(ts|tsx|mts)$/;

const relative = (file) => path.relative(root, file).split(path.sep).join('/');

/** The file an import specifier names, or null for a package outside the workspace. */
function resolveImport(fromFile, specifier) {
  if (WORKSPACE_PACKAGES[specifier]) return path.join(root, WORKSPACE_PACKAGES[specifier]);
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier.split('?')[0]);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** `apps/server/src/modules/trees` for a file inside that module, else null. */
function boundaryOf(file) {
  const rel = relative(file);
  for (const parent of BOUNDARY_PARENTS) {
    if (rel.startsWith(`${parent}/`)) {
      const name = rel.slice(parent.length + 1).split('/')[0];
      // a loose file directly under modules/ (the registry) belongs to no module
      if (rel.slice(parent.length + 1).includes('/')) return `${parent}/${name}`;
    }
  }
  return null;
}

const isTestSide = (file) => /\.(test|testing|spec)\.tsx?$|\/testing\/|^(e2e|bench)\//.test(relative(file));

function listSources(dir, out) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listSources(full, out);
    else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The files a source file imports (type-only and dynamic ones included). */
function importsOf(file) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set();
  for (const { fileName } of info.importedFiles) {
    const target = resolveImport(file, fileName);
    if (target) targets.add(target);
  }
  return targets;
}

/**
 * Brings `state` (every source file's imports and modification time) up to date with the disk: only
 * changed files are read again; a file added or removed can change what other imports resolve to, so
 * then every file is. True when anything changed.
 */
function refreshGraph(state) {
  const files = SOURCE_DIRS.flatMap((dir) => listSources(path.join(root, dir), []));
  if (files.length !== state.graph.size || files.some((file) => !state.graph.has(file))) {
    state.graph.clear();
    state.mtimes.clear();
  }
  let changed = false;
  for (const file of files) {
    const mtime = statSync(file).mtimeMs;
    if (state.mtimes.get(file) === mtime) continue;
    state.mtimes.set(file, mtime);
    state.graph.set(file, importsOf(file));
    changed = true;
  }
  return changed;
}

/** Strongly connected components with more than one file (Tarjan): each is an import cycle. */
function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const componentOf = new Map();
  let counter = 0;
  const visit = (start) => {
    // iterative, so that long import chains never overflow the call stack
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const next = edges[frame[2]++];
        if (!graph.has(next)) continue;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push([next, [...graph.get(next)], 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) for (const file of component) componentOf.set(file, component);
      }
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return componentOf;
}

/**
 * The graph and its cycles, built once per process. When a file is linted more than 2 s after the
 * previous one (a new run in an editor's long-lived ESLint server, or a slow file), the disk is looked
 * at again and only the files that changed are read: a slow file no longer costs a whole rebuild.
 */
const state = { graph: new Map(), mtimes: new Map(), cycles: new Map(), usedAt: -Infinity };
function analysis() {
  const now = Date.now();
  if (now - state.usedAt > 2000 && refreshGraph(state)) state.cycles = cyclesOf(state.graph);
  state.usedAt = Date.now();
  return state;
}

/** Calls `check(node, specifier)` for every import, re-export and dynamic import of a file. */
function eachImport(check) {
  const fromSource = (node) => node.source && typeof node.source.value === 'string' && check(node, node.source.value);
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    TSImportType: (node) => {
      const literal = node.argument?.literal ?? node.argument;
      if (literal && typeof literal.value === 'string') check(node, literal.value);
    },
  };
}

const moduleSurface = {
  meta: {
    type: 'problem',
    docs: { description: 'enter a server module or web feature only through its index.ts' },
    messages: {
      surface: '{{target}} is inside {{boundary}}: import it through {{boundary}}/index.ts.',
      ownIndex: "Inside {{boundary}}, import the file itself, not the module's own index.ts.",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const own = boundaryOf(file);
    return eachImport((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (!target) return;
      const boundary = boundaryOf(target);
      if (!boundary) return;
      const entry = relative(target).slice(boundary.length + 1);
      if (boundary === own) {
        if (/^index\.tsx?$/.test(entry)) context.report({ node, messageId: 'ownIndex', data: { boundary } });
        return;
      }
      if (/^index\.tsx?$/.test(entry)) return;
      // tests may also read a module's message catalog (plain data: an e2e spec checks the UI shows it)
      if ((entry === 'testing.ts' || /^[\w-]+\.messages\.ts$/.test(entry)) && isTestSide(file)) return;
      context.report({ node, messageId: 'surface', data: { target: relative(target), boundary } });
    });
  },
};

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'no import cycle, type-only imports included' },
    messages: { cycle: 'Import cycle: {{files}}.' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const { cycles } = analysis();
    const component = cycles.get(file);
    if (!component) return {};
    const members = new Set(component);
    const files = component.map(relative).sort().join(' ↔ ');
    return eachImport((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (target && members.has(target)) context.report({ node, messageId: 'cycle', data: { files } });
    });
  },
};

const SERVICE_SIDE = /\.(service|repository|presenter|policy)\.ts$/;
const noFastifyInServices = {
  meta: {
    type: 'problem',
    docs: { description: 'services, repositories, presenters and policies never see Fastify' },
    messages: { fastify: 'Only routes see Fastify: take what you need from Deps instead.' },
    schema: [],
  },
  create(context) {
    if (!SERVICE_SIDE.test(context.physicalFilename)) return {};
    return eachImport((node, specifier) => {
      if (specifier === 'fastify' || specifier.startsWith('fastify-') || specifier.startsWith('@fastify/'))
        context.report({ node, messageId: 'fastify' });
    });
  },
};

export default {
  meta: { name: 'arbor-boundaries' },
  rules: { 'module-surface': moduleSurface, 'no-cycle': noCycle, 'no-fastify-in-services': noFastifyInServices },
};
