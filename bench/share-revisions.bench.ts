// Template revisions (issue 17), on SQLite and on PostgreSQL: a 1,000-node template re-shared 99
// times (100 revisions), each revision a few dozen node edits (titles and summaries changed, a few
// nodes added, one removed, one moved), through the real app in-process (`buildApp` + `app.inject`):
// - the stored payloads of all 100 revisions against one snapshot of the template, target ≤ 3×;
// - `GET /api/community/trees-shared/{id}/history/{revision}/` of the oldest and the newest revision;
// - `GET …/compare/?from=1&to=100` and the template page (`GET …/{id}/`, read from the current
//   snapshot, not from the chains) for comparison.
import type { TreeDocument, TreeNode } from '@arbor/tree-core';
import { storedRevisionBytes } from '../apps/server/src/modules/shares/testing.ts';
import { openInProcessApp } from './support/in-process-app.ts';
import { seededRandom } from './support/random.ts';
import { stats, timed, timingCell } from './support/timing.ts';
import { benchBothDatabases, resultsLine, type BothDatabasesRun } from './support/both-databases.ts';

const NODES = 1000;
const REVISIONS = 100;
const EDITS_PER_REVISION = 30;
const RUNS = Number(process.env.BENCH_REVISIONS_RUNS ?? 30);
const WARMUPS = 3;
const TARGET_RATIO = 3;

const node = (id: string, parent: string | null, title: string): TreeNode => ({
  id,
  parent_id: parent,
  title,
  summary: `What ${title} teaches, in a sentence or two.`,
  content: `## ${title}\n\nRead, practise, build. Links and notes for this step.`,
  icon: null,
  color: null,
  image_id: null,
  resources: [],
  collapsed: false,
  position: null,
  estimate_minutes: 30,
});

function firstDocument(): TreeDocument {
  const nodes = [node('root', null, 'Template')];
  for (let i = 1; i < NODES; i++) nodes.push(node(`n${i}`, nodes[Math.floor((i - 1) / 4)]!.id, `Skill ${i}`));
  return { format: 1, layout: { direction: 'TB' }, nodes, links: [], unlock: 'links' };
}

/** The next revision: ~30 nodes edited, 2 added, 1 removed (a leaf), 1 moved. */
function nextDocument(doc: TreeDocument, revision: number, next: () => number): TreeDocument {
  const nodes = doc.nodes.map((n) => ({ ...n }));
  const pick = () => nodes[1 + Math.floor(next() * (nodes.length - 1))]!;
  for (let e = 0; e < EDITS_PER_REVISION - 4; e++) {
    const n = pick();
    if (e % 2) n.title = `${n.title.split(' (')[0]} (rev ${revision})`;
    else n.summary = `Revised in ${revision}: ${n.summary.slice(0, 60)}`;
  }
  const parents = new Set(nodes.map((n) => n.parent_id));
  const leaf = nodes.find((n, i) => i > nodes.length / 2 && !parents.has(n.id) && next() < 0.1);
  const kept = leaf ? nodes.filter((n) => n.id !== leaf.id) : nodes;
  const moved = kept[1 + Math.floor(next() * (kept.length - 1))]!;
  if (!parents.has(moved.id)) moved.parent_id = 'root';
  for (let a = 0; a < 2; a++) kept.push(node(`r${revision}-${a}`, pick().id, `Added in ${revision}`));
  return { ...doc, nodes: kept.filter((n) => n.parent_id === null || kept.some((p) => p.id === n.parent_id)) };
}

