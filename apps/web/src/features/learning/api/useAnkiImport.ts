import type { AnkiImportAccepted, AnkiImportJob } from '@arbor/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiRaw, ApiError } from '../../../lib/api-client.ts';

/** Where an import's cards go: a tree of mine (uuid) or a new tree with this title. */
export type AnkiImportTarget = { tree: string } | { title: string };

/** POST /api/learn/import/anki/ (multipart `file` with `tree` or `title`) → the job's uuid. */
export function useStartAnkiImport() {
  return useMutation({
    mutationFn: ({ file, target }: { file: File; target: AnkiImportTarget }) => {
      const form = new FormData();
      if ('tree' in target) form.append('tree', target.tree);
      else form.append('title', target.title);
      form.append('file', file);
      return api<AnkiImportAccepted>('/api/learn/import/anki/', { method: 'POST', body: form });
    },
  });
}

const POLL_MS = 1000;

/** GET /api/learn/import/{job}/, polled every second until the job is done or failed. */
export function useAnkiImportJob(job: string | null) {
  return useQuery({
    queryKey: ['learn', 'anki-import', job],
    queryFn: ({ signal }) => api<AnkiImportJob>(`/api/learn/import/${job}/`, { signal }),
    enabled: job !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : POLL_MS;
    },
  });
}

/** GET /api/learn/export/anki/: the caller's cards on a tree as an .apkg. */
export async function fetchAnkiExport(tree: string, scheduling: boolean): Promise<Blob> {
  const res = await apiRaw('/api/learn/export/anki/', { query: { tree, scheduling: scheduling ? 1 : 0 } });
  if (!res.ok) throw new ApiError(res.status, { detail: res.statusText || `HTTP ${res.status}`, code: 'invalid' });
  return res.blob();
}
