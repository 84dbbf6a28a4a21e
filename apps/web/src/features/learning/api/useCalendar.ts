import type { CalendarLink } from '@arbor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { writeAnswer } from '../../../lib/write-answer.ts';

export const calendarKey = ['learning', 'calendar'] as const;

/** GET /api/learn/calendar/: the private ICS feed's URL. */
export function useCalendarLink(enabled = true) {
  return useQuery({
    queryKey: calendarKey,
    queryFn: ({ signal }) => api<CalendarLink>('/api/learn/calendar/', { signal }),
    enabled,
  });
}

/** POST /api/learn/calendar/rotate/: a new secret URL; the old one stops working. */
export function useRotateCalendarLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarLink>('/api/learn/calendar/rotate/', { method: 'POST' }),
    onSuccess: (link) => writeAnswer(client, calendarKey, link),
  });
}

/** The same feed for calendar apps that subscribe on a click (webcal://). */
export const webcalUrl = (url: string): string => url.replace(/^https?:\/\//i, 'webcal://');
