import type { Report, ReportCreateBody } from '@arbor/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/community/reports/ — one open report per reporter and target (409 for a second). */
export function useCreateReport() {
  return useMutation({
    mutationFn: (body: ReportCreateBody) => api<Report>('/api/community/reports/', { method: 'POST', body }),
  });
}
