import type { SubjectKind } from '@arbor/contract';

/** Where a subject is learnt: a tree in the editor, a template on its community page; `node` selects one node there. */
export function subjectPath(kind: SubjectKind, uuid: string, node?: string): string {
  const base = kind === 'tree' ? `/trees/${encodeURIComponent(uuid)}` : `/community/${encodeURIComponent(uuid)}`;
  return node ? `${base}?node=${encodeURIComponent(node)}` : base;
}
