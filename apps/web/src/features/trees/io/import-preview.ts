import {
  DEFAULT_TREE_LIMITS,
  importJsonCanvas,
  importMarkdownOutline,
  importOpml,
  NodeResource,
  TreeDocument,
  TreeLayout,
  TreeLink,
  TreeNode,
  validateTreeDocument,
  type TreeIssue,
  type TreeLimits,
} from '@arbor/tree-core';
import type { DocumentFormat } from './document-files.ts';

/*
 * What an imported file will become, worked out before anything is written: the document as it
 * will be stored, its counts, and what the import drops on the way (the schema silently strips
 * unknown fields; image ids name images stored with one tree; links to absent nodes would make the
 * whole file fail validation, so they are dropped and reported instead).
 */

/** Where an unknown field sat in the file. */
export type FieldPlace = 'document' | 'layout' | 'node' | 'link' | 'resource';

export interface UnknownField {
  place: FieldPlace;
  name: string;
  /** how many objects of that place carried it */
  count: number;
}

export interface ImportChanges {
  /** nodes whose image is dropped: an image id names an image stored with another tree */
  images: number;
  /** links dropped because one end names a node the file does not have */
  danglingLinks: number;
  /** links dropped because they join a node to itself */
  selfLinks: number;
  /** links dropped because the same source → target is given before */
  duplicateLinks: number;
  /** fields Arbor does not know, ignored */
  unknownFields: UnknownField[];
  /** images of the tree being replaced that the imported document does not keep (their node is gone) */
  lostImages: number;
  /**
   * nodes of the tree being replaced, kept by id, that lose a summary, content, resources, icon, colour
   * or estimate the file does not have (a Markdown outline has no icons, colours or estimates)
   */
  lostFields: number;
  /** links of the tree being replaced between nodes the file keeps, which the file does not have */
  lostLinks: number;
}

/** What a replace can lose beyond the file's own changes: counted against the tree it replaces. */
type ReplaceLosses = Pick<ImportChanges, 'lostImages' | 'lostFields' | 'lostLinks'>;
const NO_LOSSES: ReplaceLosses = { lostImages: 0, lostFields: 0, lostLinks: 0 };

export interface ImportPreview {
  format: DocumentFormat;
  /** the document that will be written */
  document: TreeDocument;
  /** the root's title */
  title: string;
  nodeCount: number;
  linkCount: number;
  changes: ImportChanges;
}

/** Why a file cannot be imported; the dialog words each one in the UI language. */
export type ImportProblem =
  | { kind: 'unreadable' }
  | { kind: 'tooLarge'; bytes: number; maxBytes: number }
  | { kind: 'notJson' }
  | { kind: 'notATree' }
  | { kind: 'notXml' }
  | { kind: 'notOpml' }
  | { kind: 'notACanvas' }
  | { kind: 'noNodes' }
  | { kind: 'empty' }
  | { kind: 'tooManyNodes'; count: number; max: number }
  | { kind: 'invalid'; issues: TreeIssue[] };

export type ImportPreviewResult = { ok: true; preview: ImportPreview } | { ok: false; problem: ImportProblem };

export interface ImportPreviewOptions {
  /** the root's title when a Markdown outline has several top-level entries */
  rootTitle: string;
  /** image ids that stay valid (the images of the tree being replaced); none for a new tree */
  keepImageIds?: ReadonlySet<number>;
  /**
   * The document being replaced, when the import replaces a tree: a node of the file with the id of
   * one of its nodes keeps that node's image (OPML, JSON Canvas and Markdown carry no images, but
   * Arbor's exports carry node ids), and the images that still go are counted as `lostImages`.
   */
  replacing?: TreeDocument;
  limits?: TreeLimits;
}

/** A file larger than this is refused unread: twice the document limit leaves room for pretty-printing. */
export const maxImportFileBytes = (limits: TreeLimits = DEFAULT_TREE_LIMITS) => limits.maxBytes * 2;

