// Tree saving and version storage (issue 5, "Performance"), on SQLite and on PostgreSQL:
// - saving a 5,000-node document server-side (PATCH through the real app with app.inject: body
//   parsing, validation, storage; target ≤ 50 ms), with the validation share broken out;
// - 100 versions of a 1,000-node tree, each a few node edits apart: stored bytes against one full
//   snapshot (target ≤ 3×), and how long any version takes to read back (target ≤ 50 ms).
import { updateNode, validateTreeDocument, type TreeDocument, type TreeNode } from '@arbor/tree-core';
import { storedVersionBytes } from '../apps/server/src/modules/trees/testing.ts';
import { openInProcessApp } from './support/in-process-app.ts';
import { median, p95, round, timed } from './support/timing.ts';
import { benchBothDatabases, resultsLine, type BothDatabasesRun } from './support/both-databases.ts';

const SAVE_RUNS = Number(process.env.BENCH_SAVE_RUNS ?? 30);
const TARGETS = { saveMs: 50, storageRatio: 3, readMs: 50 };

/** A tree of `count` nodes, branching 2–6, with a summary and a paragraph of content per node. */
function makeDocument(count: number): TreeDocument {
  const nodes: TreeNode[] = [];
  const parents = ['root'];
  for (let i = 0; i < count; i++) {
    const id = i === 0 ? 'root' : `node-${i}`;
    const parent = i === 0 ? null : parents[Math.floor((i - 1) / 4)]!;
    nodes.push({
      id,
      parent_id: parent,
      title: `Skill ${i}: ${['Foundations', 'Practice', 'Theory', 'Projects'][i % 4]}`,
      summary: `What to learn at step ${i} and why it matters.`,
      content: `## Step ${i}\n\nRead the chapter, do the exercises, then build something small that uses it. `.repeat(
        2,
      ),
      icon: null,
      color: i % 7 === 0 ? '#3366cc' : null,
      image_id: null,
      resources: i % 10 === 0 ? [{ title: 'Reference', url: `https://example.com/skills/${i}` }] : [],
      collapsed: false,
      position: null,
      estimate_minutes: null,
    });
    if (i > 0) parents.push(id);
  }
  return { format: 1, layout: { direction: 'TB' }, nodes, links: [], unlock: 'links' };
}

async function benchDatabase(kind: 'sqlite' | 'postgres') {
  const opened = await openInProcessApp(kind, 'arbor_bench_tree');
  const { app, call } = opened;
  try {
    // 1. Saving a 5,000-node document.
    let big = makeDocument(5000);
    const bigJson = JSON.stringify(big);
    const tree = (await call('POST', '/api/tree/skills_tree/', { title: 'Big', data: big })).json();
    let revision = tree.revision as number;
    const saves: number[] = [];
    const validations: number[] = [];
    // Floor measured side by side (this machine is noisy): parsing and re-serialising the same body.
    const floors: number[] = [];
    for (let run = 0; run < SAVE_RUNS + 5; run++) {
      big = updateNode(big, `node-${1 + ((run * 97) % 4999)}`, { title: `Edited in run ${run}` });
      const payload = JSON.stringify({ data: big });
      const ms = await timed(async () => {
        const res = await call('PATCH', `/api/tree/skills_tree/${tree.id}/`, payload, {
          'content-type': 'application/json',
          'if-match': `"${revision}"`,
        });
        revision = res.json().revision;
      });
      const validation = await timed(() => validateTreeDocument(big));
      const floor = await timed(() => JSON.stringify(JSON.parse(payload)));
      if (run >= 5) {
        saves.push(ms);
        validations.push(validation);
        floors.push(floor);
      }
    }

    // 2. 100 versions of a 1,000-node tree, a few node edits apart.
    let doc = makeDocument(1000);
    const versioned = (await call('POST', '/api/tree/skills_tree/', { title: 'Versioned', data: doc })).json();
    const expected: TreeDocument[] = [doc];
    for (let v = 2; v <= 100; v++) {
      for (let edit = 0; edit < 3; edit++) {
        const id = `node-${1 + ((v * 31 + edit * 7) % 999)}`;
        doc = updateNode(doc, id, { title: `Version ${v} edit ${edit}`, summary: `Changed in version ${v}.` });
      }
      expected.push(doc);
      await call('POST', '/api/tree/skills_tree_version/', { tree: versioned.id, message: `v${v}`, data: doc });
    }
    const stored = await storedVersionBytes(app.db, versioned.id);
    const snapshotBytes = Buffer.byteLength(JSON.stringify(expected[0]));
    const list = (await call('GET', `/api/tree/skills_tree_version/?tree=${versioned.id}&page_size=100`)).json();
    const idOf = (n: number) => list.results.find((r: { number: number }) => r.number === n).id as number;
    const reads: Record<string, number> = {};
    for (const number of [1, 2, 50, 99, 100]) {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        times.push(
          await timed(async () => {
            const got = (await call('GET', `/api/tree/skills_tree_version/${idOf(number)}/`)).json();
            if (got.data.nodes.length !== expected[number - 1]!.nodes.length)
              throw new Error('version read back wrong');
          }),
        );
      }
      reads[`v${number}`] = round(median(times));
    }

    return {
      save_5000_nodes: {
        document_bytes: bigJson.length,
        runs: saves.length,
        median_ms: round(median(saves)),
        p95_ms: round(p95(saves)),
        of_which_validation_median_ms: round(median(validations)),
        json_parse_and_stringify_floor_median_ms: round(median(floors)),
        target_ms: TARGETS.saveMs,
        meets_target: median(saves) <= TARGETS.saveMs,
      },
      versions_1000_nodes: {
        versions: stored.count,
        snapshots: stored.snapshots,
        one_snapshot_bytes: snapshotBytes,
        stored_bytes: stored.total,
        ratio: round(stored.total / snapshotBytes),
        target_ratio: TARGETS.storageRatio,
        read_back_median_ms: reads,
        target_read_ms: TARGETS.readMs,
        meets_target:
          stored.total / snapshotBytes <= TARGETS.storageRatio &&
          Object.values(reads).every((ms) => ms <= TARGETS.readMs),
      },
    };
  } finally {
    await opened.close();
  }
}

