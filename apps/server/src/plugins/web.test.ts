import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const webDist = mkdtempSync(path.join(os.tmpdir(), 'arbor-web-compressed-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
// About the size of the real page (inline splash styles), above the on-the-fly compression threshold.
const html = `<!doctype html><html lang="zh-CN"><head><style>${'#splash{display:flex}'.repeat(100)}</style></head><div id="root"></div></html>`;

beforeAll(async () => {
  // What the production build writes: each text asset with its `.br` and `.gz` variants.
  mkdirSync(path.join(webDist, 'assets'));
  for (const [file, body] of [
    ['index.html', html],
    [path.join('assets', 'index-abc123.js'), script],
  ] as const) {
    writeFileSync(path.join(webDist, file), body);
    writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(body));
  }
  writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  // The service worker and the web manifest (apps/web/vite/pwa.ts), the worker with its variants.
  const worker = `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`;
  writeFileSync(path.join(webDist, 'sw.js'), worker);
  writeFileSync(path.join(webDist, 'sw.js.br'), brotliCompressSync(worker));
  writeFileSync(path.join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Arbor', start_url: '/learn' }));
  // The landing page prerendered per language, and the hash of the page's inline script.
  mkdirSync(path.join(webDist, 'prerendered'));
  for (const locale of ['zh-CN', 'en-US', 'ja-JP'])
    writeFileSync(
      path.join(webDist, 'prerendered', `index.${locale}.html`),
      `<html lang="${locale}" data-prerendered>`,
    );
  writeFileSync(
    path.join(webDist, 'csp.json'),
    JSON.stringify({ scriptHashes: ["'sha256-abc+/def='", "'unsafe-inline'"] }),
  );
  writeFileSync(
    path.join(webDist, 'route-preloads.json'),
    JSON.stringify([{ pattern: '^/trees/[^/]+/?$', js: ['assets/TreeEditorPage-abc.js', 'assets/flow-def.js'] }]),
  );
  // The client router's paths, as the build lists them (apps/web/vite.config.ts `routes.json`).
  writeFileSync(
    path.join(webDist, 'routes.json'),
    JSON.stringify([
      '^/$',
      '^/community/?$',
      '^/community/[^/]+/?$',
      '^/settings/?$',
      '^/trees/?$',
      '^/trees/[^/]+/?$',
    ]),
  );
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => t?.close());

describe('compressed web assets', () => {
  it('sends the prebuilt brotli variant of a hashed asset to a browser that accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the landing page prerendered, in the language of the locale cookie (zh-CN without one)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.body).toBe('<html lang="zh-CN" data-prerendered>');
    expect(plain.headers.vary).toContain('cookie');
    const japanese = await t.app.inject({
      method: 'GET',
      url: '/?ref=x',
      headers: { cookie: 'theme=dark; arbor_locale=ja-JP' },
    });
    expect(japanese.body).toBe('<html lang="ja-JP" data-prerendered>');
    const unknown = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'arbor_locale=../../etc' } });
    expect(unknown.body).toBe('<html lang="zh-CN" data-prerendered>');
    // Other pages are rendered by the browser.
    const other = await t.app.inject({ method: 'GET', url: '/community', headers: { cookie: 'arbor_locale=ja-JP' } });
    expect(other.body).toBe(html);
  });

  it('allows the build’s inline script by its hash and nothing else inline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/community' });
    const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe("'self' 'sha256-abc+/def='");
  });

  it('compresses the app page too, for client routes', async () => {
    for (const url of ['/community', '/settings']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/settings' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('announces a route’s own modules in its page, compressed on the fly', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/trees/0b9a6c1e-1f1a-4c1e-9d1e-1a2b3c4d5e6f?x=1',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const page = brotliDecompressSync(res.rawPayload).toString();
    expect(page).toContain(
      '<link rel="x-arbor-modulepreload" href="/assets/TreeEditorPage-abc.js"><link rel="x-arbor-modulepreload" href="/assets/flow-def.js"></head>',
    );
    const other = await t.app.inject({ method: 'GET', url: '/trees' });
    expect(other.body).not.toContain('modulepreload');
  });

  it('answers a path the client router has no page for with the app page (its 404 view) and the 404 status', async () => {
    for (const url of ['/no-such-page', '/trees/abc/nothing-here?x=1', '/communityx']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(html);
    }
    for (const url of ['/community', '/community/not-a-uuid', '/trees/', '/settings?tab=x']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('serves robots.txt from the build, not the app page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /api/');
  });
});

describe('the service worker and the web manifest', () => {
  it('are revalidated on every visit, so a new version is found at once', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/javascript/);
    }
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ start_url: '/learn' });
  });

  it('keeps the hour-long cache of the other unhashed files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});
