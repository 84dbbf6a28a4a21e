import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';

/**
 * A full disk under `DATA_DIR/uploads` while a node image is stored: the API answers 507
 * `insufficient_storage`, leaves no partial file behind and writes no `node_images` row.
 * Two ways to fill the disk: a failure injected into the write (everywhere), and a real 64 KiB
 * tmpfs mounted over the uploads folder (only where this process may mount, e.g. as root).
 */

// Injected failure: the write to the temp file gets half its bytes onto the disk, then ENOSPC.
const injection = vi.hoisted(() => ({ diskFull: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const writeFile: typeof actual.writeFile = async (file, data, options) => {
    if (injection.diskFull && String(file).includes(`${path.sep}uploads${path.sep}`) && Buffer.isBuffer(data)) {
      await actual.writeFile(file, data.subarray(0, data.length >> 1), options);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    }
    return actual.writeFile(file, data, options);
  };
  return { ...actual, default: { ...actual, writeFile }, writeFile };
});

let t: TestApp;
let user: TestUser;
let treeId: number;
let uploads: string;

beforeAll(async () => {
  t = await createTestApp();
  uploads = path.join(t.config.dataDir, 'uploads');
  user = await createUser(t.app);
  treeId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: user.headers,
      payload: { title: 'Full disk' },
    })
  ).json().id;
});
afterAll(async () => t?.close());

/** Every file (not folder) under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

async function uploadNodeImage(image: Buffer) {
  const boundary = 'arbor-disk-full-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="tree"\r\n\r\n${treeId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="node_id"\r\n\r\nroot\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="n.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/tree/node_image/',
    headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const smallPng = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#cc3300' } })
    .png()
    .toBuffer();
/** Noise does not compress: its WebP is far larger than 64 KiB. */
const noisyPng = () =>
  sharp({
    create: {
      width: 600,
      height: 600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

const imageRows = async () => t.app.db.selectFrom('node_images').select('id').where('tree_id', '=', treeId).execute();

function expectDiskFullAnswer(res: Awaited<ReturnType<typeof uploadNodeImage>>) {
  expect(res.statusCode).toBe(507);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toEqual({ code: 'insufficient_storage', detail: expect.any(String) });
  expect(body.detail).not.toMatch(/ENOSPC|uploads|\/tmp\//);
}

describe('uploading a node image onto a full disk', () => {
  it('answers 507 insufficient_storage when the write fails midway, leaving no partial file and no row', async () => {
    injection.diskFull = true;
    let res;
    try {
      res = await uploadNodeImage(await smallPng());
    } finally {
      injection.diskFull = false;
    }
    expectDiskFullAnswer(res);
    expect(filesUnder(uploads)).toEqual([]);
    expect(await imageRows()).toEqual([]);

    // Once there is room again the same upload is stored normally.
    const retry = await uploadNodeImage(await smallPng());
    expect(retry.statusCode).toBe(201);
    expect(filesUnder(uploads)).toEqual([new URL(retry.json().url).pathname.replace('/media/', '')]);
    expect(await imageRows()).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: `/api/tree/node_image/${retry.json().id}/`, headers: user.headers });
    expect(filesUnder(uploads)).toEqual([]);
  });

  it('answers 507 on a real 64 KiB filesystem and frees what it partly wrote', async (context) => {
    mkdirSync(uploads, { recursive: true });
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', uploads], { stdio: 'ignore' });
    if (mounted.status !== 0)
      context.skip('cannot mount a tmpfs here (needs root); the injected failure above covers the driver');
    try {
      const res = await uploadNodeImage(await noisyPng());
      expectDiskFullAnswer(res);
      expect(filesUnder(uploads)).toEqual([]);
      expect(await imageRows()).toEqual([]);

      // The partial temp file was removed, so its space is free: a small image still fits.
      const small = await uploadNodeImage(await smallPng());
      expect(small.statusCode).toBe(201);
      expect(filesUnder(uploads)).toHaveLength(1);
      const served = await t.app.inject({ method: 'GET', url: new URL(small.json().url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBe(small.json().bytes);
    } finally {
      if (spawnSync('umount', [uploads], { stdio: 'ignore' }).status !== 0)
        spawnSync('umount', ['-l', uploads], { stdio: 'ignore' });
    }
  });
});
