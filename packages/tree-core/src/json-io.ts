import { DEFAULT_TREE_LIMITS, type TreeDocument, type TreeLimits } from './document.ts';
import { validateTreeDocument, type TreeValidationResult } from './validate.ts';
import { refusedImport } from './import-refusal.ts';

/**
 * Reads a tree from JSON text: a bare document, or an exported tree/version object carrying it
 * in `data`. Returns the validation result, so the caller can show issues naming the node.
 */
export function importJsonDocument(text: string, limits: TreeLimits = DEFAULT_TREE_LIMITS): TreeValidationResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refusedImport('The file is not valid JSON.');
  }
  const wrapped = (value as { data?: unknown } | null)?.data;
  const document =
    wrapped && typeof wrapped === 'object' && !Array.isArray((value as { nodes?: unknown }).nodes) ? wrapped : value;
  return validateTreeDocument(document, limits);
}

/** The document as pretty-printed JSON that `importJsonDocument` reads back unchanged. */
export function exportJsonDocument(doc: TreeDocument): string {
  return JSON.stringify(doc, null, 2) + '\n';
}
