// The skill-tree editor on a 2,000-node tree in headless Chromium, next to bare React Flow drawing
// the same tree in the same run (PERFORMANCE.md: these machines are noisy, the ratio is what counts).
// Figures: time to interactive after navigation, pan and drag fps (requestAnimationFrame callbacks
// per second while the viewport or a node moves in a rAF loop), add node → in DOM, JS heap.
// Targets: TTI ≤ 1.5 s, fps ≥ 50, add ≤ 50 ms, and the editor within 1.3× of bare React Flow.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { BENCH_ADMIN_ENV, createBenchTree, setBenchStatuses, signInBenchUser } from './support/bench-user.ts';
import { MOVE_LOOP, SETTLED } from './support/canvas-probes.ts';
import { recordResults } from './support/record.ts';
import { freePort, ROOT, startProcess } from './support/server-process.ts';

const NODES = Number(process.env.BENCH_NODES ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MOVE_MS = 3000;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const VIEWPORT = { width: 1440, height: 900 };
// Issue 5's targets at 2,000 nodes; issue 18's at 5,000 (first draw ≤ 2 s, pan ≥ 50 fps at zoom 1 and fitted).
const TARGETS = { ttiMs: NODES > 2000 ? 2000 : 1500, fps: 50, addMs: 50, ratio: 1.3 };
/** Each tree size keeps its own README section and results file. */
const RECORD = NODES === 2000 ? 'editor' : `editor-${NODES}`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN;
};
const round = (x: number, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Runs `trigger` and resolves with the ms until a new `.react-flow__node` (or `waitFor`) is in the DOM. */
const TIME_TO_DOM = (trigger: string, waitFor: string) => `(async () => {
  const count = () => document.querySelectorAll('.react-flow__node').length;
  const before = count();
  const done = () => (${JSON.stringify(waitFor)} ? document.querySelector(${JSON.stringify(waitFor)}) : count() > before);
  return await new Promise((resolve) => {
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (done()) { observer.disconnect(); resolve(performance.now() - t0); }
    });
    observer.observe(document.querySelector('.react-flow'), { childList: true, subtree: true });
    ${trigger};
  });
})()`;

const HEAP_MB = `performance.memory ? performance.memory.usedJSHeapSize / 1048576 : null`;

interface Figures {
  ttiMs: number;
  ttiRunsMs: number[];
  panFps: number;
  panWorstFrameMs: number;
  /** pan after fitting the whole tree into view (every node on screen, drawn simplified) */
  fitPanFps: number;
  fitPanWorstFrameMs: number;
  dragFps: number;
  dragWorstFrameMs: number;
  addNodeMs: number;
  heapMb: number | null;
  moved: { pan: boolean; drag: boolean; fitPan: boolean };
}

async function measure(
  browser: Browser,
  url: string,
  prepare: (page: Page) => Promise<void>,
  addNode: (page: Page) => Promise<number>,
  dragSelector: string,
  /** fits the whole tree into view */
  fit: (page: Page) => Promise<void>,
  /** what else must be on the page before it counts as drawn (default: nodes alone) */
  readySelector?: string,
): Promise<Figures> {
  const tti: number[] = [];
  let last: Page | null = null;
  for (let run = 0; run < RUNS; run++) {
    // Without the service worker (BENCH_SERVICE_WORKER=1 lets it in): on a first visit it installs and
    // precaches the app (3.4 MB) during the very seconds measured here, which is the offline app's one-time
    // cost, not the editor's; the earlier figures had no service worker either.
    const context = await browser.newContext({
      viewport: VIEWPORT,
      serviceWorkers: process.env.BENCH_SERVICE_WORKER ? 'allow' : 'block',
    });
    const page = await context.newPage();
    await prepare(page);
    await page.goto(url);
    await page.waitForSelector('.react-flow__node', { timeout: 30_000 });
    if (readySelector) await page.waitForSelector(readySelector, { timeout: 30_000 });
    // performance.now() counts from navigation start: this is navigation → drawn and responsive.
    tti.push((await page.evaluate(SETTLED)) as number);
    if (run < RUNS - 1) await context.close();
    else last = page;
  }
  const page = last!;
  await page.waitForTimeout(500);
  const adds: number[] = [];
  for (let i = 0; i < 5; i++) adds.push(await addNode(page));
  const pan = (await page.evaluate(MOVE_LOOP('.react-flow__pane', MOVE_MS))) as {
    fps: number;
    moved: boolean;
    worstFrameMs: number;
  };
  const drag = (await page.evaluate(MOVE_LOOP(dragSelector, MOVE_MS))) as {
    fps: number;
    moved: boolean;
    worstFrameMs: number;
  };
  await fit(page);
  await page.waitForTimeout(800);
  const fitPan = (await page.evaluate(MOVE_LOOP('.react-flow__pane', MOVE_MS))) as {
    fps: number;
    moved: boolean;
    worstFrameMs: number;
  };
  const heapMb = (await page.evaluate(HEAP_MB)) as number | null;
  await page.context().close();
  return {
    ttiMs: round(median(tti)),
    ttiRunsMs: tti.map((t) => round(t)),
    panFps: round(pan.fps, 1),
    panWorstFrameMs: round(pan.worstFrameMs, 1),
    fitPanFps: round(fitPan.fps, 1),
    fitPanWorstFrameMs: round(fitPan.worstFrameMs, 1),
    dragFps: round(drag.fps, 1),
    dragWorstFrameMs: round(drag.worstFrameMs, 1),
    addNodeMs: round(median(adds), 1),
    heapMb: heapMb === null ? null : round(heapMb, 1),
    moved: { pan: pan.moved, drag: drag.moved, fitPan: fitPan.moved },
  };
}

/** With BENCH_PROFILE_DIR set: records a CPU profile of the page (open it in Chrome's DevTools). */
async function startCpuProfile(page: Page): Promise<(file: string) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async (file) => {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    await cdp.detach();
  };
}

