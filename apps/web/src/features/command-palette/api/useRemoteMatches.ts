import type { Paginated, Share, Tree } from '@arbor/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { PaletteSource, PaletteSourceItem } from '../sources.ts';

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

async function searchSource(source: PaletteSource, search: string, signal: AbortSignal): Promise<PaletteSourceItem[]> {
  try {
    return await source.search(search, signal);
  } catch (error) {
    if ((error as Error).name !== 'AbortError') console.warn(`Command palette: source ${source.id} failed`, error);
    return [];
  }
}

const NO_SOURCES: readonly PaletteSource[] = [];

/** The user's trees and community templates whose title matches the (debounced) query, and the sources' hits. */
export function useRemoteMatches(query: string, enabled: boolean, sources = NO_SOURCES) {
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
  const fromSources = useQueries({
    queries: sources.map((source) => ({
      queryKey: ['command-palette', 'source', source.id, search],
      queryFn: ({ signal }: { signal: AbortSignal }) => searchSource(source, search, signal),
      enabled: enabled && search.length >= source.minChars,
      staleTime: 10_000,
    })),
  });
  return {
    trees: active ? (trees.data ?? []) : [],
    sources: sources.map((source, i) => ({
      source,
      items: enabled && search.length >= source.minChars ? (fromSources[i]?.data ?? []) : [],
    })),
    templates: active ? (templates.data ?? []) : [],
    loading:
      (active && (trees.isFetching || templates.isFetching || search !== query.trim())) ||
      fromSources.some((result) => result.isFetching),
  };
}
