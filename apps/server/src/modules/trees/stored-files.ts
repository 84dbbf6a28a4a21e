import { randomBytes } from 'node:crypto';
import type { Deps, Logger } from '../../deps.ts';
import { safeError } from '../../lib/safe-error.ts';
import type { Storage } from '../../lib/storage/storage.ts';

/** Stores the file of a node image under a fresh key (`node-images/<random hex>.webp`); returns the key. */
export async function storeNodeImageFile(storage: Storage, body: Buffer, contentType: string): Promise<string> {
  const key = `node-images/${randomBytes(16).toString('hex')}.webp`;
  await storage.put(key, body, contentType);
  return key;
}

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

/**
 * Runs `work` (a transaction that stores files for the rows it writes), handing it a list to push
 * each stored file's key onto as soon as the file is written: when `work` throws, its rows are rolled
 * back and those files are deleted, so nothing is left half-written.
 */
export async function deletingFilesOnFailure<T>(
  deps: Pick<Deps, 'storage' | 'log'>,
  work: (stored: string[]) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    return await work(stored);
  } catch (error) {
    await deleteStoredFiles(deps.storage, stored, deps.log);
    throw error;
  }
}
