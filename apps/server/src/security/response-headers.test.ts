// Error answers to hostile requests carry the same security headers as every other response (API.md:
// CSP, nosniff, frame denial), reveal no server software, and no path redirects off-site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const REQUESTS: Array<[what: string, method: 'GET' | 'POST', url: string, payload?: string]> = [
  ['an unknown API path (404)', 'GET', '/api/does-not-exist/'],
  ['a call without token (401)', 'GET', '/api/tree/skills_tree/'],
  ['a forged token (401)', 'GET', '/api/profile/users/me/'],
  ['a body over the limit (413)', 'POST', '/api/token/', `{"username":"${'x'.repeat(8 * 1024 * 1024)}"}`],
  ['broken JSON (400)', 'POST', '/api/token/', '{"username":'],
  ['a missing media file (404)', 'GET', '/media/node-images/0000.webp'],
  ['a protocol-relative path', 'GET', '//evil.example/'],
  ['a backslash path', 'GET', '/\\evil.example/'],
  ['an encoded protocol-relative path', 'GET', '/%2f%2fevil.example/'],
];

describe('security headers on hostile requests', () => {
  it.each(REQUESTS)(
    'are present on the answer to %s, with no off-site redirect',
    async (_what, method, url, payload) => {
      const res = await t.app.inject({
        method,
        url,
        payload,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          authorization: 'Bearer forged.token.value',
        },
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers.server).toBeUndefined();
      const location = res.headers.location;
      if (location)
        expect(new URL(String(location), t.config.publicBaseUrl).origin).toBe(new URL(t.config.publicBaseUrl).origin);
    },
  );
});
