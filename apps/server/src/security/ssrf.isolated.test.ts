// Server-side request forgery through the AI provider base URL, in production mode (where the guard is
// on; AI_ALLOW_PRIVATE_BASE_URL is not set): loopback, private, link-local and metadata targets in every
// spelling, host names resolving to them (also after a DNS change), and redirects are refused, and the
// refused configuration is not stored.
import type * as Dns from 'node:dns';
import type * as DnsPromises from 'node:dns/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createGuardedFetch, RefusedAddressError } from '../lib/net/guarded-fetch.ts';
import { FAKE_API_KEY, useAiTestApp } from '../modules/ai/testing.ts';
import { expectError, snapshot } from './security.testing.ts';

/**
 * Attacker-controlled DNS, simulated: names under `.attacker.test` resolve as listed. `rebind` answers
 * a public address when the admin saves the URL (dns/promises) and loopback when the server connects
 * (dns.lookup), like a DNS-rebinding attack.
 */
const PUBLIC = '93.184.216.34';
const ATTACKER_DNS: Record<string, { save: string[]; connect: string[] }> = {
  'loopback.attacker.test': { save: ['127.0.0.1'], connect: ['127.0.0.1'] },
  'metadata.attacker.test': { save: ['169.254.169.254'], connect: ['169.254.169.254'] },
  'private.attacker.test': { save: ['10.0.0.5'], connect: ['10.0.0.5'] },
  'mixed.attacker.test': { save: [PUBLIC, '192.168.1.1'], connect: [PUBLIC, '192.168.1.1'] },
  'v6loop.attacker.test': { save: ['::1'], connect: ['::1'] },
  'rebind.attacker.test': { save: [PUBLIC], connect: ['127.0.0.1'] },
};
const family = (address: string) => (address.includes(':') ? 6 : 4);

vi.mock('node:dns/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof DnsPromises>();
  const lookup = async (hostname: string, options?: unknown) => {
    const entry = ATTACKER_DNS[hostname];
    if (!entry) return (actual.lookup as (h: string, o?: unknown) => Promise<unknown>)(hostname, options);
    return entry.save.map((address) => ({ address, family: family(address) }));
  };
  return { ...actual, lookup, default: { ...actual, lookup } };
});
vi.mock('node:dns', async (importOriginal) => {
  const actual = await importOriginal<typeof Dns>();
  const lookup = (hostname: string, options: unknown, callback?: unknown) => {
    const entry = ATTACKER_DNS[hostname];
    const cb = (typeof options === 'function' ? options : callback) as (
      e: Error | null,
      a: unknown,
      f?: number,
    ) => void;
    if (!entry) return (actual.lookup as (...args: unknown[]) => void)(hostname, options, callback);
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    const addresses = entry.connect.map((address) => ({ address, family: family(address) }));
    setImmediate(() => (all ? cb(null, addresses) : cb(null, addresses[0]!.address, addresses[0]!.family)));
  };
  return { ...actual, lookup, default: { ...actual, lookup } };
});

const ai = useAiTestApp({ NODE_ENV: 'production' });
beforeAll(() => {
  expect(ai.config.ai.allowPrivateBaseUrl).toBe(false);
});

const providers = () => snapshot(ai.app, ['ai_configs', 'ai_models']);
const createProvider = (base_url: string, extra: object = {}) =>
  ai.app.inject({
    method: 'POST',
    url: '/api/llm/deepseek-config/',
    headers: ai.admin.headers,
    payload: { name: 'p', base_url, api_key: FAKE_API_KEY, ...extra },
  });

const REFUSED = [
  'http://127.0.0.1/v1',
  'http://127.0.0.1:8650/api/',
  'http://127.1/v1',
  'http://localhost/v1',
  'http://LOCALHOST./v1',
  'http://api.localhost/v1',
  'http://metadata.google.internal/computeMetadata/v1',
  'http://10.0.0.1/v1',
  'http://10.255.255.255/v1',
  'http://172.16.5.4/v1',
  'http://192.168.0.1/v1',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]/v1',
  'http://[0:0:0:0:0:0:0:1]/v1',
  'http://[::ffff:127.0.0.1]/v1',
  'http://[::ffff:169.254.169.254]/v1',
  'http://[fd00:ec2::254]/v1',
  'http://0.0.0.0/v1',
  'http://0/v1',
  'http://2130706433/v1',
  'http://0x7f000001/v1',
  'http://0x7f.0.0.1/v1',
  'http://0177.0.0.1/v1',
  'http://017700000001/v1',
  'http://2852039166/latest',
  'http://user:pass@127.0.0.1/v1',
  'http://loopback.attacker.test/v1',
  'http://metadata.attacker.test/v1',
  'http://private.attacker.test/v1',
  'http://mixed.attacker.test/v1',
  'http://v6loop.attacker.test/v1',
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_INFO',
  'ftp://10.0.0.1/',
];

