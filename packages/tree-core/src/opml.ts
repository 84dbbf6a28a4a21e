import {
  createNode,
  createNodeId,
  DEFAULT_TREE_LIMITS,
  LayoutDirection,
  NODE_ID_PATTERN,
  NodeResource,
  UnlockMode,
  type TreeDocument,
  type TreeLimits,
  type TreeLink,
  type TreeNode,
} from './document.ts';
import { indexTree } from './tree-index.ts';
import { validateTreeDocument, type TreeValidationResult } from './validate.ts';
import { refusedImport } from './import-refusal.ts';
import { escapeXml, readXml, type XmlElement } from './xml-reader.ts';

/**
 * OPML 2.0 outlines (http://opml.org/spec2.opml): every outliner reads the titles (`text`) and notes
 * (`_note`, the summary); Arbor's own fields ride along in `arbor*` attributes so an export comes back
 * whole. The root carries the layout and unlock mode; a node's links go on their source.
 */

const TITLE_MAX = 200;
const SUMMARY_MAX = 1000;

function json(value: unknown): string | null {
  if (value === null || (Array.isArray(value) && value.length === 0)) return null;
  return JSON.stringify(value);
}

function outlineAttributes(doc: TreeDocument, node: TreeNode, links: TreeLink[], isRoot: boolean): string {
  const attributes: [string, string | null][] = [
    ['text', node.title],
    ['_note', node.summary || null],
    ['arborId', node.id],
    ['arborContent', node.content || null],
    ['arborIcon', node.icon],
    ['arborColor', node.color],
    ['arborEstimate', node.estimate_minutes === null ? null : String(node.estimate_minutes)],
    ['arborResources', json(node.resources)],
    ['arborLinks', json(links.map(({ target, kind }) => ({ target, kind })))],
    ['arborLayout', isRoot ? doc.layout.direction : null],
    ['arborUnlock', isRoot ? (doc.unlock ?? 'links') : null],
  ];
  return attributes
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
}

/** The tree as an OPML 2.0 document. */
export function exportOpml(doc: TreeDocument): string {
  const index = indexTree(doc);
  const linksFrom = new Map<string, TreeLink[]>();
  for (const link of doc.links) linksFrom.set(link.source, [...(linksFrom.get(link.source) ?? []), link]);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    `  <head><title>${escapeXml(index.root.title)}</title></head>`,
    '  <body>',
  ];
  // Depth first without recursion: trees can be thousands of levels deep.
  const stack: { id: string; depth: number; close?: boolean }[] = [{ id: index.root.id, depth: 2 }];
  while (stack.length) {
    const { id, depth, close } = stack.pop()!;
    const pad = '  '.repeat(depth);
    if (close) {
      lines.push(`${pad}</outline>`);
      continue;
    }
    const node = index.byId.get(id)!;
    const children = index.children.get(id) ?? [];
    const attributes = outlineAttributes(doc, node, linksFrom.get(id) ?? [], node.parent_id === null);
    if (children.length === 0) {
      lines.push(`${pad}<outline${attributes}/>`);
      continue;
    }
    lines.push(`${pad}<outline${attributes}>`);
    stack.push({ id, depth, close: true });
    for (const child of [...children].reverse()) stack.push({ id: child, depth: depth + 1 });
  }
  lines.push('  </body>', '</opml>');
  return lines.join('\n') + '\n';
}

export interface OpmlImportOptions {
  /** title of the root when the outline has several top-level entries (default: the head's title) */
  rootTitle?: string;
  limits?: TreeLimits;
}

