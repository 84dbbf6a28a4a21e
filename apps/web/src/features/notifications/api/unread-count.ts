import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** GET /api/notifications/unread_count/ — kept live by the stream (lib/stream.ts). */
export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => api<{ count: number }>('/api/notifications/unread_count/', { signal }),
  });
