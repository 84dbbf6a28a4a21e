import {
  createNode,
  createNodeId,
  NODE_ID_PATTERN,
  NodeResource,
  type TreeDocument,
  type TreeNode,
} from './document.ts';
import { indexTree } from './tree-index.ts';

const TITLE_MAX = 200;
const SUMMARY_MAX = 1000;
const CONTENT_MAX = 100_000;
/** The node id an Arbor export writes after a title, as an HTML comment (invisible once rendered). */
const ID_MARK = /\s*<!--\s*arbor:([A-Za-z0-9_-]{1,64})\s*-->\s*$/;
/** The start of one of a node's fields inside its quoted body. */
const SECTION_MARK = /^<!--\s*arbor:(summary|content|resources)\s*-->$/;
const RESOURCE_LINE = /^- \[((?:\\.|[^\]\\])*)\]\(<([^>]*)>\)$/;
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

  const open = (level: number, text: string) => {
    const marked = ID_MARK.exec(text);
    const title = cleanTitle(marked ? text.slice(0, marked.index) : text);
    if (!title) return false;
    while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
    const wanted = marked?.[1];
    const id = wanted && NODE_ID_PATTERN.test(wanted) && !taken.has(wanted) ? wanted : createNodeId(taken);
    taken.add(id);
    const parent = stack[stack.length - 1];
    const entry: OutlineEntry = { node: createNode({ id, parent_id: parent?.node.id ?? null, title }), level };
    entries.push(entry);
    stack.push(entry);
    current = entry;
    return true;
  };

  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : HEADING.exec(line);
    const item = inFence || heading ? null : LIST_ITEM.exec(line);
    if (heading && open(heading[1]!.length, heading[2]!)) continue;
    if (item && open(10 + indentWidth(item[1]!), item[2]!)) continue;
    if (current) {
      const lines = content.get(current) ?? [];
      lines.push(line);
      content.set(current, lines);
    }
  }

  const nodes = entries.map((entry) => ({ ...entry.node, ...bodyFields(content.get(entry) ?? []) }));
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

/** Lines quoted as a Markdown blockquote: `> ` each, a bare `>` for an empty one. */
const unquote = (line: string) => line.replace(/^\s*>\s?/, '');

/**
 * A node's fields from the lines under its title. An Arbor export quotes them (`> `), each field
 * after its `<!-- arbor:field -->` mark; any other text is the content, as it is.
 */
function bodyFields(lines: string[]): Partial<TreeNode> {
  const filled = lines.filter((line) => line.trim());
  if (filled.length === 0) return {};
  if (!filled.every((line) => /^\s*>/.test(line))) return { content: lines.join('\n').trim().slice(0, CONTENT_MAX) };
  const sections: Record<string, string[]> = { content: [] };
  let section = 'content';
  for (const line of lines.map(unquote)) {
    const mark = SECTION_MARK.exec(line.trim());
    if (mark) sections[(section = mark[1]!)] = [];
    else sections[section]!.push(line);
  }
  const text = (name: string) => sections[name]?.join('\n').trim() ?? '';
  const fields: Partial<TreeNode> = {};
  if (text('summary')) fields.summary = text('summary').slice(0, SUMMARY_MAX);
  if (text('content')) fields.content = text('content').slice(0, CONTENT_MAX);
  const resources = (sections.resources ?? []).flatMap((line) => {
    const link = RESOURCE_LINE.exec(line.trim());
    const parsed = link && NodeResource.safeParse({ title: link[1]!.replace(/\\(.)/g, '$1'), url: link[2] });
    return parsed?.success ? [parsed.data] : [];
  });
  if (resources.length) fields.resources = resources;
  return fields;
}

/** A node's summary, content and resources as quoted lines under its title (none when it has none). */
function bodyLines(node: TreeNode, indent: string): string[] {
  const sections: string[][] = [];
  if (node.summary) sections.push(['<!-- arbor:summary -->', ...node.summary.split('\n')]);
  if (node.content) sections.push(['<!-- arbor:content -->', ...node.content.split('\n')]);
  if (node.resources.length)
    sections.push([
      '<!-- arbor:resources -->',
      ...node.resources.map((r) => `- [${r.title.replace(/[[\]\\]/g, '\\$&')}](<${r.url}>)`),
    ]);
  const quoted = sections.flatMap((lines, i) => [...(i ? [''] : []), ...lines]);
  return quoted.map((line) => `${indent}>${line ? ` ${line}` : ''}`);
}

/**
 * The tree as a Markdown outline: the root as a `#` heading, every other node as a nested list item,
 * each title followed by its id as an HTML comment and by its summary, content and resources, quoted
 * (so the outline stays an outline, and `importMarkdownOutline` reads it all back).
 */
export function exportMarkdownOutline(doc: TreeDocument): string {
  const index = indexTree(doc);
  const root = index.root;
  const lines = [`# ${oneLine(root.title)} <!-- arbor:${root.id} -->`, ''];
  const rootBody = bodyLines(root, '');
  if (rootBody.length) lines.push(...rootBody, '');
  const walk = (id: string, depth: number) => {
    for (const child of index.children.get(id) ?? []) {
      const node = index.byId.get(child)!;
      const indent = '  '.repeat(depth);
      lines.push(`${indent}- ${oneLine(node.title)} <!-- arbor:${node.id} -->`, ...bodyLines(node, `${indent}  `));
      walk(child, depth + 1);
    }
  };
  walk(root.id, 0);
  return lines.join('\n').trimEnd() + '\n';
}

const oneLine = (title: string) => title.replace(/\s+/g, ' ').trim();
