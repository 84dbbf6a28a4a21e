import type { NoteSearchHit } from '@arbor/contract';
import { IconNotes } from '@tabler/icons-react';
import { api } from '../../../lib/api-client.ts';
import type { PaletteSource, PaletteSourceItem } from '../../command-palette/index.ts';
import { subjectPath } from '../components/home/subject-links.ts';

/** The server searches from two characters on. */
const NOTE_SEARCH_MIN_CHARS = 2;
const PALETTE_LIMIT = 8;

/** GET /api/learn/notes/search/?q=: the caller's notes containing `q` (CJK substrings too). */
export const searchNotes = (q: string, signal?: AbortSignal) =>
  api<NoteSearchHit[]>('/api/learn/notes/search/', { signal, query: { q } });

/** A note hit as a palette entry: the node's title, then the subject and the matching text; opens the node. */
export function noteHitItem(hit: NoteSearchHit): PaletteSourceItem {
  return {
    id: `${hit.subject.kind}:${hit.subject.uuid}:${hit.node_id}`,
    title: hit.node_title,
    description: `${hit.subject.title} · ${hit.snippet}`,
    path: subjectPath(hit.subject.kind, hit.subject.uuid, hit.node_id),
  };
}

/** The learner's notes in the command palette (app/ hands it to the palette). */
export const notesPaletteSource: PaletteSource = {
  id: 'notes',
  labelKey: 'shell:palette.groups.notes',
  icon: IconNotes,
  minChars: NOTE_SEARCH_MIN_CHARS,
  search: async (query, signal) => (await searchNotes(query, signal)).slice(0, PALETTE_LIMIT).map(noteHitItem),
};