const KNOWN: Record<FieldPlace, ReadonlySet<string>> = {
  document: new Set(Object.keys(TreeDocument.shape)),
  layout: new Set(Object.keys(TreeLayout.shape)),
  node: new Set(Object.keys(TreeNode.shape)),
  link: new Set(Object.keys(TreeLink.shape)),
  resource: new Set(Object.keys(NodeResource.shape)),
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Picks the reader by file name (or content when the name says nothing). */
export function formatOfFile(name: string, text: string): DocumentFormat {
  if (/\.json$/i.test(name)) return 'json';
  if (/\.canvas$/i.test(name)) return 'canvas';
  if (/\.(opml|xml)$/i.test(name)) return 'opml';
  if (/\.(md|markdown|txt)$/i.test(name)) return 'markdown';
  const start = text.trimStart();
  if (start.startsWith('<')) return 'opml';
  // A canvas is JSON too: its `edges` list (or text cards without parents) tells it from a tree.
  if (start.startsWith('{')) return /"edges"\s*:/.test(start) && !/"parent_id"\s*:/.test(start) ? 'canvas' : 'json';
  return 'markdown';
}

/** tree-core's refusals of a file that is no OPML or canvas at all, each as the problem the dialog words. */
const REFUSALS: Record<string, ImportProblem> = {
  'The file is not readable XML.': { kind: 'notXml' },
  'Not an OPML file: it has no <opml><body>.': { kind: 'notOpml' },
  'The outline has no entries.': { kind: 'noNodes' },
  'The file is not valid JSON.': { kind: 'notJson' },
  'Not a JSON Canvas: it has no "nodes" list.': { kind: 'notACanvas' },
  'The canvas has no cards.': { kind: 'noNodes' },
};

/** The problem of a failed tree-core import: a known refusal, too many nodes, too large, or the issues. */
function problemOfIssues(issues: TreeIssue[], limits: TreeLimits): ImportProblem {
  const only = issues.length === 1 ? issues[0]! : undefined;
  const refusal = only && only.path === 'data' ? REFUSALS[only.message] : undefined;
  if (refusal) return refusal;
  const tooMany = only?.path === 'nodes' ? /\(this one has (\d+)\)/.exec(only.message) : null;
  if (tooMany) return { kind: 'tooManyNodes', count: Number(tooMany[1]), max: limits.maxNodes };
  const large = issues.find((issue) => issue.code === 'too_large');
  if (large) {
    const bytes = Number(/\((\d+)\)\.?$/.exec(large.message)?.[1] ?? 0);
    return { kind: 'tooLarge', bytes, maxBytes: limits.maxBytes };
  }
  return { kind: 'invalid', issues };
}

function collectUnknownFields(doc: Record<string, unknown>): UnknownField[] {
  const counts = new Map<string, UnknownField>();
  const scan = (place: FieldPlace, value: unknown) => {
    if (!isObject(value)) return;
    for (const name of Object.keys(value)) {
      if (KNOWN[place].has(name)) continue;
      const key = `${place}\u0000${name}`;
      const entry = counts.get(key);
      if (entry) entry.count++;
      else counts.set(key, { place, name, count: 1 });
    }
  };
  scan('document', doc);
  scan('layout', doc.layout);
  for (const node of Array.isArray(doc.nodes) ? doc.nodes : []) {
    scan('node', node);
    if (isObject(node) && Array.isArray(node.resources)) node.resources.forEach((r) => scan('resource', r));
  }
  for (const link of Array.isArray(doc.links) ? doc.links : []) scan('link', link);
  return [...counts.values()];
}

/** Drops image ids that do not carry over and links the file cannot keep; counts both. */
function cleanDocument(
  doc: Record<string, unknown> & { nodes: unknown[] },
  keepImageIds: ReadonlySet<number>,
): { doc: Record<string, unknown>; changes: Omit<ImportChanges, 'unknownFields' | keyof ReplaceLosses> } {
  let images = 0;
  const nodes = doc.nodes.map((node) => {
    if (!isObject(node) || node.image_id === undefined || node.image_id === null) return node;
    if (typeof node.image_id === 'number' && keepImageIds.has(node.image_id)) return node;
    images++;
    return { ...node, image_id: null };
  });
  const ids = new Set(nodes.flatMap((node) => (isObject(node) && typeof node.id === 'string' ? [node.id] : [])));
  let danglingLinks = 0;
  let selfLinks = 0;
  let duplicateLinks = 0;
  const seen = new Set<string>();
  const links = Array.isArray(doc.links)
    ? doc.links.filter((link) => {
        if (!isObject(link) || typeof link.source !== 'string' || typeof link.target !== 'string') return true;
        if (!ids.has(link.source) || !ids.has(link.target)) return (danglingLinks++, false);
        if (link.source === link.target) return (selfLinks++, false);
        const key = `${link.source}\u0000${link.target}`;
        if (seen.has(key)) return (duplicateLinks++, false);
        seen.add(key);
        return true;
      })
    : doc.links;
  return {
    doc: { ...doc, nodes, ...(links === undefined ? {} : { links }) },
    changes: { images, danglingLinks, selfLinks, duplicateLinks },
  };
}

/**
 * Gives the nodes of an imported `document` the images of the same nodes (by id) in the tree it
 * replaces, unless the file says an image of its own (only Arbor's JSON can), and counts the images
 * of that tree the result no longer shows.
 */
export function carryImages(
  replacing: TreeDocument,
  document: TreeDocument,
  format: DocumentFormat,
): { document: TreeDocument; lostImages: number } {
  const imageOf = new Map(replacing.nodes.flatMap((n) => (n.image_id == null ? [] : [[n.id, n.image_id] as const])));
  if (imageOf.size === 0) return { document, lostImages: 0 };
  const nodes =
    format === 'json'
      ? document.nodes
      : document.nodes.map((n) =>
          n.image_id == null && imageOf.has(n.id) ? { ...n, image_id: imageOf.get(n.id)! } : n,
        );
  const kept = new Set(nodes.flatMap((n) => (n.image_id != null && imageOf.get(n.id) === n.image_id ? [n.id] : [])));
  return { document: { ...document, nodes }, lostImages: imageOf.size - kept.size };
}

/** The node fields a replace can empty, each with its test of "has a value". */
const KEPT_FIELDS: ReadonlyArray<(node: TreeNode) => boolean> = [
  (n) => Boolean(n.summary),
  (n) => Boolean(n.content),
  (n) => n.resources.length > 0,
  (n) => n.icon !== null,
  (n) => n.color !== null,
  (n) => n.estimate_minutes !== null,
];

/**
 * Nodes of the replaced tree (kept by id) whose fields the imported `document` empties, and links
 * between kept nodes that it does not have.
 */
function otherLosses(replacing: TreeDocument, document: TreeDocument): Omit<ReplaceLosses, 'lostImages'> {
  const imported = new Map(document.nodes.map((n) => [n.id, n]));
  let lostFields = 0;
  for (const node of replacing.nodes) {
    const next = imported.get(node.id);
    if (next && KEPT_FIELDS.some((has) => has(node) && !has(next))) lostFields++;
  }
  const links = new Set(document.links.map((l) => `${l.source}\u0000${l.target}\u0000${l.kind}`));
  const lostLinks = replacing.links.filter(
    (l) =>
      imported.has(l.source) && imported.has(l.target) && !links.has(`${l.source}\u0000${l.target}\u0000${l.kind}`),
  ).length;
  return { lostFields, lostLinks };
}

function previewOf(
  format: DocumentFormat,
  imported: TreeDocument,
  changes: Omit<ImportChanges, keyof ReplaceLosses>,
  replacing: TreeDocument | undefined,
): { ok: true; preview: ImportPreview } {
  const { document, lostImages } = replacing
    ? carryImages(replacing, imported, format)
    : { document: imported, lostImages: 0 };
  const losses = replacing ? { ...otherLosses(replacing, document), lostImages } : NO_LOSSES;
  return {
    ok: true,
    preview: {
      format,
      document,
      title: document.nodes.find((n) => n.parent_id === null)?.title ?? '',
      nodeCount: document.nodes.length,
      linkCount: document.links.length,
      changes: { ...changes, ...losses },
    },
  };
}

function checked(
  input: unknown,
  limits: TreeLimits,
): { ok: true; document: TreeDocument } | { ok: false; problem: ImportProblem } {
  const result = validateTreeDocument(input, limits);
  if (result.ok) return { ok: true, document: result.document };
  const large = result.issues.find((issue) => issue.code === 'too_large');
  if (large) return { ok: false, problem: problemOfIssues([large], limits) };
  return { ok: false, problem: { kind: 'invalid', issues: result.issues } };
}

/** What importing `text` would create, or why it cannot be imported. Pure: writes nothing. */
export function previewImport(
  text: string,
  format: DocumentFormat,
  options: ImportPreviewOptions,
): ImportPreviewResult {
  const limits = options.limits ?? DEFAULT_TREE_LIMITS;
  const noChanges: Omit<ImportChanges, keyof ReplaceLosses> = {
    images: 0,
    danglingLinks: 0,
    selfLinks: 0,
    duplicateLinks: 0,
    unknownFields: [],
  };
  if (format === 'markdown') {
    if (!text.trim()) return { ok: false, problem: { kind: 'empty' } };
    const outline = importMarkdownOutline(text, { rootTitle: options.rootTitle });
    if (outline.nodes.length > limits.maxNodes)
      return { ok: false, problem: { kind: 'tooManyNodes', count: outline.nodes.length, max: limits.maxNodes } };
    const result = checked(outline, limits);
    return result.ok ? previewOf(format, result.document, noChanges, options.replacing) : result;
  }
  if (format === 'opml' || format === 'canvas') {
    // Both readers build the document themselves (fresh ids, links only between nodes they made), so
    // nothing is dropped on the way that the preview should count.
    const read = format === 'opml' ? importOpml : importJsonCanvas;
    const result = read(text, { rootTitle: options.rootTitle, limits });
    return result.ok
      ? previewOf(format, result.document, noChanges, options.replacing)
      : { ok: false, problem: problemOfIssues(result.issues, limits) };
  }

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: { kind: 'notJson' } };
  }
  // A bare document, or an exported tree or version carrying it in `data` (as tree-core reads it).
  const wrapped = isObject(value) && !Array.isArray(value.nodes) && isObject(value.data) ? value.data : value;
  if (!isObject(wrapped) || !Array.isArray(wrapped.nodes)) return { ok: false, problem: { kind: 'notATree' } };
  const nodes: unknown[] = wrapped.nodes;
  if (nodes.length === 0) return { ok: false, problem: { kind: 'noNodes' } };
  if (nodes.length > limits.maxNodes)
    return { ok: false, problem: { kind: 'tooManyNodes', count: nodes.length, max: limits.maxNodes } };

  const unknownFields = collectUnknownFields(wrapped);
  const cleaned = cleanDocument({ ...wrapped, nodes }, options.keepImageIds ?? new Set());
  const result = checked(cleaned.doc, limits);
  return result.ok
    ? previewOf(format, result.document, { ...cleaned.changes, unknownFields }, options.replacing)
    : result;
}

