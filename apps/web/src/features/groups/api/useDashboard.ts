import type { Dashboard } from '@arbor/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, apiRaw } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';

const progressPath = (uuid: string, id: number) => groupPath(uuid, `assignments/${id}/progress/`);

/** GET /api/groups/{uuid}/assignments/{id}/progress/ (owner, mentors): members × nodes. */
export const useDashboard = (uuid: string, id: number) =>
  useQuery({
    queryKey: groupKeys.dashboard(uuid, id),
    queryFn: ({ signal }) => api<Dashboard>(progressPath(uuid, id), { signal }),
    // members learn while the owner watches: opening the grid, coming back to the tab and every half
    // minute read it again, so the grid changes without a reload
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: 30_000,
  });

/** The same as CSV (BOM, a row per member), as a blob to save. */
export async function fetchDashboardCsv(uuid: string, id: number): Promise<Blob> {
  const res = await apiRaw(progressPath(uuid, id), { query: { format: 'csv' }, headers: { accept: 'text/csv' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

/** Reads the group and its assignments again (their counts), not the grids below them. */
export function useRefreshCounts(uuid: string) {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: groupKeys.detail(uuid), exact: true });
    void client.invalidateQueries({ queryKey: groupKeys.assignments(uuid), exact: true });
  }, [client, uuid]);
}
