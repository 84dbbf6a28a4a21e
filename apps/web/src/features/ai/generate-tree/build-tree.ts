import type { GenerateNodeResponse, Locale } from '@arbor/contract';
import { createNode, createNodeId, type TreeDocument, type TreeNode } from '@arbor/tree-core';
import { aiProblemOf, isFatalAiProblem } from '../api/errors.ts';
import type { GenerateNodeInput } from '../api/generation.ts';

export const MIN_DEPTH = 1;
export const MAX_DEPTH = 3;
/** A model may suggest a dozen children; a generated tree stays readable (and within the daily quota). */
export const MAX_CHILDREN_PER_NODE = 6;
export const DEFAULT_CONCURRENCY = 3;

/**
 * The most AI calls a build of `depth` levels can make, each one counted against the daily quota: one
 * for the root, then one for every node of each level but the last (at most MAX_CHILDREN_PER_NODE
 * children each): 1, 7, 43 for depths 1, 2, 3.
 */
export function maxCallsFor(depth: number): number {
  let calls = 0;
  for (let level = 0, width = 1; level < depth; level++, width *= MAX_CHILDREN_PER_NODE) calls += width;
  return calls;
}

export interface BuildProgress {
  /** nodes whose children have been asked for (answered or failed) */
  done: number;
  /** nodes whose children will be asked for, as far as known so far (grows level by level) */
  planned: number;
  /** nodes in the tree so far, root included */
  nodes: number;
  /** expansions that failed; those nodes stay leaves */
  failed: number;
}

export interface BuildTreeOptions {
  topic: string;
  /** levels below the root, 1–3 */
  depth: number;
  language: Locale;
  generate: (input: GenerateNodeInput, signal: AbortSignal) => Promise<GenerateNodeResponse>;
  signal: AbortSignal;
  concurrency?: number;
  onProgress?: (progress: BuildProgress) => void;
}

interface PlannedNode {
  node: TreeNode;
  /** titles from the root down to this node's parent */
  path: string[];
}

/** Runs `work` over `items` with at most `limit` in flight; rejects on the first rejection. */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Builds a tree from a topic by asking for children level by level: the root is the topic, then the
 * children of every node of a level (a bounded number of calls at once) until `depth` levels exist.
 * A node whose call fails stays a leaf; a failure every call would share (AI not configured, quota
 * used) or an abort stops the whole build.
 */
export async function buildTreeFromTopic(options: BuildTreeOptions): Promise<TreeDocument> {
  const { topic, language, generate, signal, onProgress } = options;
  const depth = Math.min(MAX_DEPTH, Math.max(MIN_DEPTH, Math.round(options.depth)));
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const root = createNode({ id: 'root', parent_id: null, title: topic.trim().slice(0, 200) });
  const nodes: TreeNode[] = [root];
  const taken = new Set([root.id]);
  const progress: BuildProgress = { done: 0, planned: 1, nodes: 1, failed: 0 };
  onProgress?.({ ...progress });

  let level: PlannedNode[] = [{ node: root, path: [] }];
  for (let d = 0; d < depth && level.length; d++) {
    const childrenOf = new Map<string, TreeNode[]>();
    await forEachBounded(level, concurrency, async ({ node, path }) => {
      signal.throwIfAborted();
      try {
        const answer = await generate({ title: node.title, path, mode: 'children', language }, signal);
        const children = answer.children.slice(0, MAX_CHILDREN_PER_NODE).filter((c) => c.title.trim());
        childrenOf.set(
          node.id,
          children.map((c) => {
            const id = createNodeId(taken);
            taken.add(id);
            return createNode({
              id,
              parent_id: node.id,
              title: c.title.trim().slice(0, 200),
              summary: c.summary.slice(0, 1000),
            });
          }),
        );
        progress.nodes += children.length;
      } catch (error) {
        if (signal.aborted || isFatalAiProblem(aiProblemOf(error))) throw error;
        progress.failed++;
      }
      progress.done++;
      onProgress?.({ ...progress });
    });
    // Children join in their parents' order, whatever order the calls finished in.
    const next: PlannedNode[] = [];
    for (const { node, path } of level) {
      for (const child of childrenOf.get(node.id) ?? []) {
        nodes.push(child);
        next.push({ node: child, path: [...path, node.title] });
      }
    }
    level = next;
    if (d + 1 < depth) {
      progress.planned += next.length;
      onProgress?.({ ...progress });
    }
  }
  return { format: 1, layout: { direction: 'TB' }, nodes, links: [], unlock: 'links' };
}
