import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, createUser, type TestApp } from '../../testing/test-app.ts';
import { S3Storage } from './s3-storage.ts';
import { createStorage } from './create-storage.ts';

const BUCKET = 'arbor-test';
let server: S3rver;
let directory: string;
let env: Record<string, string>;

beforeAll(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'arbor-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
});
afterAll(async () => {
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('S3 storage', () => {
  it('is chosen when S3 is configured', () => {
    const config = loadConfig({ DATA_DIR: directory, ...env });
    const storage = createStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    (storage as S3Storage).destroy();
  });

  it('puts, gets and deletes objects, and answers null for a missing one', async () => {
    const storage = createStorage(loadConfig({ DATA_DIR: directory, ...env })) as S3Storage;
    try {
      const body = Buffer.from('RIFF....WEBPVP8 fake bytes');
      await storage.put('node-images/abc123.webp', body, 'image/webp');
      expect(await storage.get('node-images/abc123.webp')).toEqual({ body, contentType: 'image/webp' });
      await storage.delete('node-images/abc123.webp');
      expect(await storage.get('node-images/abc123.webp')).toBeNull();
      expect(await storage.get('../etc/passwd')).toBeNull();
      await expect(storage.put('Bad Key.html', body, 'text/html')).rejects.toThrow();
    } finally {
      storage.destroy();
    }
  });

  describe('behind the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(env);
    });
    afterAll(async () => t?.close());

    it('stores node images in the bucket and serves them from /media', async () => {
      const user = await createUser(t.app);
      const tree = (
        await t.app.inject({
          method: 'POST',
          url: '/api/tree/skills_tree/',
          headers: user.headers,
          payload: { title: 'S3' },
        })
      ).json();
      const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#00aa00' } })
        .png()
        .toBuffer();
      const boundary = 'arbor-s3-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="tree"\r\n\r\n${tree.id}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="node_id"\r\n\r\nroot\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tree/node_image/',
        headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode).toBe(201);
      const key = new URL(res.json().url).pathname.replace('/media/', '');
      const inBucket = await t.app.storage.get(key);
      expect(inBucket?.contentType).toBe('image/webp');
      const served = await t.app.inject({ method: 'GET', url: `/media/${key}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.equals(inBucket!.body)).toBe(true);
    });
  });
});