/** Reads a chosen file (refusing one too large unread) and previews its import. */
export async function previewImportFile(
  file: Pick<File, 'name' | 'size' | 'text'>,
  options: ImportPreviewOptions,
): Promise<ImportPreviewResult> {
  const maxBytes = maxImportFileBytes(options.limits);
  if (file.size > maxBytes) return { ok: false, problem: { kind: 'tooLarge', bytes: file.size, maxBytes } };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, problem: { kind: 'unreadable' } };
  }
  return previewImport(text, formatOfFile(file.name, text), options);
}

/** A validation issue of tree-core, recognised so it can be worded in the UI language. */
export type IssueReading =
  | { kind: 'duplicateId'; node: string }
  | { kind: 'noRoot' }
  | { kind: 'twoRoots'; node: string; root: string }
  | { kind: 'missingParent'; node: string; parent: string }
  | { kind: 'parentCycle'; node: string }
  | { kind: 'prerequisiteCycle'; source: string; target: string }
  /** a field that breaks the schema: named in the UI language, tree-core's own words as the detail */
  | { kind: 'field'; node: string | null; field: string; detail: string }
  | { kind: 'other'; detail: string };

const ISSUE_PATTERNS: Array<[RegExp, (m: RegExpExecArray) => IssueReading]> = [
  [/^Node "(.+)": the id is used by another node\.$/, (m) => ({ kind: 'duplicateId', node: m[1]! })],
  [/^The tree has no root node\b/, () => ({ kind: 'noRoot' })],
  [
    /^Node "(.+)": a tree has exactly one root; "(.+)" is already the root\.$/,
    (m) => ({ kind: 'twoRoots', node: m[1]!, root: m[2]! }),
  ],
  [/^Node "(.+)": its parent "(.+)" does not exist\.$/, (m) => ({ kind: 'missingParent', node: m[1]!, parent: m[2]! })],
  [/^Node "(.+)": its parent chain forms a cycle\b/, (m) => ({ kind: 'parentCycle', node: m[1]! })],
  [
    /^Link \d+: "(.+)" → "(.+)" closes a circle of prerequisites\.$/,
    (m) => ({ kind: 'prerequisiteCycle', source: m[1]!, target: m[2]! }),
  ],
];

/** Reads one tree-core issue: a known structural problem, a field of a node, or (otherwise) its text. */
export function readIssue(issue: TreeIssue): IssueReading {
  for (const [pattern, read] of ISSUE_PATTERNS) {
    const match = pattern.exec(issue.message);
    if (match) return read(match);
  }
  const onNode = /^nodes(?:\.([A-Za-z0-9_-]+)|\[(\d+)\])(?:\.(.+))?$/.exec(issue.path);
  if (onNode) {
    const node = onNode[1] ?? `#${Number(onNode[2]) + 1}`;
    const detail = issue.message.replace(/^Node (?:"[^"]*"|#\d+): /, '');
    return onNode[3] ? { kind: 'field', node, field: onNode[3], detail } : { kind: 'other', detail: issue.message };
  }
  if (issue.path && issue.path !== 'data' && issue.path !== 'nodes')
    return { kind: 'field', node: null, field: issue.path, detail: issue.message };
  return { kind: 'other', detail: issue.message };
}
