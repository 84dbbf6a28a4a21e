import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../testing/test-app.ts';
import { pickEncoding } from './compression.ts';

let t: TestApp;
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `node ${i}` })) };

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      async extraRoutes(app) {
        app.get('/api/_test/big/', async () => big);
        app.get('/api/_test/small/', async () => ({ ok: true }));
        app.get('/api/_test/image/', async (_request, reply) => reply.type('image/webp').send(Buffer.alloc(4096, 7)));
      },
    },
  );
});
afterAll(async () => t?.close());

describe('response compression', () => {
  it('sends a large JSON answer brotli-compressed to a client that accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/_test/big/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(big);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('falls back to gzip, and to no compression when none is accepted', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/api/_test/big/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
    const plain = await t.app.inject({ method: 'GET', url: '/api/_test/big/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
  });

  it('leaves small answers and images as they are', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/_test/small/', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const image = await t.app.inject({ method: 'GET', url: '/api/_test/image/', headers: { 'accept-encoding': 'br' } });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(4096);
  });

  it('compresses a tree document, which is sent as JSON', async () => {
    const user = await createUser(t.app);
    const nodes = [
      { id: 'root', parent_id: null, title: 'root' },
      ...Array.from({ length: 100 }, (_, i) => ({ id: `n${i}`, parent_id: 'root', title: `node ${i}` })),
    ];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: user.headers,
      payload: { title: 'Compressed', data: { format: 1, layout: { direction: 'TB' }, nodes, links: [] } },
    });
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tree/skills_tree/get_data_by_uuid/?uuid=${created.json<{ uuid: string }>().uuid}`,
      headers: { ...user.headers, 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).data.nodes).toHaveLength(101);
  });

  it('honours q=0 in Accept-Encoding', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
