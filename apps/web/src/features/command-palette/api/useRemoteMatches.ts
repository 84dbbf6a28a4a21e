import type { Paginated, Share, Tree } from '@arbor/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What the palette shows of a tree or a template. */
type RemoteItem = Pick<Tree | Share, 'uuid' | 'title'>;

const DEBOUNCE_MS = 250;
const LIMIT = 5;

async function fetchTitles(path: string, search: string, signal: AbortSignal): Promise<RemoteItem[]> {
  try {
    const page = await api<Paginated<RemoteItem> | undefined>(path, { query: { search, page_size: LIMIT }, signal });
    return (page?.results ?? []).slice(0, LIMIT).map(({ uuid, title }) => ({ uuid, title }));
  } catch (error) {
    // The palette is a shortcut, not the place to report a failing list: log and show nothing.
    if ((error as Error).name !== 'AbortError') console.warn(`Command palette: ${path} failed`, error);
    return [];
  }
}

/** The user's trees and community templates whose title matches the (debounced) query. */
export function useRemoteMatches(query: string, enabled: boolean) {
  const [search] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const active = enabled && search.length > 1;
  const trees = useQuery({
    queryKey: ['command-palette', 'trees', search],
    queryFn: ({ signal }) => fetchTitles('/api/tree/skills_tree/', search, signal),
    enabled: active,
    staleTime: 10_000,
  });
  const templates = useQuery({
    queryKey: ['command-palette', 'templates', search],
    queryFn: ({ signal }) => fetchTitles('/api/community/trees-shared/', search, signal),
    enabled: active,
    staleTime: 10_000,
  });
  return {
    trees: active ? (trees.data ?? []) : [],
    templates: active ? (templates.data ?? []) : [],
    loading: active && (trees.isFetching || templates.isFetching || search !== query.trim()),
  };
}
