import type { TreeDocument } from '@arbor/tree-core';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { inBatches } from '../../db/batches.ts';
import type { JobMap } from '../../lib/jobs/jobs.ts';
import { insertCards, nodesWithCards } from './cards.repository.ts';
import { cardRow } from './cards.service.ts';
import { nodesWithStatus } from './learning.repository.ts';
import { readSettings } from './settings.service.ts';
import { resolveSubjectById, type ResolvedSubject } from './subjects.ts';

/** How much of a node's content an automatic card's back takes when the node has no summary. */
const AUTO_BACK_CHARS = 500;
const AUTO_FRONT_MAX = 2_000;

/**
 * How many automatic cards one request (or one transaction of the job) writes: a progress call on a
 * 5,000-node tree hands the rest to the `learning.auto_cards` job, which writes them in transactions
 * of this size, so no request and no transaction holds the database for long (issue 29).
 */
export const AUTO_CARDS_PER_TRANSACTION = 500;

/**
 * `Root › Parent › Title` of each of `nodeIds`, cut to `max` characters. Built top-down once per
 * ancestor, each path from its parent's (already cut) path: a 5,000-deep chain costs 5,000 steps,
 * not one walk to the root per node.
 */
export function nodePaths(
  document: TreeDocument,
  index: ReadonlyMap<string, number>,
  nodeIds: readonly string[],
  max = AUTO_FRONT_MAX,
): Map<string, string> {
  const known = new Map<string, string>();
  for (const nodeId of nodeIds) {
    const chain: TreeDocument['nodes'][number][] = [];
    const seen = new Set<string>();
    let id: string | null = nodeId;
    while (id !== null && !known.has(id) && !seen.has(id)) {
      seen.add(id);
      const at = index.get(id);
      if (at === undefined) break;
      const node: TreeDocument['nodes'][number] = document.nodes[at]!;
      chain.push(node);
      id = node.parent_id;
    }
    let path = id !== null ? known.get(id) : undefined;
    for (let i = chain.length - 1; i >= 0; i--) {
      const title = chain[i]!.title;
      // A path already cut stays as it is below (the cut keeps its start): no 2,000-character copies.
      if (path === undefined || path.length < max)
        path = (path === undefined ? title : `${path} › ${title}`).slice(0, max);
      known.set(chain[i]!.id, path);
    }
  }
  return new Map(nodeIds.map((id) => [id, known.get(id) ?? '']));
}

/**
 * Gives each of `nodeIds` (nodes that just became done) one card when the learner's `auto_cards`
 * setting is on and they have no card on that node of the subject yet: front = the node's path,
 * back = its summary, else the start of its content. Runs in the caller's transaction (the progress
 * write's), so a status and its card are written together. Writes at most `limit` cards and
 * answers the nodes still owed one, for the job.
 */
export async function addAutoCards(
  trx: Executor,
  resolved: ResolvedSubject,
  nodeIds: readonly string[],
  now: Date,
  limit = AUTO_CARDS_PER_TRANSACTION,
): Promise<string[]> {
  if (nodeIds.length === 0) return [];
  const settings = await readSettings(trx, resolved.key.userId);
  if (!settings.auto_cards) return [];
  const wanted = [...new Set(nodeIds)].filter((id) => resolved.graph.indexOf.has(id));
  const existing = await nodesWithCards(trx, resolved.key, wanted);
  const owed = wanted.filter((id) => !existing.has(id));
  const creating = owed.slice(0, limit);
  const paths = nodePaths(resolved.document, resolved.graph.indexOf, creating);
  const rows = creating.map((nodeId) => {
    const node = resolved.document.nodes[resolved.graph.indexOf.get(nodeId)!]!;
    const summary = (node.summary ?? '').trim();
    const back = summary !== '' ? summary : (node.content ?? '').slice(0, AUTO_BACK_CHARS);
    return cardRow(resolved, nodeId, paths.get(nodeId)!, back, now);
  });
  await insertCards(trx, rows);
  return owed.slice(limit);
}

/** A turn of the event loop: what other requests queued runs before the job's next transaction. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The `learning.auto_cards` job: the cards a progress call left owed, a transaction per
 * `AUTO_CARDS_PER_TRANSACTION` nodes. Run again, it adds nothing twice (nodes with a card are
 * skipped), and a node that is no longer done, or a subject the learner can no longer read, gets none.
 */
export async function runAutoCardsJob(deps: Deps, job: JobMap['learning.auto_cards']): Promise<void> {
  const viewer = { id: job.userId, role: job.role };
  const resolved = await resolveSubjectById(deps, viewer, job.kind, job.subjectId);
  if (!resolved) return;
  for (const batch of inBatches(job.nodeIds, AUTO_CARDS_PER_TRANSACTION)) {
    await nextTurn();
    await deps.db.transaction().execute(async (trx) => {
      const done = await nodesWithStatus(trx, resolved.key, batch, 'done');
      await addAutoCards(
        trx,
        resolved,
        batch.filter((id) => done.has(id)),
        deps.clock.now(),
      );
    });
  }
}
