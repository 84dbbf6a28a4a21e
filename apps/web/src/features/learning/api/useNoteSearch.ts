import type { NoteSearchHit } from '@arbor/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const DEBOUNCE_MS = 250;
/** The server searches from two characters on. */
export const NOTE_SEARCH_MIN_CHARS = 2;

/** GET /api/learn/notes/search/?q=: the caller's notes containing `q` (CJK substrings too). */
export const searchNotes = (q: string, signal?: AbortSignal) =>
  api<NoteSearchHit[]>('/api/learn/notes/search/', { signal, query: { q } });

/** The caller's notes matching the (debounced) query; nothing below two characters or while `enabled` is false. */
export function useNoteSearch(query: string, enabled = true) {
  const [search] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const active = enabled && search.length >= NOTE_SEARCH_MIN_CHARS;
  const result = useQuery({
    queryKey: ['learning', 'notes-search', search],
    queryFn: ({ signal }) => searchNotes(search, signal),
    enabled: active,
    staleTime: 10_000,
  });
  return {
    hits: active ? (result.data ?? []) : [],
    loading: enabled && query.trim().length >= NOTE_SEARCH_MIN_CHARS && (result.isFetching || search !== query.trim()),
    error: active && result.isError,
  };
}
