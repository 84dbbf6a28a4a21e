import type { Logger } from '../../deps.ts';
import { safeError } from '../../lib/safe-error.ts';
import type { Storage } from '../../lib/storage/storage.ts';

/**
 * Deletes stored files after their rows are gone. A failure only leaves an unreferenced file
 * behind (logged), never a row pointing at a missing file, so it must not fail the request.
 */
export async function deleteStoredFiles(storage: Storage, keys: string[], log: Logger): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const result of results) {
    if (result.status === 'rejected')
      log.warn({ err: safeError(result.reason) }, 'could not delete a stored node image');
  }
}