await benchBothDatabases(
  'tree-save',
  {
    save_runs: SAVE_RUNS,
  },
  benchDatabase,
  readmeSection,
);

type Measured = Awaited<ReturnType<typeof benchDatabase>>;
type Recorded = BothDatabasesRun<Measured>;

/** The results table of bench/README.md, from this run's figures. */
function readmeSection(r: Recorded): string {
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  const both = (cell: (x: Recorded['sqlite']) => string) => `${cell(r.sqlite)} | ${cell(r.postgres)}`;
  const reads = (x: Recorded['sqlite']) => Object.values(x.versions_1000_nodes.read_back_median_ms).join(' / ') + ' ms';
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const v = (x: Recorded['sqlite']) => x.versions_1000_nodes;
  return `${resultsLine(r)}:

| | SQLite | PostgreSQL | target |
|---|---|---|---|
| save 5,000 nodes, median (p95) | ${both((x) => `${x.save_5000_nodes.median_ms} ms (${x.save_5000_nodes.p95_ms})`)} | ≤ ${TARGETS.saveMs} ms |
| · floor: JSON parse + stringify of the same body, median | ${both((x) => `${x.save_5000_nodes.json_parse_and_stringify_floor_median_ms} ms`)} | |
| · of which validation (fast parse, structure, size), median | ${both((x) => `${x.save_5000_nodes.of_which_validation_median_ms} ms`)} | |
| 100 versions of 1,000 nodes: stored / one snapshot | ${both((x) => `${v(x).ratio}× (${kb(v(x).stored_bytes)} / ${kb(v(x).one_snapshot_bytes)}, ${v(x).snapshots} snapshot${v(x).snapshots === 1 ? '' : 's'})`)} | ≤ ${TARGETS.storageRatio}× |
| version read-back, median per version (${Object.keys(v(r.sqlite).read_back_median_ms).join(' / ')}) | ${both(reads)} | ≤ ${TARGETS.readMs} ms |

Save: ${met(r.sqlite.save_5000_nodes.meets_target && r.postgres.save_5000_nodes.meets_target)}; versions (storage and read-back): ${met(v(r.sqlite).meets_target && v(r.postgres).meets_target)}.
A save costs about four times its own JSON floor: body parsing, the schema-equivalent fast parse and
structural checks (one root, parents exist, no cycles, unique ids, limits), one serialisation that is
also what gets stored, and the 2 MB row write. Read-back is flat along a delta chain (the last version,
98 deltas from its snapshot, costs what the first does), so what it measures is the fixed cost of
a request carrying a 412 KB document.`;
}
