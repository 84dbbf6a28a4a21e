import type { AiConnectionTest, AiRequestLog, AiRequestLogDetail, AiUsageResponse, Paginated } from '@arbor/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { aiKeys } from '../api/keys.ts';

/** The admin-managed AI resources, by their path under /api/llm/. */
type AiResource = 'deepseek-config' | 'deepseek-models' | 'prompts';

const pathOf = (resource: AiResource, id?: number) => `/api/llm/${resource}/${id === undefined ? '' : `${id}/`}`;

/** Every item of a resource (admins manage tens, not thousands: one page of 100 is the whole list). */
export function useAiResourceList<T>(resource: AiResource) {
  return useQuery({
    queryKey: aiKeys.resourceList(resource, {}),
    queryFn: ({ signal }) => api<Paginated<T>>(pathOf(resource), { query: { page_size: 100 }, signal }),
    select: (page) => page.results,
  });
}

/** Create (no id) or PATCH (id) an item; lists and the editor's AI status refresh afterwards. */
export function useSaveAiResource<T, Body extends object>(resource: AiResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Body }) =>
      api<T>(pathOf(resource, id), { method: id === undefined ? 'POST' : 'PATCH', body }),
    // Activating a provider or defaulting a model changes the others too: refresh every AI resource.
    onSuccess: () => client.invalidateQueries({ queryKey: aiKeys.all }),
  });
}

export function useDeleteAiResource(resource: AiResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(pathOf(resource, id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: aiKeys.all }),
  });
}

/** POST …/deepseek-config/{id}/test_connection/: lists the provider's models; a failure is an answer, not an error. */
export function useTestConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<AiConnectionTest>(`${pathOf('deepseek-config', id)}test_connection/`, { method: 'POST' }),
    // the test is logged like every upstream call
    onSettled: () => client.invalidateQueries({ queryKey: aiKeys.logs() }),
  });
}

interface LogFilters {
  status?: string | null;
  kind?: string | null;
  model?: string;
}

export const LOG_PAGE_SIZE = 20;

export function useRequestLogs(filters: LogFilters, page: number) {
  const query = { ...filters, page, page_size: LOG_PAGE_SIZE };
  return useQuery({
    queryKey: aiKeys.logList(query),
    queryFn: ({ signal }) => api<Paginated<AiRequestLog>>('/api/llm/request-logs/', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRequestLog(id: number | null) {
  return useQuery({
    queryKey: aiKeys.log(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api<AiRequestLogDetail>(`/api/llm/request-logs/${id}/`, { signal }),
  });
}

export function useDailyTotals(days: number) {
  return useQuery({
    queryKey: aiKeys.dailyTotals(days),
    queryFn: ({ signal }) => api<AiUsageResponse>('/api/llm/request-logs/daily_totals/', { query: { days }, signal }),
    select: (answer) => answer.results,
  });
}
