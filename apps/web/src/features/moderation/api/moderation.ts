import type { ModerationAction, ModerationLogEntry, Paginated, Report } from '@arbor/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const keys = {
  all: ['moderation'] as const,
  reports: (status: 'open' | 'resolved', page: number) => [...keys.all, 'reports', status, page] as const,
  log: () => [...keys.all, 'log'] as const,
};

/** GET /api/community/reports/?status= (admin), newest first, each with its subject as it is now. */
export const useReports = (status: 'open' | 'resolved', page: number, pageSize: number) =>
  useQuery({
    queryKey: keys.reports(status, page),
    queryFn: ({ signal }) =>
      api<Paginated<Report>>('/api/community/reports/', {
        signal,
        query: { status, page: page > 1 ? page : undefined, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/community/moderation-log/ (admin): the latest actions, newest first. */
export const useModerationLog = () =>
  useQuery({
    queryKey: keys.log(),
    queryFn: ({ signal }) => api<ModerationLogEntry[]>('/api/community/moderation-log/', { signal }),
  });

/** POST /api/community/reports/{id}/resolve/ {action, note?} (admin); the queue and the log are read again. */
export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: number; action: ModerationAction; note: string }) =>
      api<Report>(`/api/community/reports/${id}/resolve/`, {
        method: 'POST',
        body: note.trim() ? { action, note: note.trim() } : { action },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.all }),
  });
}
