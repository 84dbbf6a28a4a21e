// A fork syncing with its template (#17), on SQLite and on PostgreSQL: a 4,800-node template, a
// second revision of it with 500 changes, a fork of revision 1 with 500 changes of its own (field
// edits, added nodes, moves; a tenth on nodes both sides edited the same way), so that the merged
// fork has about 5,000 nodes (the document limit: both sides add about 90 nodes), then
// `POST /api/tree/skills_tree/{id}/sync_upstream/` with `If-Match` and a `resolve` choice for every
// conflict, through the real app in-process (`buildApp` + `app.inject`): reading the template's base
// and latest revisions, the three-way merge, validation, the save with its version. Target p95 ≤ 300 ms.
// Between runs the fork is put back (its working copy and its base revision), so every run does the
// same sync.
import { mergeDocuments, type TreeDocument } from '@arbor/tree-core';
import { CHANGES_PER_SIDE as CHANGES, editedDocument, templateDocument } from './support/merge-documents.ts';
import { createUser } from '../apps/server/src/testing/test-app.ts';
import { openInProcessApp } from './support/in-process-app.ts';
import { stats, timed, timingCell } from './support/timing.ts';
import { benchBothDatabases, resultsLine, type BothDatabasesRun } from './support/both-databases.ts';

/** Both sides add about 90 nodes: the merge then stays within the 5,000-node limit of a tree. */
const NODES = 4800;
const RUNS = Number(process.env.BENCH_SYNC_RUNS ?? 30);
const WARMUPS = 3;
const TARGET_P95_MS = 300;

