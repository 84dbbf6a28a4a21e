import {
  exportJsonDocument,
  exportMarkdownOutline,
  importJsonDocument,
  importMarkdownOutline,
  type TreeDocument,
} from '@arbor/tree-core';

export type DocumentFormat = 'json' | 'markdown';

export class DocumentImportError extends Error {
  constructor(
    message: string,
    readonly issues: string[] = [],
  ) {
    super(message);
    this.name = 'DocumentImportError';
  }
}

/** Reads a tree from a JSON export or a Markdown outline; refuses an invalid one with the issues. */
export function parseDocument(text: string, format: DocumentFormat, rootTitle: string): TreeDocument {
  if (format === 'markdown') {
    if (!text.trim()) throw new DocumentImportError('empty');
    return importMarkdownOutline(text, { rootTitle });
  }
  const result = importJsonDocument(text);
  if (!result.ok)
    throw new DocumentImportError(
      'invalid',
      result.issues.map((i) => (i.node_id ? `${i.node_id}: ${i.message}` : i.message)),
    );
  return result.document;
}

export function serializeDocument(doc: TreeDocument, format: DocumentFormat): Blob {
  return format === 'json'
    ? new Blob([exportJsonDocument(doc)], { type: 'application/json' })
    : new Blob([exportMarkdownOutline(doc)], { type: 'text/markdown;charset=utf-8' });
}

/** The root's title: a sensible name for a tree created from a file. */
export function rootTitleOf(doc: TreeDocument): string {
  return doc.nodes.find((n) => n.parent_id === null)?.title ?? '';
}
