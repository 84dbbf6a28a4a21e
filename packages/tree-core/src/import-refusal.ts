import type { TreeValidationResult } from './validate.ts';

/** A failed import that never got as far as a document: one issue on `data` with the reason. */
export const refusedImport = (message: string): TreeValidationResult => ({
  ok: false,
  issues: [{ path: 'data', node_id: null, message, code: 'invalid' }],
});
