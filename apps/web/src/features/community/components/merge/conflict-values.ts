import type { MergeConflictNode } from '@arbor/contract';
import type { TreeDocument, TreeLink, TreeNode } from '@arbor/tree-core';

/**
 * What one side of a three-way merge holds for a conflicting field, ready to show: the node is not
 * on that side (`removed`), it is there (`kept`, for a `presence` conflict), or the field's value as
 * a short plain text (`''` when empty).
 */
export type SideValue = { kind: 'removed' } | { kind: 'kept' } | { kind: 'text'; text: string };

export interface FieldValues {
  field: string;
  mine: SideValue;
  theirs: SideValue;
}

/** How long a shown value may be: enough to tell the two sides apart, not a whole lesson. */
export const EXCERPT_LENGTH = 160;

/**
 * Markdown as the plain text a reader sees, on one line and cut at `max` characters: the values are
 * compared side by side in a narrow column, where rendered headings and lists would not fit.
 */
export function plainExcerpt(markdown: string, max = EXCERPT_LENGTH): string {
  const plain = markdown
    .replace(/```[^\n]*\n?/g, '') // code fences (their code stays)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: their alt text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links: their text
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '') // headings, quotes, list markers
    .replace(/(\*\*|__|\*|_|~~|`)(?=\S)([^\n]*?\S)\1/g, '$2') // emphasis and inline code
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

/** A node field's value as text: Markdown flattened, resources by title (else URL), numbers as written. */
function fieldText(field: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    const items = value.map((item: { title?: string; url?: string }) => item.title || item.url || '');
    return plainExcerpt(items.filter(Boolean).join(', '));
  }
  if (typeof value === 'string') return field === 'title' ? value : plainExcerpt(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const titleIn = (doc: TreeDocument, id: string | null) =>
  id === null ? '' : (doc.nodes.find((n) => n.id === id)?.title ?? id);

/** One side's value of `field` for `node` (absent: the node is not in `doc`). */
function sideValue(
  field: string,
  node: TreeNode | undefined,
  doc: TreeDocument,
  linkText: (link: TreeLink, targetTitle: string) => string,
): SideValue {
  if (!node) return { kind: 'removed' };
  switch (field) {
    case 'presence':
      return { kind: 'kept' };
    case 'parent_id':
      return { kind: 'text', text: titleIn(doc, node.parent_id) };
    case 'links': {
      const links = doc.links.filter((link) => link.source === node.id);
      return { kind: 'text', text: links.map((link) => linkText(link, titleIn(doc, link.target))).join('; ') };
    }
    default:
      return { kind: 'text', text: fieldText(field, (node as unknown as Record<string, unknown>)[field]) };
  }
}

/**
 * The values both sides hold for each field of a conflicting node: `mine` is the document being
 * updated (a fork's working copy, a template as it is now), `theirs` the incoming one (the template's
 * latest revision, a suggestion). `parent_id` shows the parents' titles, `links` the node's outgoing
 * links as `linkText` words them.
 */
export function conflictValues(
  conflict: MergeConflictNode,
  mine: TreeDocument,
  theirs: TreeDocument,
  linkText: (link: TreeLink, targetTitle: string) => string,
): FieldValues[] {
  const mineNode = mine.nodes.find((n) => n.id === conflict.node_id);
  const theirNode = theirs.nodes.find((n) => n.id === conflict.node_id);
  return conflict.fields.map((field) => ({
    field,
    mine: sideValue(field, mineNode, mine, linkText),
    theirs: sideValue(field, theirNode, theirs, linkText),
  }));
}

/** A conflicting node's title on either side (mine first), else its id. */
export function conflictTitle(nodeId: string, ...docs: Array<TreeDocument | undefined>): string {
  for (const doc of docs) {
    const title = doc?.nodes.find((n) => n.id === nodeId)?.title;
    if (title) return title;
  }
  return nodeId;
}
