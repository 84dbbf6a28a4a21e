import {
  exportJsonCanvas,
  exportJsonDocument,
  exportMarkdownOutline,
  exportOpml,
  importJsonDocument,
  importMarkdownOutline,
  type CanvasPositions,
  type TreeDocument,
} from '@arbor/tree-core';

/** The document formats the editor writes and reads: Arbor's JSON, a Markdown outline, OPML 2.0, JSON Canvas 1.0. */
export type DocumentFormat = 'json' | 'markdown' | 'opml' | 'canvas';

/** The file extension each format is saved with. */
export const DOCUMENT_EXTENSIONS: Record<DocumentFormat, string> = {
  json: 'json',
  markdown: 'md',
  opml: 'opml',
  canvas: 'canvas',
};

/** What the import file pickers accept: every format's extensions and media types. */
export const IMPORT_ACCEPT =
  '.json,.md,.markdown,.txt,.opml,.canvas,application/json,text/markdown,text/plain,text/x-opml,application/xml,text/xml';

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

/** The document as a file of the format; a canvas places its cards where `positions` says (the editor's layout). */
export function serializeDocument(doc: TreeDocument, format: DocumentFormat, positions?: CanvasPositions): Blob {
  switch (format) {
    case 'json':
      return new Blob([exportJsonDocument(doc)], { type: 'application/json' });
    case 'markdown':
      return new Blob([exportMarkdownOutline(doc)], { type: 'text/markdown;charset=utf-8' });
    case 'opml':
      return new Blob([exportOpml(doc)], { type: 'text/x-opml;charset=utf-8' });
    case 'canvas':
      return new Blob([JSON.stringify(exportJsonCanvas(doc, positions), null, 2) + '\n'], {
        type: 'application/json',
      });
  }
}

/** The root's title: a sensible name for a tree created from a file. */
export function rootTitleOf(doc: TreeDocument): string {
  return doc.nodes.find((n) => n.parent_id === null)?.title ?? '';
}
