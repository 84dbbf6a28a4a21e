import { createNode, createNodeId, type TreeDocument, type TreeNode } from './document.ts';
import { indexTree } from './tree-index.ts';

const TITLE_MAX = 200;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^(\s*)(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/;

export interface MarkdownImportOptions {
  /** title of the root when the outline has several top-level entries (default "Untitled") */
  rootTitle?: string;
}

interface OutlineEntry {
  node: TreeNode;
  /** headings: their level (1–6); list items: 10 + indentation width, so lists nest under headings */
  level: number;
}

function cleanTitle(text: string): string {
  // Keep the words, drop the emphasis and link markup an outline usually carries.
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2')
    .trim();
  return [...plain].slice(0, TITLE_MAX).join('');
}

function indentWidth(whitespace: string): number {
  return [...whitespace].reduce((width, ch) => width + (ch === '\t' ? 4 : 1), 0);
}

/**
 * Builds a tree from a Markdown outline: headings nest by level, list items by indentation under
 * the nearest heading; other text becomes the content of the entry above it. A single top-level
 * entry becomes the root, otherwise a root titled `rootTitle` holds them.
 */
export function importMarkdownOutline(markdown: string, options: MarkdownImportOptions = {}): TreeDocument {
  const taken = new Set<string>();
  const entries: OutlineEntry[] = [];
  const stack: OutlineEntry[] = [];
  const content = new Map<OutlineEntry, string[]>();
  let inFence = false;
  let current: OutlineEntry | null = null;

  const open = (level: number, title: string) => {
    while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
    const id = createNodeId(taken);
    taken.add(id);
    const parent = stack[stack.length - 1];
    const entry: OutlineEntry = { node: createNode({ id, parent_id: parent?.node.id ?? null, title }), level };
    entries.push(entry);
    stack.push(entry);
    current = entry;
  };

  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : HEADING.exec(line);
    const item = inFence || heading ? null : LIST_ITEM.exec(line);
    const title = cleanTitle(heading?.[2] ?? item?.[2] ?? '');
    if (heading && title) open(heading[1]!.length, title);
    else if (item && title) open(10 + indentWidth(item[1]!), title);
    else if (current) {
      const lines = content.get(current) ?? [];
      lines.push(line);
      content.set(current, lines);
    }
  }

  const nodes = entries.map((entry) => {
    const text = content.get(entry)?.join('\n').trim() ?? '';
    return text ? { ...entry.node, content: text.slice(0, 100_000) } : entry.node;
  });
  const tops = nodes.filter((n) => n.parent_id === null);
  if (tops.length === 1) return { format: 1, layout: { direction: 'TB' }, nodes, links: [], unlock: 'links' };
  const rootId = createNodeId(taken);
  const root = createNode({ id: rootId, parent_id: null, title: options.rootTitle?.trim() || 'Untitled' });
  return {
    format: 1,
    layout: { direction: 'TB' },
    unlock: 'links',
    nodes: [root, ...nodes.map((n) => (n.parent_id === null ? { ...n, parent_id: rootId } : n))],
    links: [],
  };
}

/** The tree as a Markdown outline: the root as a `#` heading, every other node as a nested list item. */
export function exportMarkdownOutline(doc: TreeDocument): string {
  const index = indexTree(doc);
  const lines = [`# ${oneLine(index.root.title)}`, ''];
  const walk = (id: string, depth: number) => {
    for (const child of index.children.get(id) ?? []) {
      lines.push(`${'  '.repeat(depth)}- ${oneLine(index.byId.get(child)!.title)}`);
      walk(child, depth + 1);
    }
  };
  walk(index.root.id, 0);
  return lines.join('\n').trimEnd() + '\n';
}

const oneLine = (title: string) => title.replace(/\s+/g, ' ').trim();