describe('saving a provider base URL in production', () => {
  it.each(REFUSED)('refuses %s with 400 on base_url and stores nothing', async (url) => {
    const before = await providers();
    const res = await createProvider(url);
    const body = expectError(res, 400, 'invalid');
    expect(Object.keys(body.fields as object)).toContain('base_url');
    expect(await providers()).toBe(before);
  });

  it('refuses moving an existing provider to a private address and keeps the old URL', async () => {
    const created = await createProvider('https://api.deepseek.com');
    expect(created.statusCode).toBe(201);
    const before = await providers();
    for (const base_url of ['http://169.254.169.254/', 'http://[::1]:8650/', 'http://loopback.attacker.test/v1']) {
      for (const method of ['PATCH', 'PUT'] as const) {
        const res = await ai.app.inject({
          method,
          url: `/api/llm/deepseek-config/${created.json().id}/`,
          headers: ai.admin.headers,
          payload: { name: 'p', base_url, api_key: FAKE_API_KEY },
        });
        expectError(res, 400, 'invalid');
      }
    }
    expect(await providers()).toBe(before);
  });

  it('accepts a public provider', async () => {
    expect((await createProvider('https://api.openai.com/v1')).statusCode).toBe(201);
  });
});

describe('calling a provider in production', () => {
  /** An active provider with a default chat model, stored as if the rules or DNS changed after saving. */
  async function activeProvider(baseUrl: string) {
    await ai.app.db.updateTable('ai_configs').set({ is_active: 0 }).execute();
    const created = await createProvider(baseUrl, { is_active: true });
    expect(created.statusCode, created.body).toBe(201);
    const model = await ai.app.inject({
      method: 'POST',
      url: '/api/llm/deepseek-models/',
      headers: ai.admin.headers,
      payload: { config: created.json().id, name: 'fake-chat', is_default: true },
    });
    expect(model.statusCode, model.body).toBe(201);
    return created.json().id as number;
  }
  const generate = () =>
    ai.app.inject({
      method: 'POST',
      url: '/api/llm/ai-content/generate_node/',
      headers: ai.user.headers,
      payload: { title: 'x', mode: 'content' },
    });

  it('refuses to connect when the host name resolves to loopback only at call time (DNS rebinding)', async () => {
    const port = new URL(ai.fake.url).port;
    const id = await activeProvider(`http://rebind.attacker.test:${port}/v1`);
    const seen = ai.fake.requests.length;
    const res = await generate();
    const body = expectError(res, 502, 'upstream_error');
    expect(String(body.detail)).toContain('resolves to a loopback');
    const test = await ai.app.inject({
      method: 'POST',
      url: `/api/llm/deepseek-config/${id}/test_connection/`,
      headers: ai.admin.headers,
      payload: {},
    });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ ok: false, models: [] });
    expect(ai.fake.requests.length).toBe(seen);
  });

  it('refuses to call a provider whose stored URL is a private IP literal', async () => {
    const id = await activeProvider('https://api.example.com/v1');
    await ai.app.db.updateTable('ai_configs').set({ base_url: ai.fake.url }).where('id', '=', id).execute();
    const seen = ai.fake.requests.length;
    expectError(await generate(), 502, 'upstream_error');
    expect(ai.fake.requests.length).toBe(seen);
  });
});

describe('the outbound guard itself', () => {
  it('refuses private targets before any connection, whatever the spelling', async () => {
    const guarded = createGuardedFetch({ allowPrivate: false });
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://2130706433/',
      'http://[::ffff:7f00:1]/',
      'http://loopback.attacker.test/',
      'http://rebind.attacker.test/',
    ]) {
      await expect(guarded(url), url).rejects.toBeInstanceOf(RefusedAddressError);
    }
  });

  it('never follows a redirect, so a provider cannot bounce the server to an internal address', async () => {
    let internalHits = 0;
    const internal = http.createServer((_req, res) => {
      internalHits += 1;
      res.end('secret');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/latest/meta-data/`;
    const redirector = http.createServer((_req, res) => {
      res.writeHead(302, { location: target });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      // Private addresses allowed here only so the redirector itself can be reached.
      const guarded = createGuardedFetch({ allowPrivate: true });
      const res = await guarded(`http://127.0.0.1:${(redirector.address() as AddressInfo).port}/v1/chat/completions`, {
        method: 'POST',
        body: '{}',
      });
      expect(res.status).toBe(302);
      expect(internalHits).toBe(0);
    } finally {
      await new Promise((resolve) => internal.close(resolve));
      await new Promise((resolve) => redirector.close(resolve));
    }
  });
});