/** Serves a built folder on loopback. */
async function serveStatic(dir: string): Promise<{ url: string; close: () => void }> {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]!));
    const target = existsSync(file) && statSync(file).isFile() ? file : path.join(dir, 'index.html');
    const type = target.endsWith('.js') ? 'text/javascript' : target.endsWith('.css') ? 'text/css' : 'text/html';
    res.writeHead(200, { 'content-type': type });
    createReadStream(target).pipe(res);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

interface Ratios {
  ttiVsDefault: number;
  ttiVsVisible: number;
  panVsVisible: number;
}

function writeReadme(results: Record<string, Figures>, ratio: Ratios, date: string, load: string) {
  const file = path.join(import.meta.dirname, 'README.md');
  const start = `<!-- ${RECORD}-bench:start -->`;
  const end = `<!-- ${RECORD}-bench:end -->`;
  const editor = results.editor!;
  const row = (name: string, f: Figures) =>
    `| ${name} | ${f.ttiMs} ms | ${f.panFps} (worst frame ${f.panWorstFrameMs} ms) | ${f.fitPanFps} (worst frame ${f.fitPanWorstFrameMs} ms) | ${f.dragFps} (worst frame ${f.dragWorstFrameMs} ms) | ${f.addNodeMs} ms | ${f.heapMb ?? '–'} MB |`;
  const pass = (ok: boolean) => (ok ? 'met' : '**missed**');
  const section = `${start}
## Editor, ${NODES} nodes (\`editor.bench.ts\`${NODES === 2000 ? '' : `, \`BENCH_NODES=${NODES}\``})

