import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { insufficientStorage } from '../http-errors.ts';
import type { Storage } from './storage.ts';
import { isStorageKey } from './storage-key.ts';

/** errno codes of a full disk or an exhausted quota: answered as 507, not as a server error. */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

/** Stores files under `DATA_DIR/uploads`; writes go to a temp file first so nothing partial is ever served. */
export class DiskStorage implements Storage {
  private readonly root: string;
  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'uploads');
  }

  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error('invalid storage key');
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(temp, body, { flag: 'wx' });
      await rename(temp, target);
    } catch (error) {
      // A full disk leaves a partly written temp file: remove it, so it neither lingers nor holds the space.
      await rm(temp, { force: true });
      if (DISK_FULL.has((error as NodeJS.ErrnoException).code ?? '')) throw insufficientStorage();
      throw error;
    }
  }

  async get(key: string): Promise<{ body: Buffer; contentType: string } | null> {
    if (!isStorageKey(key)) return null;
    try {
      const body = await readFile(this.pathOf(key));
      return { body, contentType: TYPES[key.split('.').pop()!] ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await rm(this.pathOf(key), { force: true });
  }
}
