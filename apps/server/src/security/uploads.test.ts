// Hostile uploads to every endpoint that takes a file (node images, avatars, share covers): oversize,
// SVG with script, HTML posing as PNG, polyglots, path-traversal file names and pixel bombs. Files
// are judged by content, re-encoded to WebP under a server-generated name, and never served as
// HTML or SVG; a refused upload writes no file and no row.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_IMAGE_MAX_BYTES } from '@arbor/contract';
import { AVATAR_LIMITS } from '../modules/accounts/testing.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { CONTENT_TABLES, expectError, multipart, snapshot } from './security.testing.ts';

let t: TestApp;
let user: TestUser;
let treeId: number;
let png: Buffer;
let gif: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
  const data = {
    format: 1,
    nodes: [
      { id: 'root', parent_id: null, title: 'Uploads' },
      { id: 'a', parent_id: 'root', title: 'A' },
    ],
  };
  treeId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: user.headers,
      payload: { title: 'Uploads', data },
    })
  ).json().id;
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#993366' } })
    .gif()
    .toBuffer();
});
afterAll(async () => t?.close());

// ---- helpers -----------------------------------------------------------------------------------

const uploadsDir = () => path.join(t.database.dataDir, 'uploads');

/** Every file under the data folder (relative paths), to see what an upload wrote. */
function filesUnder(dir: string, prefix = ''): string[] {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}
const dataFiles = () => filesUnder(t.database.dataDir).filter((f) => !/^arbor\.db/.test(f) && !f.startsWith('outbox/'));
const state = async () => ({ db: await snapshot(t.app, CONTENT_TABLES), files: dataFiles().sort() });

