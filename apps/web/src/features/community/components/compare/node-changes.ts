import type { DiffMark } from '../../../trees/index.ts';
import type { TreeDiff, TreeDocument, TreeNode } from '@arbor/tree-core';

/** One field of a node, before and after, as text to show. */
export interface FieldRow {
  field: string;
  before: string;
  after: string;
}

export interface NodeChanges {
  id: string;
  title: string;
  /** null: the node did not change */
  mark: DiffMark | null;
  rows: FieldRow[];
}

/** Display details only, not worth a row (as the canvas marks leave them out). */
const HIDDEN_FIELDS = new Set(['collapsed', 'position']);

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    return value
      .map((item) =>
        item && typeof item === 'object' && 'url' in item
          ? String((item as { title?: string }).title || (item as { url: string }).url)
          : JSON.stringify(item),
      )
      .join('\n');
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const SHOWN_FIELDS = [
  'title',
  'summary',
  'content',
  'icon',
  'color',
  'image_id',
  'resources',
  'estimate_minutes',
] as const;

/**
 * What happened to node `id` between `from` and `to`: its mark and its fields before and after. An
 * added node lists its filled fields as after only, a removed one as before only; a move adds a
 * `parent` row with the parents' titles.
 */
export function nodeChanges(
  id: string,
  diff: TreeDiff,
  from: TreeDocument,
  to: TreeDocument,
  marks: ReadonlyMap<string, DiffMark>,
): NodeChanges | null {
  const before = from.nodes.find((n) => n.id === id);
  const after = to.nodes.find((n) => n.id === id);
  const node = after ?? before;
  if (!node) return null;
  const mark = marks.get(id) ?? null;
  const titleIn = (doc: TreeDocument, parent: string | null) =>
    parent === null ? '' : (doc.nodes.find((n) => n.id === parent)?.title ?? parent);
  const rows: FieldRow[] = [];
  if (mark === 'added' || mark === 'removed') {
    const only = node as TreeNode;
    for (const field of SHOWN_FIELDS) {
      const value = text(only[field]);
      if (!value) continue;
      rows.push(mark === 'added' ? { field, before: '', after: value } : { field, before: value, after: '' });
    }
    return { id, title: node.title, mark, rows };
  }
  const change = diff.changed.find((c) => c.id === id);
  for (const [field, values] of Object.entries(change?.fields ?? {})) {
    if (HIDDEN_FIELDS.has(field) || !values) continue;
    rows.push({ field, before: text(values.from), after: text(values.to) });
  }
  const move = diff.moved.find((m) => m.id === id);
  if (move && move.from_parent !== move.to_parent) {
    rows.push({ field: 'parent', before: titleIn(from, move.from_parent), after: titleIn(to, move.to_parent) });
  }
  return { id, title: node.title, mark, rows };
}
