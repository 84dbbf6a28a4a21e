// The canvas in memory view (issue #31): pan fps at 2,000 nodes with retention rings on the nodes that
// have cards, at zoom 1 and with the whole tree fitted into view, in Chromium against `npm start`'s build.
// Target: ≥ 50 fps (requestAnimationFrame callbacks per second while the viewport moves every frame).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { format, resolveConfig } from 'prettier';
import { BENCH_ADMIN_ENV, createBenchTree, signInBenchUser, type BenchSession } from './support/bench-user.ts';
import { MOVE_LOOP, SETTLED } from './support/canvas-probes.ts';
import { machineLine, writeReadmeSection } from './support/readme.ts';
import { recordResults } from './support/record.ts';
import { ROOT, startProcess } from './support/server-process.ts';

const NODES = Number(process.env.BENCH_NODES ?? 2000);
/** Nodes with a reviewed card (a third: rings and colours on many nodes, as a learner's tree has). */
const CARDS = Number(process.env.BENCH_CARDS ?? Math.round(NODES / 3));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MOVE_MS = Number(process.env.BENCH_MOVE_MS ?? 3000);
const TARGET_FPS = 50;
const VIEWPORT = { width: 1440, height: 900 };
const DAY = 86_400_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** A reviewed card on each of the first `count` nodes, last reviewed 1–200 days ago (retention from fresh to faded). */
async function reviewedCards(url: string, session: BenchSession, tree: string, count: number) {
  const post = async (route: string, body: unknown) => {
    const res = await fetch(`${url}${route}`, { method: 'POST', headers: session.headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${route} answered ${res.status}`);
    return (await res.json()) as { id: number };
  };
  for (let i = 1; i <= count; i++) {
    const card = await post('/api/learn/cards/', { tree, node_id: `n${i}`, front: `Card ${i}`, back: 'answer' });
    await post(`/api/learn/cards/${card.id}/review/`, {
      rating: 3,
      review_id: crypto.randomUUID(),
      reviewed_at: new Date(Date.now() - (1 + (i % 200)) * DAY).toISOString(),
    });
  }
}

interface Run {
  panFps: number;
  panWorstFrameMs: number;
  fitPanFps: number;
  fitPanWorstFrameMs: number;
  rings: number;
}

async function measure(browser: Browser, pageUrl: string, storedJwt: string): Promise<Run> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(`localStorage.setItem('__arbor__jwt__', ${JSON.stringify(storedJwt)})`);
  const page = await context.newPage();
  try {
    await page.goto(pageUrl);
    await page.click('[data-testid=memory-toggle]');
    await page.waitForSelector('[data-testid=memory-chip]');
    await page.evaluate(SETTLED);
    const rings = await page.locator('[data-testid=memory-chip]').count();
    type Moved = { fps: number; moved: boolean; worstFrameMs: number };
    const pan = (await page.evaluate(MOVE_LOOP('.react-flow__pane', MOVE_MS))) as Moved;
    await page.click('[data-testid=toolbar-fit]');
    await page.evaluate(SETTLED);
    const fitPan = (await page.evaluate(MOVE_LOOP('.react-flow__pane', MOVE_MS))) as Moved;
    if (!pan.moved || !fitPan.moved) throw new Error('the viewport did not move');
    return {
      panFps: pan.fps,
      panWorstFrameMs: pan.worstFrameMs,
      fitPanFps: fitPan.fps,
      fitPanWorstFrameMs: fitPan.worstFrameMs,
      rings,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const loadBefore = os.loadavg()[0]!;
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'ignore' });
  if (built.status !== 0) throw new Error('the web build failed');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arbor-memory-canvas-bench-'));
  const server = await startProcess(path.join(ROOT, 'apps/server/src/main.ts'), {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ...BENCH_ADMIN_ENV,
    ARBOR_SEED: '0',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    headless: true,
  });
  try {
    const session = await signInBenchUser(server.url);
    const tree = await createBenchTree(server.url, session, `Memory bench ${NODES}`, NODES);
    await reviewedCards(server.url, session, tree, CARDS);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await measure(browser, `${server.url}/trees/${tree}?learn=1`, session.storedJwt));
      console.log('run', runs.at(-1));
    }
    const figures = {
      panFps: round(median(runs.map((r) => r.panFps))),
      panWorstFrameMs: round(median(runs.map((r) => r.panWorstFrameMs))),
      fitPanFps: round(median(runs.map((r) => r.fitPanFps))),
      fitPanWorstFrameMs: round(median(runs.map((r) => r.fitPanWorstFrameMs))),
      ringsOnScreen: runs[0]!.rings,
    };
    const load = [round(loadBefore), round(os.loadavg()[0]!)];
    const date = new Date().toISOString().slice(0, 10);
    await recordResults('memory-canvas', {
      date,
      nodes: NODES,
      cards: CARDS,
      runs: RUNS,
      moveMs: MOVE_MS,
      load,
      target: { fps: TARGET_FPS },
      figures,
    });
    const pass = figures.panFps >= TARGET_FPS && figures.fitPanFps >= TARGET_FPS ? 'met' : 'not met';
    writeReadmeSection(
      'memory-canvas-bench',
      `## Memory view canvas (\`memory-canvas.bench.ts\`)

${date}, ${machineLine()} (load ${load[0]} → ${load[1]}). A ${NODES}-node tree with a reviewed card on ${CARDS}
nodes (last reviews 1–200 days ago), opened in learning mode at ${VIEWPORT.width}×${VIEWPORT.height} with the memory
view on; the median of ${RUNS} page loads of requestAnimationFrame callbacks per second while the viewport pans every
frame for ${MOVE_MS / 1000} s, at zoom 1 (${figures.ringsOnScreen} retention rings on screen) and fitted (every node in view).

| pan fps, zoom 1 | pan fps, fitted |
|---|---|
| ${figures.panFps} (worst frame ${figures.panWorstFrameMs} ms) | ${figures.fitPanFps} (worst frame ${figures.fitPanWorstFrameMs} ms) |

Target ≥ ${TARGET_FPS} fps at both — ${pass}.`,
    );
    // The table as the lint step's `prettier --check` wants it.
    const readme = path.join(import.meta.dirname, 'README.md');
    const options = await resolveConfig(readme);
    writeFileSync(readme, await format(readFileSync(readme, 'utf8'), { ...options, filepath: readme }));
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
