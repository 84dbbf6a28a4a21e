import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiWithHeaders } from '../../../lib/api-client.ts';
import { claimFirstAnswer } from '../../../lib/first-data.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { readThrough } from '../../offline/index.ts';
import { treeKeys, type TreeWithData } from './types.ts';

/** The revision in an `ETag: "<revision>"` header (weak or strong), or null. */
export function revisionFromEtag(headers: Headers): number | null {
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(headers.get('etag') ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * GET /api/tree/skills_tree/get_data_by_uuid/?uuid=: the tree with its working copy; kept for learning
 * offline (features/offline), and the kept copy when the server cannot be reached.
 */
export async function fetchTreeByUuid(uuid: string, signal?: AbortSignal): Promise<TreeWithData> {
  const subject = { kind: 'tree', uuid } as const;
  return readThrough(
    async () => {
      const { data, headers } = await apiWithHeaders<TreeWithData>('/api/tree/skills_tree/get_data_by_uuid/', {
        query: { uuid },
        signal,
      });
      return { ...data, revision: data.revision ?? revisionFromEtag(headers) ?? 0 };
    },
    (store, db, tree) => store.keepSubject(db, subject, { tree }, new Date()),
    async (store, db) => (await store.keptSubject(db, subject))?.tree as TreeWithData | undefined,
  );
}

// A prefetch counts for the page that navigation opens, not for a visit much later.
const PREFETCH_VALID_MS = 10_000;
/** When each tree's prefetch started; for the tree a drawn page came with, when the server read it. */
const prefetchStarts = new Map<string, { at: number; drawn: boolean }>();

/**
 * Starts loading a tree as navigation to its page begins, while the page's code is still loading
 * (the route's loader calls it); the page then takes this answer instead of fetching again. A page the
 * server drew came with the tree it read for it: that answer is this visit's (and the page hydrates with it).
 */
export function prefetchTreeByUuid(uuid: string | undefined): void {
  if (!uuid) return;
  const drawnWith = claimFirstAnswer(treeKeys.byUuid(uuid));
  if (drawnWith !== undefined) {
    prefetchStarts.set(uuid, { at: drawnWith, drawn: true });
    return;
  }
  prefetchStarts.set(uuid, { at: Date.now(), drawn: false });
  void queryClient
    .fetchQuery({
      queryKey: treeKeys.byUuid(uuid),
      queryFn: ({ signal }) => fetchTreeByUuid(uuid, signal),
      staleTime: 0,
    })
    .catch(() => {
      // the page shows the error when its own query answers
    });
}

/** When answers count as current: from the prefetch of this navigation, else from mounting. */
function freshSince(uuid: string | undefined): number {
  const now = Date.now();
  const started = uuid ? prefetchStarts.get(uuid) : undefined;
  if (uuid) prefetchStarts.delete(uuid);
  if (started?.drawn) return started.at; // the server's clock: the answer's own time
  return started !== undefined && now - started.at < PREFETCH_VALID_MS ? started.at : now;
}

/**
 * The tree with its working copy as the server has it now. Pages that edit or compare the working
 * copy must not start from a cached copy (another page may have saved or rolled back since), so the
 * result is "pending" until an answer fetched for this visit has arrived (the route's prefetch, or
 * the fetch made on mount); later background refreshes never take the data away from a mounted editor.
 */
export function useTreeByUuid(uuid: string | undefined) {
  const [since] = useState(() => freshSince(uuid));
  const query = useQuery({
    queryKey: treeKeys.byUuid(uuid ?? ''),
    queryFn: ({ signal }) => fetchTreeByUuid(uuid!, signal),
    enabled: Boolean(uuid),
    // The editor owns the working copy once loaded: refetching under it would fight autosave.
    staleTime: Infinity,
    // An answer (or a fetch in flight) of this visit's prefetch is current; anything older is refetched.
    refetchOnMount: (q) => (q.state.dataUpdatedAt >= since || q.state.fetchStatus === 'fetching' ? false : 'always'),
    refetchOnReconnect: false,
  });
  const current = query.fetchStatus === 'idle' && ((query.isSuccess && query.dataUpdatedAt >= since) || query.isError);
  const [fresh, setFresh] = useState(current);
  useEffect(() => {
    if (!fresh && current) setFresh(true);
  }, [fresh, current]);
  return { ...query, isPending: query.isPending || !(fresh || current) } as typeof query;
}