function nodeImage(body: Buffer, filename = 'image.png', contentType = 'image/png') {
  const form = multipart({ tree: String(treeId), node_id: 'a' }, [{ field: 'image', filename, contentType, body }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/tree/node_image/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}
function avatar(body: Buffer, filename = 'avatar.png', contentType = 'image/png') {
  const form = multipart({}, [{ field: 'avatar', filename, contentType, body }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/profiles/upload_avatar/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}
function cover(dataUrl: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/community/trees-shared/share_tree/',
    headers: user.headers,
    payload: { tree: treeId, tags: ['x'], cover: dataUrl },
  });
}
const dataUrl = (type: string, body: Buffer) => `data:${type};base64,${body.toString('base64')}`;

/** Uploads through each endpoint; `expected` is the refusal every one must give. */
async function expectRefusedEverywhere(
  body: Buffer,
  expected: Array<[status: number, code: string]>,
  coverType = 'image/png',
) {
  const before = await state();
  for (const res of [await nodeImage(body), await avatar(body), await cover(dataUrl(coverType, body))]) {
    const pair = expected.find(([status]) => status === res.statusCode);
    expect(pair, `${res.statusCode} ${res.body.slice(0, 200)}`).toBeDefined();
    expectError(res, pair![0], pair![1]);
  }
  expect(await state()).toEqual(before);
}

/** The stored bytes of a media URL, read from the uploads folder. */
function storedBytes(url: string): Buffer {
  const key = new URL(url).pathname.replace(/^\/media\//, '');
  return readFileSync(path.join(uploadsDir(), key));
}

/** Stored and served bytes are a clean WebP: decodable, no markup left anywhere in them. */
async function expectCleanImage(url: string) {
  const bytes = storedBytes(url);
  expect((await sharp(bytes).metadata()).format).toBe('webp');
  const text = bytes.toString('latin1').toLowerCase();
  expect(text).not.toContain('<script');
  expect(text).not.toContain('<html');
  expect(text).not.toContain('alert(');
  const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect(String(served.headers['content-security-policy'])).toContain('sandbox');
  expect(served.rawPayload.equals(bytes)).toBe(true);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG file whose header declares width × height pixels (the pixel data is a few bytes). */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF header declaring a huge logical screen and image, with almost no data. */
function gifDeclaring(width: number, height: number): Buffer {
  const head = Buffer.from('GIF89a', 'latin1');
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  const descriptor = Buffer.alloc(10);
  descriptor.writeUInt8(0x2c, 0);
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  return Buffer.concat([head, screen, descriptor, Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b])]);
}

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

// ---- cases -------------------------------------------------------------------------------------

describe('size limits', () => {
  it('refuses a node image over 5 MB with 413 and writes nothing', async () => {
    const before = await state();
    const res = await nodeImage(Buffer.concat([png, Buffer.alloc(NODE_IMAGE_MAX_BYTES)]));
    expectError(res, 413, 'payload_too_large');
    expect(await state()).toEqual(before);
  });

  it('refuses an avatar over 2 MB with 413 and writes nothing', async () => {
    const before = await state();
    const res = await avatar(Buffer.concat([png, Buffer.alloc(AVATAR_LIMITS.maxBytes)]));
    expectError(res, 413, 'payload_too_large');
    expect(await state()).toEqual(before);
  });

  it('refuses a share cover over its limit with 400 or 413 and writes nothing', async () => {
    const before = await state();
    const res = await cover(dataUrl('image/png', Buffer.concat([png, Buffer.alloc(1.6 * 1024 * 1024)])));
    expect([400, 413]).toContain(res.statusCode);
    expectError(res, res.statusCode);
    expect(await state()).toEqual(before);
  });
});

describe('content that is not a raster image', () => {
  it('refuses an SVG with a script (415 for files, 400 for a cover data URL) and stores nothing', async () => {
    await expectRefusedEverywhere(
      SVG,
      [
        [415, 'unsupported_media_type'],
        [400, 'invalid'],
      ],
      'image/svg+xml',
    );
    // Posing as PNG does not help either.
    await expectRefusedEverywhere(SVG, [[415, 'unsupported_media_type']], 'image/png');
    const asSvg = multipart({ tree: String(treeId), node_id: 'a' }, [
      { field: 'image', filename: 'x.svg', contentType: 'image/svg+xml', body: SVG },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tree/node_image/',
      headers: { ...user.headers, ...asSvg.headers },
      payload: asSvg.payload,
    });
    expectError(res, 415, 'unsupported_media_type');
  });

  it('refuses HTML renamed to .png with 415 unsupported_media_type', async () => {
    await expectRefusedEverywhere(HTML, [[415, 'unsupported_media_type']]);
  });

  it('refuses a PNG signature followed by HTML (not decodable) with 400 or 415', async () => {
    const fake = Buffer.concat([png.subarray(0, 16), HTML]);
    await expectRefusedEverywhere(fake, [
      [400, 'invalid'],
      [415, 'unsupported_media_type'],
    ]);
  });

  it('never serves anything from /media but stored images: no SVG, HTML or file outside uploads', async () => {
    for (const url of [
      '/media/x.svg',
      '/media/avatars/x.html',
      '/media/node-images/x.svg',
      '/media/..%2farbor.db',
      '/media/node-images%2f..%2f..%2farbor.db',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/svg|html/);
    }
    // Dot segments are resolved before routing: they end at the web app, never at a file of DATA_DIR.
    for (const url of [
      '/media/../arbor.db',
      '/media/node-images/../../arbor.db',
      '/media/../../../../etc/passwd',
      '/media/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.rawPayload.subarray(0, 16).toString('latin1')).not.toContain('SQLite format');
      expect(res.body).not.toMatch(/^root:/);
      expect(res.headers['content-type']).not.toMatch(/^image\//);
    }
  });
});

describe('polyglots', () => {
  it('re-encodes a PNG with HTML/JS after its end into a clean WebP (node image, avatar, cover)', async () => {
    const polyglot = Buffer.concat([png, HTML, Buffer.from('/*'), SVG, Buffer.from('*/')]);
    const node = await nodeImage(polyglot);
    expect(node.statusCode).toBe(201);
    expect(node.json()).toMatchObject({ content_type: 'image/webp', width: 16, height: 16 });
    await expectCleanImage(node.json().url);
    const av = await avatar(polyglot);
    expect(av.statusCode).toBe(200);
    await expectCleanImage(av.json().avatar_url);
    const share = await cover(dataUrl('image/png', polyglot));
    expect(share.statusCode).toBeLessThan(300);
    await expectCleanImage(share.json().cover_url);
  });

  it('drops a script hidden in a PNG text chunk', async () => {
    const iend = png.length - 12;
    const text = pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>', 'latin1'));
    const withText = Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)]);
    expect((await sharp(withText).metadata()).width).toBe(16);
    const res = await nodeImage(withText);
    expect(res.statusCode).toBe(201);
    await expectCleanImage(res.json().url);
  });

  it('re-encodes a GIF followed by HTML into a clean WebP', async () => {
    const res = await nodeImage(Buffer.concat([gif, HTML]), 'x.gif', 'image/gif');
    expect(res.statusCode).toBe(201);
    await expectCleanImage(res.json().url);
  });
});

describe('file names', () => {
  it.each([
    ['a relative path out of the folder', '../../etc/passwd.png'],
    ['an encoded relative path', '..%2f..%2f..%2fetc%2fpasswd.png'],
    ['a Windows path', '..\\..\\Windows\\win.ini.png'],
    ['an absolute path', '/etc/passwd.png'],
    ['a NUL byte', 'evil.png\u0000.html'],
    ['a 10,000-character name', `${'a'.repeat(10_000)}.png`],
    ['a name with a right-to-left override', 'gnp.\u202eexe.png'],
    ['a name with markup', '"><img src=x onerror=alert(1)>.png'],
  ])(
    'stores an upload named with %s under a server-generated name inside the uploads folder',
    async (_what, filename) => {
      const before = dataFiles();
      const res = await nodeImage(png, filename);
      expect(res.statusCode).toBe(201);
      const url = res.json().url as string;
      expect(new URL(url).pathname).toMatch(/^\/media\/node-images\/[0-9a-f]{32}\.webp$/);
      expect(res.body).not.toContain('passwd');
      expect(res.body).not.toContain('onerror');
      const added = dataFiles().filter((f) => !before.includes(f));
      expect(added).toEqual([`uploads/${new URL(url).pathname.slice('/media/'.length)}`]);
      // Nothing next to or above the data folder either.
      for (const outside of ['../../etc/passwd.png', '../etc/passwd.png', '../passwd.png']) {
        expect(() => statSync(path.resolve(uploadsDir(), outside))).toThrow();
      }
    },
  );

  it('keeps avatar names server-generated too', async () => {
    const res = await avatar(png, '../../../avatars/admin.png');
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar).toMatch(/^avatars\/[0-9a-f]{32}\.webp$/);
  });
});

