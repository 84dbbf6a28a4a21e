import type { Note, NoteBody, NoteSearchHit } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { AppError, invalidField } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findNote, findNotes, searchNotes, touchSubject, writeNote } from './learning.repository.ts';
import { resolveSubject, resolveSubjectById, type ResolvedSubject, type SubjectRefInput } from './subjects.ts';
import { markdownToPlainText } from '@arbor/tree-core/plain-text';

const SEARCH_LIMIT = 50;
const SNIPPET_CHARS = 120;

/** The caller's notes on a subject's nodes that are still in its document. */
export async function listNotes(deps: Deps, viewer: AuthUser, ref: SubjectRefInput): Promise<Note[]> {
  const resolved = await resolveSubject(deps, viewer, ref);
  const present = new Set(resolved.document.nodes.map((node) => node.id));
  return (await findNotes(deps.db, resolved.key)).filter((note) => present.has(note.node_id));
}

export const NOTE_CHANGED = 'This note was changed after the version you edited; nothing was saved.';

/**
 * Writes the caller's note on a node; empty content deletes it (answers null). With `base_updated_at`
 * (an edit made offline), a stored note newer than that base is not overwritten: 409 with the stored
 * note, so the client can let the learner choose.
 */
export async function saveNote(deps: Deps, viewer: AuthUser, body: NoteBody): Promise<Note | null> {
  const resolved = await resolveSubject(deps, viewer, body);
  if (!resolved.document.nodes.some((node) => node.id === body.node_id)) {
    throw invalidField('node_id', 'This node is not in the tree.');
  }
  const now = deps.clock.nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (body.base_updated_at !== undefined) {
      const stored = await findNote(trx, resolved.key, body.node_id);
      if (stored && Date.parse(stored.updated_at) > Date.parse(body.base_updated_at))
        throw new AppError(409, 'conflict', NOTE_CHANGED, undefined, { note: stored });
    }
    await writeNote(trx, resolved.key, body.node_id, body.content, now);
    if (body.content !== '') await touchSubject(trx, resolved.key, now);
  });
  return body.content === '' ? null : { node_id: body.node_id, content: body.content, updated_at: now };
}

/** Up to `SNIPPET_CHARS` characters of the note as read (plain text, not its Markdown) around the first match. */
function snippetOf(content: string, needle: string): string {
  const flat = markdownToPlainText(content);
  const at = Math.max(0, flat.toLowerCase().indexOf(needle));
  const start = Math.max(0, at - Math.floor((SNIPPET_CHARS - needle.length) / 2));
  const end = Math.min(flat.length, start + SNIPPET_CHARS);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/** The caller's notes containing `q` (any script: substring match), newest first, on subjects still readable. */
export async function searchOwnNotes(deps: Deps, viewer: AuthUser, q: string): Promise<NoteSearchHit[]> {
  const needle = q.toLowerCase();
  const rows = await searchNotes(deps.db, viewer.id, needle, SEARCH_LIMIT);
  const subjects = new Map<string, ResolvedSubject | null>();
  const hits: NoteSearchHit[] = [];
  for (const row of rows) {
    const key = `${row.subject_kind}:${row.subject_id}`;
    if (!subjects.has(key)) {
      subjects.set(key, await resolveSubjectById(deps, viewer, row.subject_kind, row.subject_id));
    }
    const resolved = subjects.get(key);
    const node = resolved?.document.nodes.find((candidate) => candidate.id === row.node_id);
    if (!resolved || !node) continue;
    hits.push({
      subject: resolved.subject,
      node_id: row.node_id,
      node_title: node.title,
      snippet: snippetOf(row.content, needle),
      updated_at: row.updated_at,
    });
  }
  return hits;
}