/** The title as written (an export's titles come back exactly), cut to the limit; "Untitled" when empty. */
function cleanTitle(text: string | undefined): string {
  return [...(text || 'Untitled')].slice(0, TITLE_MAX).join('');
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Arbor's fields of one outline, each dropped when it does not hold a valid value. */
function arborFields(attributes: Record<string, string>): Partial<TreeNode> {
  const fields: Partial<TreeNode> = {};
  const note = attributes._note ?? '';
  const content = attributes.arborContent ?? '';
  // A note longer than a summary may be becomes the content (outliners keep long notes).
  if (note.length > SUMMARY_MAX) fields.content = [note, content].filter(Boolean).join('\n\n');
  else {
    fields.summary = note;
    if (content) fields.content = content;
  }
  if (attributes.arborIcon) fields.icon = attributes.arborIcon.slice(0, 100);
  if (/^#[0-9a-fA-F]{6}$/.test(attributes.arborColor ?? '')) fields.color = attributes.arborColor!;
  const estimate = Number(attributes.arborEstimate);
  if (attributes.arborEstimate && Number.isInteger(estimate) && estimate >= 0 && estimate <= 100_000) {
    fields.estimate_minutes = estimate;
  }
  const resources = parseJson(attributes.arborResources);
  if (Array.isArray(resources)) {
    fields.resources = resources.flatMap((r) => {
      const parsed = NodeResource.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    });
  }
  return fields;
}

/**
 * Reads an OPML outline into a tree: nested outlines become nested nodes; a single top-level outline
 * is the root, several get a root of their own. The result is checked like any save.
 */
export function importOpml(text: string, options: OpmlImportOptions = {}): TreeValidationResult {
  let opml: XmlElement;
  try {
    opml = readXml(text);
  } catch {
    return refusedImport('The file is not readable XML.');
  }
  const body = opml.name === 'opml' ? opml.children.find((c) => c.name === 'body') : undefined;
  if (!body) return refusedImport('Not an OPML file: it has no <opml><body>.');
  const headTitle = opml.children.find((c) => c.name === 'head')?.children.find((c) => c.name === 'title')?.text;

  const taken = new Set<string>();
  const idOf = new Map<string, string>(); // arborId in the file → id in the tree
  const nodes: TreeNode[] = [];
  const pendingLinks: { source: string; raw: unknown }[] = [];
  let layout: TreeDocument['layout'] = { direction: 'TB' };
  let unlock: TreeDocument['unlock'] = 'links';
  const stack: { element: XmlElement; parent: string | null }[] = body.children
    .filter((c) => c.name === 'outline')
    .reverse()
    .map((element) => ({ element, parent: null }));
  while (stack.length) {
    const { element, parent } = stack.pop()!;
    const wanted = element.attributes.arborId ?? '';
    const id = NODE_ID_PATTERN.test(wanted) && !taken.has(wanted) ? wanted : createNodeId(taken);
    taken.add(id);
    if (wanted) idOf.set(wanted, id);
    const { attributes } = element;
    nodes.push(
      createNode({
        ...arborFields(attributes),
        id,
        parent_id: parent,
        title: cleanTitle(attributes.text ?? attributes.title),
      }),
    );
    if (parent === null) {
      layout = { direction: LayoutDirection.safeParse(attributes.arborLayout).data ?? layout.direction };
      unlock = UnlockMode.safeParse(attributes.arborUnlock).data ?? unlock;
    }
    if (attributes.arborLinks) pendingLinks.push({ source: id, raw: parseJson(attributes.arborLinks) });
    const children = element.children.filter((c) => c.name === 'outline');
    for (const child of [...children].reverse()) stack.push({ element: child, parent: id });
  }
  if (nodes.length === 0) return refusedImport('The outline has no entries.');

  const links: TreeLink[] = pendingLinks.flatMap(({ source, raw }) =>
    (Array.isArray(raw) ? raw : []).flatMap((link: { target?: unknown; kind?: unknown }) => {
      const target = typeof link?.target === 'string' ? idOf.get(link.target) : undefined;
      const kind = link?.kind === 'prerequisite' ? 'prerequisite' : 'related';
      return target ? [{ source, target, kind } as TreeLink] : [];
    }),
  );
  const tops = nodes.filter((n) => n.parent_id === null);
  let all = nodes;
  if (tops.length > 1) {
    const rootId = createNodeId(taken);
    const title = cleanTitle(options.rootTitle?.trim() || headTitle?.trim());
    all = [
      createNode({ id: rootId, parent_id: null, title }),
      ...nodes.map((n) => (n.parent_id === null ? { ...n, parent_id: rootId } : n)),
    ];
  }
  return validateTreeDocument({ format: 1, layout, unlock, nodes: all, links }, options.limits ?? DEFAULT_TREE_LIMITS);
}