async function benchDatabase(kind: 'sqlite' | 'postgres') {
  const opened = await openInProcessApp(kind, 'arbor_bench_sync');
  const { app, call } = opened;
  try {
    const forker = await createUser(app);
    const asForker = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = {}) => {
      const res = await app.inject({
        method,
        url,
        headers: { ...forker.headers, ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
    const original = templateDocument(NODES);
    const shared = Array.from({ length: CHANGES / 10 }, (_, i) => `n${100 + i * 7}`);
    const source = (await call('POST', '/api/tree/skills_tree/', { title: 'Sync bench', data: original })).json();
    const share = (await call('POST', '/api/community/trees-shared/share_tree/', { tree: source.id })).json();
    const fork = (await asForker('POST', `/api/community/trees-shared/${share.id}/use_tree/`, {})).json().tree;
    // The template's revision 2 and the fork's own edits, 500 changes each.
    await call('PUT', `/api/tree/skills_tree/${source.id}/`, { data: editedDocument(original, 2, shared) });
    await call('POST', '/api/community/trees-shared/share_tree/', { tree: source.id, message: 'Revision 2' });
    const mine = editedDocument(original, 1, shared);

    /** The fork as it was before the sync: its own edits, merged with revision 1. */
    const reset = async () => {
      const saved = (await asForker('PUT', `/api/tree/skills_tree/${fork.id}/`, { data: mine })).json();
      await app.db.updateTable('trees').set({ upstream_base_revision: 1 }).where('id', '=', fork.id).execute();
      return saved.revision as number;
    };
    await reset();
    const preview = (await asForker('GET', `/api/tree/skills_tree/${fork.id}/upstream/`)).json();
    const resolve = Object.fromEntries(
      (preview.conflicts as Array<{ node_id: string }>).map((c) => [c.node_id, 'mine' as const]),
    );

    const times: number[] = [];
    let last: { applied: Record<string, number>; tree: { node_count: number } } | undefined;
    for (let run = 0; run < RUNS + WARMUPS; run++) {
      const revision = await reset();
      const ms = await timed(async () => {
        const res = await asForker(
          'POST',
          `/api/tree/skills_tree/${fork.id}/sync_upstream/`,
          { resolve },
          { 'if-match': `"${revision}"` },
        );
        last = res.json();
      });
      if (run >= WARMUPS) times.push(ms);
    }
    const sync = stats(times);
    // The floor any sync pays, measured in the same run (the machine is shared): parsing the three
    // documents as stored and merging them.
    const stored = [original, mine, editedDocument(original, 2, shared)].map((doc) => JSON.stringify(doc));
    const floorTimes: number[] = [];
    for (let run = 0; run < RUNS + WARMUPS; run++) {
      const ms = await timed(() => {
        const [base, ours, theirs] = stored.map((json) => JSON.parse(json) as TreeDocument);
        mergeDocuments(base!, ours!, theirs!, resolve);
      });
      if (run >= WARMUPS) floorTimes.push(ms);
    }
    return {
      conflicts: preview.conflicts.length,
      upstream_changes: preview.upstream_changes,
      local_changes: preview.local_changes,
      applied: last!.applied,
      merged_nodes: last!.tree.node_count,
      sync: { ...sync, target_p95_ms: TARGET_P95_MS, meets_target: sync.p95_ms <= TARGET_P95_MS },
      floor_parse_and_merge: stats(floorTimes),
      ratio_to_floor: Math.round((sync.median_ms / stats(floorTimes).median_ms) * 10) / 10,
    };
  } finally {
    await opened.close();
  }
}

await benchBothDatabases(
  'sync-upstream',
  {
    nodes: NODES,
    changes_per_side: CHANGES,
    runs: RUNS,
  },
  benchDatabase,
  readmeSection,
);

type Measured = Awaited<ReturnType<typeof benchDatabase>>;
type Recorded = BothDatabasesRun<Measured>;

function readmeSection(r: Recorded): string {
  const counts = (c: Record<string, number>) =>
    `${c.added} added, ${c.removed} removed, ${c.changed} changed, ${c.moved} moved`;
  const met = r.sqlite.sync.meets_target && r.postgres.sync.meets_target ? 'met' : '**not met**';
  return `## Syncing a fork with its template (\`sync-upstream.bench.ts\`, #17)

A ${NODES.toLocaleString('en')}-node template, its revision 2 with ${CHANGES} changes (template: ${counts(r.sqlite.upstream_changes)}),
and a fork of revision 1 with ${CHANGES} changes of its own (${counts(r.sqlite.local_changes)}); ${r.sqlite.conflicts} nodes conflict and are
settled with \`resolve\` (mine). Timed: \`POST /api/tree/skills_tree/{id}/sync_upstream/\` with \`If-Match\` through the
real app in-process (reading both template revisions, the three-way merge, validation, the save and its version);
the fork is put back between runs, ${r.sqlite.sync.runs} runs after ${WARMUPS} warm-ups. Each sync applies ${counts(r.sqlite.applied)}
(${r.sqlite.merged_nodes.toLocaleString('en')} nodes after it).

${resultsLine(r)}:

| | SQLite | PostgreSQL | target |
|---|---|---|---|
| sync, median (p95) | ${timingCell(r.sqlite.sync)} | ${timingCell(r.postgres.sync)} | p95 ≤ ${TARGET_P95_MS} ms: ${met} |
| · floor: parse the three documents and merge them, median (p95) | ${timingCell(r.sqlite.floor_parse_and_merge)} | ${timingCell(r.postgres.floor_parse_and_merge)} | |
| · sync ÷ floor (medians) | ${r.sqlite.ratio_to_floor}× | ${r.postgres.ratio_to_floor}× | |

The 2 cores are shared with other work: absolute figures swell with the load, the ratio to the floor much less. Besides the floor, a sync reads the fork's working copy and
the template's two revisions, diffs the working copy and the merge (what \`applied\` counts, and whether a version is due),
validates the merge like any save, writes it, and encodes its version against the previous one.
Where one SQLite sync's ~200 ms went when timed step by step at load average 4 (2026-11-26): reading the fork and the
template's two revisions 30 ms, parsing the working copy 6, the merge 25–30, diffing it with the working copy 25–35,
validation 15–40, the write 3, the version (rebuilding the previous version from its chain, diffing, storing) about 50,
the rest the request itself. What would cut it next: reusing the parsed template revisions (immutable) across syncs of
one template, and the validation's serialisation for the version's snapshot size.
The first recorded run (2026-11-26 11:29, load average 2.2, three other jobs on the 2 cores) missed on PostgreSQL at
380.68 ms p95 (SQLite 254.7); the same code on a quiet machine is the table above.
`;
}
