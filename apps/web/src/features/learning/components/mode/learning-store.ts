import type { LearningPath, LearningStatusValue, Memory, Progress } from '@arbor/contract';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SubjectRef } from '../../api/useProgress.ts';
import type { ProgressChange } from '../../api/useUpdateProgress.ts';

/** What learning mode draws from, shared by the canvas marks, the panel section and the header. */
export interface LearningState {
  /** learning mode is on (the page's `?learn=1`) */
  enabled: boolean;
  /** the learner's progress with optimistic changes laid over it; undefined while loading */
  progress: Progress | undefined;
  progressError: boolean;
  /** the progress's locked nodes as a set (each node's marks ask) */
  lockedIds: ReadonlySet<string>;
  /** nodes that have a note */
  noteIds: ReadonlySet<string>;
  /** the goal asked for with "Show path to here" */
  pathTarget: string | null;
  /** its path as the server answered it (null while loading or when none is asked for) */
  path: LearningPath | null;
  pathFailed: boolean;
  /** the steps of that path (target included): highlighted on the canvas */
  pathIds: ReadonlySet<string>;
  /** the canvas's selected node, as its marks report it (keys 1–4 act on it) */
  selectedId: string | null;
  /** where the learner goes on: the first node being learnt, else the first open one to do */
  nextId: string | null;
  /** the memory answer (one for the canvas; its nodes' entries keep their identity between renders) */
  memory: Memory | undefined;
  /** the "Memory" toggle: the whole canvas coloured by retention */
  memoryView: boolean;
  /** the date slider's day (YYYY-MM-DD), null for today */
  memoryAt: string | null;
  /** the learner's request_retention: green at or above it */
  retentionTarget: number;
}

const EMPTY: ReadonlySet<string> = new Set();

export const initialLearningState = (enabled: boolean): LearningState => ({
  enabled,
  progress: undefined,
  progressError: false,
  lockedIds: EMPTY,
  noteIds: EMPTY,
  pathTarget: null,
  path: null,
  pathFailed: false,
  pathIds: EMPTY,
  selectedId: null,
  nextId: null,
  memory: undefined,
  memoryView: false,
  memoryAt: null,
  retentionTarget: 0.9,
});

/** A small external store, so each node's marks re-render only when their own slice changes. */
export class LearningStore {
  private state: LearningState;
  private readonly listeners = new Set<() => void>();

  constructor(enabled = false) {
    this.state = initialLearningState(enabled);
  }

  getState = (): LearningState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(patch: Partial<LearningState>): void {
    const next = { ...this.state, ...patch };
    if (Object.keys(patch).every((k) => next[k as keyof LearningState] === this.state[k as keyof LearningState]))
      return;
    this.state = next;
    this.listeners.forEach((l) => l());
  }
}

/**
 * The node to learn next, in the document's order: the first one being learnt, else the first to do
 * that waits for nothing; null when none (or for no progress yet). The root is never one.
 */
export function nextToLearn(
  nodes: readonly { id: string; parent_id: string | null }[],
  progress: Progress | undefined,
  lockedIds: ReadonlySet<string>,
): string | null {
  if (!progress) return null;
  const counted = nodes.filter((node) => node.parent_id !== null);
  return (
    counted.find((node) => statusOf(progress, node.id) === 'learning')?.id ??
    counted.find((node) => statusOf(progress, node.id) === 'todo' && !lockedIds.has(node.id))?.id ??
    null
  );
}

/** The status of a node in a progress answer (todo when it has no row). */
export const statusOf = (progress: Progress | undefined, id: string): LearningStatusValue =>
  progress?.nodes[id]?.status ?? 'todo';

/** What a page's learning provider offers to everything under it. */
export interface LearningController {
  subject: SubjectRef;
  store: LearningStore;
  setEnabled(enabled: boolean): void;
  /** sets a status (optimistic; a refusal rolls back and tells the learner) */
  setStatus(change: ProgressChange): void;
  /** shows the goal path to `target` on the canvas, or hides it (null) */
  showPath(target: string | null): void;
  /** titles of the nodes `id` waits for (for the lock's tooltip) */
  waitsForTitles(id: string): string[];
  /** a node's title, from the document the page gave */
  titleOf(id: string): string;
  /** the document's root (it carries no status) */
  isRoot(id: string): boolean;
  /** shows the whole canvas by retention, or by status again */
  setMemoryView(on: boolean): void;
  /** previews retention on a day ahead (YYYY-MM-DD), or today (null) */
  setMemoryAt(at: string | null): void;
}

export const LearningContext = createContext<LearningController | null>(null);

/** The page's learning controller, or null outside a learning provider. */
export const useLearning = () => useContext(LearningContext);

const noSubscribe = () => () => undefined;

/** One slice of the learning state (undefined outside a provider). */
export function useLearningState<T>(selector: (state: LearningState) => T): T | undefined {
  const controller = useContext(LearningContext);
  const read = () => (controller ? selector(controller.store.getState()) : undefined);
  return useSyncExternalStore(controller?.store.subscribe ?? noSubscribe, read, read);
}

/** The node a page's canvas opens around in learning mode (the next to learn), or null. */
export function useNextToLearn(): string | null {
  return useLearningState((s) => (s.enabled ? s.nextId : null)) ?? null;
}