${NODES}-node tree (branching 2–6), headless Chromium ${VIEWPORT.width}×${VIEWPORT.height}, no GPU; TTI is the median of
${RUNS} navigations (navigation start → nodes drawn and the next task runs); fps is requestAnimationFrame
callbacks per second while the viewport (pan) or a node (drag) moves every frame for ${MOVE_MS / 1000} s ("fitted": after
the fit-view button put the whole tree on screen, where the editor draws simplified nodes); add node is the
median of 5 Tab presses until the new node is in the DOM. Bare React Flow runs in the same browser, same tree,
default nodes, d3-hierarchy layout, no app code (\`editor-baseline/\`); "visible only" adds
\`onlyRenderVisibleElements\`. Run: \`npm run bench -- editor\`.

Recorded ${date} (Node ${process.versions.node}, ${os.cpus().length} cores, load average ${load}):

| page | time to interactive | pan fps | pan fps, fitted | drag fps | add node → in DOM | JS heap |
|---|---|---|---|---|---|---|
${row('Arbor editor', editor)}
${results.editorLearning ? row('Arbor editor, learning mode on', results.editorLearning) + '\n' : ''}${row('bare React Flow (default)', results.bareDefault!)}
${row('bare React Flow (visible only)', results.bareVisible!)}

Targets: TTI ≤ ${TARGETS.ttiMs} ms — ${pass(editor.ttiMs <= TARGETS.ttiMs)}; pan (zoom 1 and fitted) and drag ≥ ${TARGETS.fps} fps — ${pass(editor.panFps >= TARGETS.fps && editor.fitPanFps >= TARGETS.fps && editor.dragFps >= TARGETS.fps)};
add node ≤ ${TARGETS.addMs} ms — ${pass(editor.addNodeMs <= TARGETS.addMs)};${
    results.editorLearning
      ? ` learning mode pan ≥ ${TARGETS.fps} fps — ${pass(results.editorLearning.panFps >= TARGETS.fps)};`
      : ''
  } within ${TARGETS.ratio}× of bare React Flow: TTI ratio ${ratio.ttiVsDefault} (default) /
${ratio.ttiVsVisible} (visible only), pan fps ratio ${ratio.panVsVisible} (visible only / editor) — ${pass(ratio.ttiVsDefault <= TARGETS.ratio)}
(the issue's reference is bare React Flow with default settings; the visible-only variant is shown as the stricter
comparison). The editor's TTI includes what bare React Flow does not do: the app shell, the signed-in user and the
tree fetched from the server.

Reading: what makes the editor keep up with bare React Flow on 2,000 nodes is (1) fixed node sizes and
static handles, so nothing is measured before culling (\`onlyRenderVisibleElements\` above 200 nodes), (2) node and
edge objects reused by identity when their inputs did not change, layout skipped for non-structural edits, and
(3) above 400 nodes no dotted background and an opt-in minimap (a toggle in the zoom controls): with both on,
pan fell to about 21 fps on this machine. On a loaded 2-core machine the absolute figures are inflated (bare
React Flow, visible only, took ${results.bareVisible!.ttiMs} ms here against 800 ms in PERFORMANCE.md). Adding a node costs
the editor less than bare React Flow, which lays the whole tree out again and replaces every node object: the
editor keeps unchanged node objects, paints the canvas first and renders the toolbar and node panel in a later,
interruptible render (\`useDeferredValue\`); what remains is the tidy relayout shifting sibling subtrees.

Learning mode is measured on a second tree of the same shape in \`unlock: "parent"\` mode with a third of its
nodes given a status, so nearly every node draws a lock or a status badge and a ring; its time to interactive
waits for the progress bar too. The marks read one small external store per node (a status change re-renders
only the nodes whose slice changed) and draw in the canvas's badge and frame slots, so panning moves the same
culled set of nodes as without them.
${end}`;
  const current = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\n`npm run bench` runs every `*.bench.ts` here; figures land in `results/`.\n';
  const next = current.includes(start)
    ? current.slice(0, current.indexOf(start)) + section + current.slice(current.indexOf(end) + end.length)
    : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

async function main() {
  const loadBefore = os.loadavg()[0]!;
  // The product as `npm start` serves it: a fresh web build, a throwaway database, an admin.
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'ignore' });
  if (built.status !== 0) throw new Error('the web build failed');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arbor-editor-bench-'));
  const server = await startProcess(path.join(ROOT, 'apps/server/src/main.ts'), {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ...BENCH_ADMIN_ENV,
    ARBOR_SEED: '0',
  });
  const baselineDir = mkdtempSync(path.join(os.tmpdir(), 'arbor-rf-baseline-'));
  await build({
    root: path.join(import.meta.dirname, 'editor-baseline'),
    base: './',
    logLevel: 'warn',
    build: { outDir: baselineDir, emptyOutDir: true },
  });
  const baseline = await serveStatic(baselineDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const session = await signInBenchUser(server.url);
    const tree = { uuid: await createBenchTree(server.url, session, `Bench ${NODES}`, NODES) };

    const signIn = async (page: Page) => {
      await page
        .context()
        .addInitScript(`localStorage.setItem('__arbor__jwt__', ${JSON.stringify(session.storedJwt)})`);
    };
    const editorAdd = async (page: Page) => {
      // Tab on the selected node, timed until the new node's title editor is in the DOM; Escape keeps it.
      const stopProfile = process.env.BENCH_PROFILE_DIR ? await startCpuProfile(page) : null;
      const ms = (await page.evaluate(
        TIME_TO_DOM(
          `document.querySelector('[data-testid=tree-canvas]').dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }))`,
          '[data-testid=node-title-input]',
        ),
      )) as number;
      await stopProfile?.(path.join(process.env.BENCH_PROFILE_DIR!, `add-node-${Date.now()}.cpuprofile`));
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=node-title-input]', { state: 'detached' });
      return ms;
    };
    const bareAdd = async (page: Page) => (await page.evaluate(TIME_TO_DOM('window.__addNode()', ''))) as number;

    const results: Record<string, Figures> = {};
    // Any drawn node but the root (with culling, only nodes on screen are in the DOM).
    const dragTarget = '.react-flow__node:not([data-id="root"])';
    const editorFit = async (page: Page) => {
      await page.click('[data-testid=toolbar-fit]');
    };
    const bareFit = async (page: Page) => {
      await page.evaluate('window.__fit()');
    };
    results.editor = await measure(
      browser,
      `${server.url}/trees/${tree.uuid}`,
      signIn,
      editorAdd,
      dragTarget,
      editorFit,
    );
    console.log('editor', results.editor);
    // Learning mode at its heaviest: every node waits for its parent, a third of the statuses set, so most
    // nodes carry a lock or a status badge and a ring (issue 14: pan stays ≥ 50 fps).
    const learningTree = await createBenchTree(server.url, session, `Bench learning ${NODES}`, NODES, {
      unlock: 'parent',
    });
    await setBenchStatuses(server.url, session, learningTree, Math.round(NODES / 3));
    results.editorLearning = await measure(
      browser,
      `${server.url}/trees/${learningTree}?learn=1`,
      signIn,
      editorAdd,
      dragTarget,
      editorFit,
      '[data-testid=learning-percent]',
    );
    console.log('editor, learning mode', results.editorLearning);
    if (process.env.BENCH_EDITOR_ONLY) return;
    results.bareDefault = await measure(
      browser,
      `${baseline.url}/?nodes=${NODES}`,
      async () => undefined,
      bareAdd,
      dragTarget,
      bareFit,
    );
    console.log('bare React Flow', results.bareDefault);
    results.bareVisible = await measure(
      browser,
      `${baseline.url}/?visible=1&nodes=${NODES}`,
      async () => undefined,
      bareAdd,
      dragTarget,
      bareFit,
    );
    console.log('bare React Flow, visible only', results.bareVisible);

    const ratio: Ratios = {
      ttiVsDefault: round(results.editor.ttiMs / results.bareDefault.ttiMs, 2),
      ttiVsVisible: round(results.editor.ttiMs / results.bareVisible.ttiMs, 2),
      panVsVisible: round(results.bareVisible.panFps / results.editor.panFps, 2),
    };
    const date = new Date().toISOString().slice(0, 10);
    await recordResults(RECORD, {
      date,
      nodes: NODES,
      runs: RUNS,
      load: [round(loadBefore, 1), round(os.loadavg()[0]!, 1)],
      targets: TARGETS,
      results,
      ratio,
    });
    const load = `${round(loadBefore, 1)} → ${round(os.loadavg()[0]!, 1)}`;
    writeReadme(results, ratio, date, load);
    console.log('ratios', ratio);
  } finally {
    await browser.close();
    baseline.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(baselineDir, { recursive: true, force: true });
  }
}

await main();
