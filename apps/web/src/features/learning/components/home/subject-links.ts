import type { SubjectKind } from '@arbor/contract';

/**
 * Where a subject is learnt: a tree in the editor, a template on its community page, in learning
 * mode (`?learn=1`); `node` selects and centres one node there (`&node=`). The one deep-link form
 * of every link from learning (cards, reviews, plans, notes, "Continue learning", the calendar feed).
 */
export function subjectPath(kind: SubjectKind, uuid: string, node?: string): string {
  const base = kind === 'tree' ? `/trees/${encodeURIComponent(uuid)}` : `/community/${encodeURIComponent(uuid)}`;
  return node ? `${base}?learn=1&node=${encodeURIComponent(node)}` : `${base}?learn=1`;
}
