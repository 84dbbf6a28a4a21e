import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import type { Storage } from './storage.ts';
import { isStorageKey } from './storage-key.ts';

type S3Config = NonNullable<Config['s3']>;

/** True when S3 answered that the object is not there (NoSuchKey on GET, or a bare 404). */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/**
 * Stores files in an S3-compatible bucket (AWS, MinIO, s3rver), so several app processes share
 * uploads. Objects are written whole by PUT, so a reader never sees a partial file.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    if (!isStorageKey(key)) throw new Error('invalid storage key');
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<{ body: Buffer; contentType: string } | null> {
    if (!isStorageKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = await object.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the client's connections (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}
