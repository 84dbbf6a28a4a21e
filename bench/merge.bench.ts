// Three-way merge (#17): `mergeDocuments(base, mine, theirs)` on a 5,000-node template with 500 changes
// on each side (edited fields, added nodes, moves; some on the same nodes), target p95 ≤ 100 ms.
// In-process and single-threaded: the merge is pure tree-core code, as the API's sync will call it.
import os from 'node:os';
import {
  addChild,
  createNode,
  mergeDocuments,
  moveNode,
  updateNode,
  validateTreeDocument,
  type TreeDocument,
} from '@arbor/tree-core';
import { writeReadmeSection } from './support/readme.ts';
import { recordResults } from './support/record.ts';
import { stats, timed } from './support/timing.ts';

const NODES = 5000;
const CHANGES = 500;
const RUNS = Number(process.env.BENCH_MERGE_RUNS ?? 30);
const TARGET_P95_MS = 100;

/** A deterministic pseudo-random sequence (mulberry32), so every run merges the same documents. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function template(): TreeDocument {
  const nodes = [createNode({ id: 'n0', parent_id: null, title: 'Root' })];
  for (let i = 1; i < NODES; i++) {
    nodes.push(
      createNode({
        id: `n${i}`,
        parent_id: `n${Math.floor((i - 1) / 8)}`,
        title: `Skill ${i}`,
        summary: `What skill ${i} is about`,
        content: `## Skill ${i}\n\nWhy it matters, how to practise it and where to read more. `.repeat(3),
        estimate_minutes: 30 + (i % 90),
      }),
    );
  }
  return { format: 1, layout: { direction: 'TB' }, nodes, links: [], unlock: 'links' };
}

/** 500 edits by one side: mostly field edits, some additions and moves among the leaves' parents. */
function edited(base: TreeDocument, seed: number, shared: readonly string[]): TreeDocument {
  const next = random(seed);
  const pick = () => base.nodes[1 + Math.floor(next() * (NODES - 1))]!.id;
  let doc = base;
  for (let i = 0; i < CHANGES; i++) {
    const roll = next();
    // A tenth of the edits touch nodes both sides edit, with the same value (no conflict).
    if (i < shared.length) doc = updateNode(doc, shared[i]!, { summary: 'Edited on both sides' });
    else if (roll < 0.7) doc = updateNode(doc, pick(), { title: `Edited ${seed}-${i}`, content: `New text ${i}` });
    else if (roll < 0.9) doc = addChild(doc, pick(), { title: `Added ${seed}-${i}` }).document;
    else {
      const node = `n${NODES - 1 - Math.floor(next() * 3000)}`;
      const parent = `n${1 + Math.floor(next() * 200)}`;
      try {
        doc = moveNode(doc, node, parent);
      } catch {
        doc = updateNode(doc, pick(), { estimate_minutes: 15 });
      }
    }
  }
  return doc;
}

/** As the API reads documents: parsed from storage, sharing no objects between the three. */
const stored = (doc: TreeDocument): TreeDocument => JSON.parse(JSON.stringify(doc)) as TreeDocument;
const original = template();
const shared = Array.from({ length: CHANGES / 10 }, (_, i) => `n${100 + i * 7}`);
const base = stored(original);
const mine = stored(edited(original, 1, shared));
const theirs = stored(edited(original, 2, shared));
const probe = mergeDocuments(base, mine, theirs);
const settled = mergeDocuments(
  base,
  mine,
  theirs,
  Object.fromEntries(probe.conflicts.map((c) => [c.node_id, 'mine' as const])),
);
const check = validateTreeDocument(settled.document, { maxNodes: 100_000, maxBytes: 100_000_000 });
if (settled.conflicts.length || !check.ok) {
  console.error(settled.conflicts.slice(0, 3), check.ok ? '' : check.issues.slice(0, 3));
  throw new Error('the settled merge does not give a valid document');
}
const times: number[] = [];
for (let i = 0; i < RUNS; i++) times.push(await timed(() => mergeDocuments(base, mine, theirs)));
const merge = stats(times);

const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  load_average_1m_at_start: os.loadavg()[0] ?? 0,
  nodes: NODES,
  changes_per_side: CHANGES,
  conflicts: probe.conflicts.length,
  merged_nodes: settled.document.nodes.length,
  merge: { ...merge, target_p95_ms: TARGET_P95_MS, meets_target: merge.p95_ms <= TARGET_P95_MS },
};
console.log(JSON.stringify(results, null, 2));
await recordResults('merge', results);
writeReadmeSection(
  'merge',
  `## Three-way merge (#17)

\`mergeDocuments(base, mine, theirs)\` on a ${NODES.toLocaleString('en-US')}-node template with ${CHANGES} changes on
each side (field edits, additions, moves; a tenth on nodes both sides edited the same way), ${RUNS} runs in one
process (\`bench/merge.bench.ts\`, recorded in \`results/merge.json\`); ${results.conflicts} conflicts, settled by
picking mine to check the result validates.

| figure | median | p95 | target | met |
| --- | --- | --- | --- | --- |
| merge | ${merge.median_ms} ms | ${merge.p95_ms} ms | p95 ≤ ${TARGET_P95_MS} ms | ${results.merge.meets_target ? 'yes' : '**no**'} |

Node ${process.versions.node}, ${results.cpus} cores, load average ${results.load_average_1m_at_start.toFixed(1)} at the start.`,
);
