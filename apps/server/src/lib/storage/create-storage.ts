import type { Config } from '../../config.ts';
import { DiskStorage } from './disk-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** Disk under `DATA_DIR/uploads` unless S3 is configured (`S3_*`). */
export function createStorage(config: Config): Storage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(config.dataDir);
}
