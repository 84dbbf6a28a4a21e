// The graph functions alone: learning mode on the template page loads none of tree-core's schemas.
import { buildWaitsForGraph, transitivePrerequisites, type PathsDocument } from '@arbor/tree-core/paths';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../../lib/api-client.ts';
import { useLearnerSettings } from '../../api/useLearnerSettings.ts';
import { useMemory } from '../../api/useMemory.ts';
import { useNotes } from '../../api/useNotes.ts';
import { usePath } from '../../api/usePath.ts';
import { useProgress, type SubjectRef } from '../../api/useProgress.ts';
import { useUpdateProgress, type ProgressChange } from '../../api/useUpdateProgress.ts';
import { NoteConflictDialog } from '../offline/NoteConflictDialog.tsx';
import { useEditSync } from '../offline/offline-edits.ts';
import { LearningContext, LearningStore, nextToLearn, type LearningController } from './learning-store.ts';
import { isCanvasKeyTarget, statusForKey } from './status-keys.ts';

/** The document a page shows, as far as learning needs it (titles and the waits-for graph). */
export interface LearningDocument extends PathsDocument {
  nodes: readonly { id: string; parent_id: string | null; title: string }[];
}

interface LearningProviderProps {
  subject: SubjectRef;
  /** the document on the canvas: lock tooltips name titles, "I know this" shows prerequisites at once */
  doc?: LearningDocument;
  /** false hides learning mode (a visitor who is not signed in) */
  available?: boolean;
  children: ReactNode;
}

const LEARN_PARAM = 'learn';

/**
 * Learning mode around a tree canvas (UI.md "Learning, recall and plans"): a page wraps its canvas
 * in it with the subject, and the canvas marks, the node panel section and the header controls
 * (registered in the trees feature's slots) draw from it. The mode lives in the URL (`?learn=1`),
 * so a reload or a shared link keeps it.
 */
export function LearningProvider({ subject, doc, available = true, children }: LearningProviderProps) {
  const { t } = useTranslation('learning');
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const enabled = available && params.get(LEARN_PARAM) === '1';
  const [store] = useState(() => new LearningStore(enabled));
  const progress = useProgress(subject, enabled);
  const notes = useNotes(subject, enabled);
  const readPathTarget = () => store.getState().pathTarget;
  const pathTarget = useSyncExternalStore(store.subscribe, readPathTarget, readPathTarget);
  const path = usePath(subject, enabled ? pathTarget : null);
  const readMemoryAt = () => store.getState().memoryAt;
  const memoryAt = useSyncExternalStore(store.subscribe, readMemoryAt, readMemoryAt);
  const memory = useMemory(subject, memoryAt, enabled);
  const settings = useLearnerSettings(enabled);

  const graph = useMemo(() => (doc ? buildWaitsForGraph(doc) : null), [doc]);
  const titles = useMemo(() => new Map(doc?.nodes.map((n) => [n.id, n.title])), [doc]);
  const rootId = doc?.nodes.find((n) => n.parent_id === null)?.id ?? null;
  const prerequisitesOf = useCallback(
    (id: string) => (graph && graph.indexOf.has(id) ? transitivePrerequisites(graph, id) : []),
    [graph],
  );
  const queue = useUpdateProgress(subject, prerequisitesOf);
  useEditSync(enabled);

  useEffect(() => store.set({ enabled }), [store, enabled]);
  useEffect(() => {
    const lockedIds = new Set(progress.data?.locked);
    store.set({
      progress: progress.data,
      progressError: progress.isError && !progress.data,
      lockedIds,
      nextId: nextToLearn(doc?.nodes ?? [], progress.data, lockedIds),
    });
  }, [store, progress.data, progress.isError, doc]);
  useEffect(() => {
    if (notes.data) store.set({ noteIds: new Set(notes.data.map((n) => n.node_id)) });
  }, [store, notes.data]);
  useEffect(() => {
    store.set({ memory: memory.data });
  }, [store, memory.data]);
  useEffect(() => {
    if (settings.data) store.set({ retentionTarget: settings.data.request_retention });
  }, [store, settings.data]);
  useEffect(() => {
    const answer = path.data && path.data.target === pathTarget ? path.data : null;
    store.set({
      path: answer,
      pathFailed: path.isError && pathTarget !== null,
      pathIds: answer ? new Set([...answer.steps.map((s) => s.node_id), answer.target]) : new Set(),
    });
  }, [store, path.data, path.isError, pathTarget]);

  const controller = useMemo<LearningController>(() => {
    const setStatus = (change: ProgressChange) => {
      queue.submit(change).then(
        () => void client.invalidateQueries({ queryKey: ['learning', 'path'] }),
        (error: unknown) =>
          notifications.show({
            color: 'red',
            message: t('node.updateFailed', { reason: error instanceof ApiError ? error.message : String(error) }),
          }),
      );
    };
    return {
      subject,
      store,
      setEnabled: (on) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (on) next.set(LEARN_PARAM, '1');
            else next.delete(LEARN_PARAM);
            return next;
          },
          { replace: true },
        ),
      setStatus,
      showPath: (target) => store.set({ pathTarget: target }),
      waitsForTitles: (id) => (graph?.waitsFor.get(id) ?? []).map((w) => titles.get(w) ?? w),
      titleOf: (id) => titles.get(id) ?? id,
      isRoot: (id) => rootId === id,
      setMemoryView: (on) => store.set({ memoryView: on }),
      setMemoryAt: (at) => store.set({ memoryAt: at }),
    };
    // The subject is named by kind and uuid; a new object for the same subject is the same subject.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subject.kind, subject.uuid, store, queue, client, t, setParams, graph, titles, rootId]);

  // Keys 1–4 set the selected node's status while learning mode is on.
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isCanvasKeyTarget(event.target)) return;
      const status = statusForKey(event);
      const selected = store.getState().selectedId;
      if (!status || !selected) return;
      event.preventDefault();
      controller.setStatus({ node_id: selected, status });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, store, controller]);

  // Leaving learning mode forgets the path shown.
  useEffect(() => {
    if (!enabled) store.set({ pathTarget: null, memoryView: false, memoryAt: null });
  }, [enabled, store]);

  return (
    <LearningContext.Provider value={controller}>
      {children}
      {enabled ? <NoteConflictDialog subject={subject} titleOf={controller.titleOf} /> : null}
    </LearningContext.Provider>
  );
}
