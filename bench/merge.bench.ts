// Three-way merge (#17): `mergeDocuments(base, mine, theirs)` on a 5,000-node template with 500 changes
// on each side (edited fields, added nodes, moves; some on the same nodes), target p95 ≤ 100 ms.
// In-process and single-threaded: the merge is pure tree-core code, as the API's sync will call it.
import os from 'node:os';
import { mergeDocuments, validateTreeDocument, type TreeDocument } from '@arbor/tree-core';
import { CHANGES_PER_SIDE as CHANGES, editedDocument, templateDocument } from './support/merge-documents.ts';
import { writeReadmeSection } from './support/readme.ts';
import { recordResults } from './support/record.ts';
import { stats, timed } from './support/timing.ts';

const NODES = 5000;
const RUNS = Number(process.env.BENCH_MERGE_RUNS ?? 30);
const TARGET_P95_MS = 100;

/** As the API reads documents: parsed from storage, sharing no objects between the three. */
const stored = (doc: TreeDocument): TreeDocument => JSON.parse(JSON.stringify(doc)) as TreeDocument;
const original = templateDocument(NODES);
const shared = Array.from({ length: CHANGES / 10 }, (_, i) => `n${100 + i * 7}`);
const base = stored(original);
const mine = stored(editedDocument(original, 1, shared));
const theirs = stored(editedDocument(original, 2, shared));
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