async function benchDatabase(kind: 'sqlite' | 'postgres') {
  const opened = await openInProcessApp(kind, 'arbor_bench_revisions');
  const { app, call } = opened;
  try {
    const next = seededRandom(17);
    let doc = firstDocument();
    const tree = (await call('POST', '/api/tree/skills_tree/', { title: 'Revisions bench', data: doc })).json();
    const share = async (message: string) =>
      (await call('POST', '/api/community/trees-shared/share_tree/', { tree: tree.id, message })).json();
    const first = await share('First share');
    const shareTimes: number[] = [];
    for (let r = 2; r <= REVISIONS; r++) {
      doc = nextDocument(doc, r, next);
      await call('POST', '/api/tree/skills_tree_version/', { tree: tree.id, data: doc });
      shareTimes.push(await timed(() => share(`Revision ${r}`)));
    }
    const current = (await call('GET', `/api/community/trees-shared/${first.id}/`)).json();
    if (current.revision !== REVISIONS) throw new Error(`expected ${REVISIONS} revisions, got ${current.revision}`);
    const snapshotBytes = new TextEncoder().encode(JSON.stringify(current.data)).length;
    const stored = await storedRevisionBytes(app.deps.db, first.id);

    const repeat = async (url: string) => {
      const times: number[] = [];
      for (let run = 0; run < RUNS + WARMUPS; run++) {
        const ms = await timed(() => call('GET', url));
        if (run >= WARMUPS) times.push(ms);
      }
      return stats(times);
    };
    const base = `/api/community/trees-shared/${first.id}`;
    const oldest = (await call('GET', `${base}/history/1/`)).json();
    const newest = (await call('GET', `${base}/history/${REVISIONS}/`)).json();
    if (JSON.stringify(newest.data) !== JSON.stringify(current.data)) throw new Error('the newest revision differs');
    if (oldest.data.nodes.length !== NODES) throw new Error('the oldest revision differs');
    const changes = (await call('GET', `${base}/history/?page_size=100`)).json().results as Array<{
      changes: Record<string, number>;
    }>;
    const changed = changes.slice(0, -1).map((r) => Object.values(r.changes).reduce((a, b) => a + b, 0));
    return {
      snapshot_bytes: snapshotBytes,
      stored_bytes: stored.total,
      stored_snapshots: stored.snapshots,
      stored_revisions: stored.count,
      ratio: Math.round((stored.total / snapshotBytes) * 100) / 100,
      target_ratio: TARGET_RATIO,
      meets_target: stored.total <= TARGET_RATIO * snapshotBytes,
      nodes_changed_per_revision_median: changed.sort((a, b) => a - b)[Math.floor(changed.length / 2)],
      reshare: stats(shareTimes),
      read_oldest: await repeat(`${base}/history/1/`),
      read_newest: await repeat(`${base}/history/${REVISIONS}/`),
      compare_oldest_newest: await repeat(`${base}/compare/?from=1&to=${REVISIONS}`),
      template_page: await repeat(`${base}/`),
    };
  } finally {
    await opened.close();
  }
}

await benchBothDatabases(
  'share-revisions',
  {
    nodes: NODES,
    revisions: REVISIONS,
    runs: RUNS,
  },
  benchDatabase,
  readmeSection,
);

type Measured = Awaited<ReturnType<typeof benchDatabase>>;
type Recorded = BothDatabasesRun<Measured>;

function readmeSection(r: Recorded): string {
  const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
  const storage = (m: Measured) =>
    `${kb(m.stored_bytes)} = ${m.ratio}× (${m.stored_snapshots} snapshot${m.stored_snapshots === 1 ? '' : 's'})`;
  const row = (
    label: string,
    key: 'reshare' | 'read_oldest' | 'read_newest' | 'compare_oldest_newest' | 'template_page',
  ) => `| ${label} | ${timingCell(r.sqlite[key])} | ${timingCell(r.postgres[key])} |`;
  const met = r.sqlite.meets_target && r.postgres.meets_target ? 'met' : '**not met**';
  return `## Template revisions (\`share-revisions.bench.ts\`, issue 17)

A ${NODES.toLocaleString('en')}-node template shared, then re-shared ${REVISIONS - 1} times through the API (${REVISIONS} revisions), each
revision ${EDITS_PER_REVISION} node edits (titles and summaries, 2 nodes added, a leaf removed now and then, one node moved;
median ${r.sqlite.nodes_changed_per_revision_median} nodes counted as changed per revision). Revisions are stored as forward delta chains
(\`lib/delta-chain.ts\`, shared with tree versions). Through the real app in-process, on SQLite and
PostgreSQL, ${r.sqlite.read_oldest.runs} runs after ${WARMUPS} warm-ups.

${resultsLine(r)}:

| | SQLite | PostgreSQL |
|---|---|---|
| one snapshot of the template | ${kb(r.sqlite.snapshot_bytes)} | ${kb(r.postgres.snapshot_bytes)} |
| stored payloads of all ${REVISIONS} revisions (target ≤ ${TARGET_RATIO}×: ${met}) | ${storage(r.sqlite)} | ${storage(r.postgres)} |
| median (p95) | | |
${row('re-share (`share_tree`, a new revision)', 'reshare')}
${row('`GET …/history/1/` (oldest)', 'read_oldest')}
${row(`\`GET …/history/${REVISIONS}/\` (newest)`, 'read_newest')}
${row(`\`GET …/compare/?from=1&to=${REVISIONS}\``, 'compare_oldest_newest')}
${row('`GET …/{id}/` (the template page, current snapshot)', 'template_page')}
`;
}
