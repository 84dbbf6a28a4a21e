import type { Notification, Paginated } from '@arbor/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** GET /api/notifications/ — the caller's notifications, newest first (only the unread ones with `unread`). */
export const useNotificationList = (params: { page: number; unread: boolean; pageSize: number }, enabled = true) =>
  useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) =>
      api<Paginated<Notification>>('/api/notifications/', {
        signal,
        query: {
          page: params.page > 1 ? params.page : undefined,
          page_size: params.pageSize,
          unread: params.unread ? 'true' : undefined,
        },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /api/notifications/mark_read/ — those `ids`, or all when absent; the answer is the unread count. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) =>
      api<{ count: number }>('/api/notifications/mark_read/', { method: 'POST', body: ids ? { ids } : {} }),
    onSuccess: (answer, ids) => {
      client.setQueryData(notificationKeys.unread(), answer);
      // Shown read at once in every cached list; the lists are read again in the background.
      client.setQueriesData<Paginated<Notification>>({ queryKey: notificationKeys.lists() }, (old) =>
        old
          ? { ...old, results: old.results.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)) }
          : old,
      );
      void client.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
