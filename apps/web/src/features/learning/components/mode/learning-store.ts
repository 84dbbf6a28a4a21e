import type { LearningPath, LearningStatusValue, Progress } from '@arbor/contract';
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
}

export const LearningContext = createContext<LearningController | null>(null);

/** The page's learning controller, or null outside a learning provider. */
export const useLearning = () => useContext(LearningContext);

const noSubscribe = () => () => undefined;

/** One slice of the learning state (undefined outside a provider). */
export function useLearningState<T>(selector: (state: LearningState) => T): T | undefined {
  const controller = useContext(LearningContext);
  return useSyncExternalStore(controller?.store.subscribe ?? noSubscribe, () =>
    controller ? selector(controller.store.getState()) : undefined,
  );
}