describe('malformed multipart bodies', () => {
  const post = (url: string, headers: Record<string, string>, payload: string | Buffer) =>
    t.app.inject({ method: 'POST', url, headers: { ...user.headers, ...headers }, payload });

  it('answers 400 for a body without boundary, cut short or not matching its boundary, and writes nothing', async () => {
    const before = await state();
    const good = multipart({ tree: String(treeId), node_id: 'a' }, [
      { field: 'image', filename: 'a.png', contentType: 'image/png', body: png },
    ]);
    const avatarForm = multipart({}, [{ field: 'avatar', filename: 'a.png', contentType: 'image/png', body: png }]);
    for (const [url, form] of [
      ['/api/tree/node_image/', good],
      ['/api/profile/profiles/upload_avatar/', avatarForm],
    ] as const) {
      for (const [headers, payload] of [
        [{ 'content-type': 'multipart/form-data' }, form.payload],
        [form.headers, form.payload.subarray(0, 150)],
        [form.headers, form.payload.subarray(0, form.payload.length - 40)],
        [{ 'content-type': 'multipart/form-data; boundary=other' }, form.payload],
        [form.headers, Buffer.from('{"tree": 1}')],
        [
          form.headers,
          Buffer.from(
            form.payload.toString('latin1').replace('Content-Disposition', 'Content-Disposition\u0000'),
            'latin1',
          ),
        ],
      ] as const) {
        const res = await post(url, headers, payload);
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(400);
        expectError(res, 400, 'invalid');
      }
    }
    expect(await state()).toEqual(before);
  });

  it('answers 413 for more files or fields than a form has, and writes nothing', async () => {
    const before = await state();
    const twoFiles = multipart({ tree: String(treeId), node_id: 'a' }, [
      { field: 'image', filename: 'a.png', contentType: 'image/png', body: png },
      { field: 'image', filename: 'b.png', contentType: 'image/png', body: png },
    ]);
    expectError(await post('/api/tree/node_image/', twoFiles.headers, twoFiles.payload), 413, 'payload_too_large');
    const manyFields = multipart(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, 'x'])), [
      { field: 'avatar', filename: 'a.png', contentType: 'image/png', body: png },
    ]);
    expectError(
      await post('/api/profile/profiles/upload_avatar/', manyFields.headers, manyFields.payload),
      413,
      'payload_too_large',
    );
    expect(await state()).toEqual(before);
  });
});

describe('pixel bombs', () => {
  it.each([
    ['a PNG declaring 30000×30000', () => pngDeclaring(30_000, 30_000)],
    ['a PNG declaring 100000×100000', () => pngDeclaring(100_000, 100_000)],
    ['a PNG declaring 1×2000000000', () => pngDeclaring(1, 2_000_000_000)],
    ['a GIF declaring 65535×65535', () => gifDeclaring(65_535, 65_535)],
  ])('refuses %s with a clear 400 everywhere, without decoding it', async (_what, make) => {
    const bomb = make();
    expect(bomb.length).toBeLessThan(4096);
    const rss = process.memoryUsage().rss;
    await expectRefusedEverywhere(bomb, [[400, 'invalid']]);
    // Decoding 30000×30000 pixels would need gigabytes; a header check needs next to nothing.
    expect(process.memoryUsage().rss - rss).toBeLessThan(512 * 1024 * 1024);
  });

  it('names the dimension limit in the refusal', async () => {
    const res = await nodeImage(pngDeclaring(30_000, 30_000));
    expect(res.json().detail).toMatch(/dimensions|pixels|could not be read/i);
  });
});
