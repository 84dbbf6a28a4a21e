import type { GenerateNodeResponse } from '@arbor/contract';
import { validateTreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import type { GenerateNodeInput } from '../api/generation.ts';
import {
  buildTreeFromTopic,
  forEachBounded,
  MAX_CHILDREN_PER_NODE,
  MAX_DEPTH,
  MIN_DEPTH,
  maxCallsFor,
  type BuildProgress,
} from './build-tree.ts';

const answer = (titles: string[]): GenerateNodeResponse => ({
  content: '',
  children: titles.map((title) => ({ title, summary: `about ${title}` })),
  usage: { prompt_tokens: 1, completion_tokens: 1 },
  request_log: 1,
});

/** Two children per node, named after the parent: "A" → "A.1", "A.2". */
const twoEach = async (input: GenerateNodeInput) => answer([`${input.title}.1`, `${input.title}.2`]);

describe('building a tree from a topic', () => {
  it('asks level by level and keeps children in their parents order', async () => {
    const progress: BuildProgress[] = [];
    const doc = await buildTreeFromTopic({
      topic: 'T',
      depth: 2,
      language: 'en-US',
      generate: twoEach,
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
    });
    expect(doc.nodes.map((n) => n.title)).toEqual(['T', 'T.1', 'T.2', 'T.1.1', 'T.1.2', 'T.2.1', 'T.2.2']);
    expect(doc.nodes[0]!.parent_id).toBeNull();
    expect(progress.at(-1)).toEqual({ done: 3, planned: 3, nodes: 7, failed: 0 });
  });

  it('produces a document the schema accepts', async () => {
    const doc = await buildTreeFromTopic({
      topic: 'Topic',
      depth: 3,
      language: 'en-US',
      generate: twoEach,
      signal: new AbortController().signal,
    });
    expect(doc.nodes).toHaveLength(15);
    expect(validateTreeDocument(doc).ok).toBe(true);
  });

  it('passes the ancestor path of each node', async () => {
    const paths: string[][] = [];
    await buildTreeFromTopic({
      topic: 'T',
      depth: 2,
      language: 'ja-JP',
      signal: new AbortController().signal,
      generate: async (input) => (paths.push(input.path ?? []), twoEach(input)),
    });
    expect(paths).toContainEqual(['T']);
    expect(paths[0]).toEqual([]);
  });

  it('leaves a node whose call failed as a leaf and counts it', async () => {
    const doc = await buildTreeFromTopic({
      topic: 'T',
      depth: 2,
      language: 'en-US',
      signal: new AbortController().signal,
      onProgress: () => undefined,
      generate: async (input) => {
        if (input.title === 'T.1') throw new ApiError(502, { detail: 'bad', code: 'upstream_error' });
        return twoEach(input);
      },
    });
    expect(doc.nodes.map((n) => n.title)).toEqual(['T', 'T.1', 'T.2', 'T.2.1', 'T.2.2']);
  });

  it('stops on a failure every call would share', async () => {
    await expect(
      buildTreeFromTopic({
        topic: 'T',
        depth: 2,
        language: 'en-US',
        signal: new AbortController().signal,
        generate: async () => {
          throw new ApiError(429, { detail: 'quota', code: 'throttled' });
        },
      }),
    ).rejects.toBeInstanceOf(ApiError);
  });
});

describe('the cost shown before generating', () => {
  it('is 1, 7 and 43 calls for depths 1, 2 and 3', () => {
    expect([1, 2, 3].map(maxCallsFor)).toEqual([1, 7, 43]);
  });

  it('is exactly what a build makes when every node gets the most children, and never less', async () => {
    const titles = Array.from({ length: MAX_CHILDREN_PER_NODE + 3 }, (_, i) => `c${i}`);
    for (let depth = MIN_DEPTH; depth <= MAX_DEPTH; depth++) {
      let calls = 0;
      await buildTreeFromTopic({
        topic: 'T',
        depth,
        language: 'en-US',
        generate: async () => {
          calls++;
          return answer(titles);
        },
        signal: new AbortController().signal,
      });
      expect(calls).toBe(maxCallsFor(depth));
    }
  });
});

describe('bounded concurrency', () => {
  it('never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    await forEachBounded([1, 2, 3, 4, 5, 6, 7], 3, async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 1));
      running--;
    });
    expect(peak).toBe(3);
  });
});
