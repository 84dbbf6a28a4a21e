import os from 'node:os';
import { lookup } from 'node:dns/promises';
import { describe, expect, it } from 'vitest';
import { isNonPublicAddress } from '../../lib/net/address-policy.ts';
import { call } from '../../testing/call.ts';
import { FAKE_API_KEY, useAiTestApp } from './ai.testing.ts';

/** Production mode without AI_ALLOW_PRIVATE_BASE_URL: private targets are refused. */
const ai = useAiTestApp({ NODE_ENV: 'production' });

const createProvider = (base_url: string) =>
  call(ai.app, ai.admin, 'POST', '/api/llm/deepseek-config/', { name: 'p', base_url, api_key: FAKE_API_KEY });

describe('base URL refusal in production', () => {
  it.each([
    'http://127.0.0.1:8660/v1',
    'http://localhost:11434/v1',
    'http://169.254.169.254/latest',
    'http://10.1.2.3/v1',
    'http://172.16.0.9/v1',
    'http://192.168.1.10/v1',
    'http://100.64.1.1/v1',
    'http://0.0.0.0/v1',
    'http://[::1]:8660/v1',
    'http://[fd12:3456::1]/v1',
    'http://[fe80::1]/v1',
    'http://[::ffff:127.0.0.1]/v1',
    'http://[::ffff:a9fe:a9fe]/v1',
    // IPv4-compatible IPv6 (deprecated, ::/96): the URL parser writes [::127.0.0.1] as [::7f00:1]
    'http://[::127.0.0.1]/v1',
    'http://[::a9fe:a9fe]/v1',
    'http://[0:0:0:0:0:0:10.0.0.1]/v1',
    'http://2130706433/v1',
  ])('refuses %s', async (url) => {
    const res = await createProvider(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.base_url[0]).toContain('not allowed');
  });

  it('names AI_ALLOW_PRIVATE_BASE_URL in the refusal of a loopback provider, wholly in the reader’s language', async () => {
    const refusal = async (locale: string) => {
      const res = await ai.app.inject({
        method: 'POST',
        url: '/api/llm/deepseek-config/',
        headers: { ...ai.admin.headers, 'accept-language': locale },
        payload: { name: 'p', base_url: 'http://127.0.0.1:8660/v1', api_key: FAKE_API_KEY },
      });
      expect(res.statusCode).toBe(400);
      return res.json().fields.base_url[0] as string;
    };
    const english = await refusal('en-US');
    expect(english).toContain('AI_ALLOW_PRIVATE_BASE_URL=1');
    for (const locale of ['zh-CN', 'ja-JP']) {
      const translated = await refusal(locale);
      expect(translated).toContain('AI_ALLOW_PRIVATE_BASE_URL=1');
      // No English left but the setting's name.
      expect(translated.replace('AI_ALLOW_PRIVATE_BASE_URL=1', '').replace(/Arbor|AI/g, '')).not.toMatch(
        /[A-Za-z]{3,}/,
      );
    }
  });

  it('refuses a host name that resolves to a private address', async () => {
    const name = os.hostname();
    const addresses = await lookup(name, { all: true }).catch(() => []);
    if (!addresses.length || !addresses.every((a) => isNonPublicAddress(a.address))) return;
    const res = await createProvider(`http://${name}:8660/v1`);
    expect(res.statusCode).toBe(400);
  });

  it('accepts a public provider', async () => {
    const res = await createProvider('https://api.deepseek.com');
    expect(res.statusCode).toBe(201);
  });
});

describe('call-time refusal in production', () => {
  async function activeProviderAt(baseUrl: string) {
    const created = (await createProvider('https://api.example.com/v1')).json();
    await call(ai.app, ai.admin, 'PATCH', `/api/llm/deepseek-config/${created.id}/`, { is_active: true });
    await call(ai.app, ai.admin, 'POST', '/api/llm/deepseek-models/', { config: created.id, name: 'fake-chat' });
    // Stored before the rules tightened, or via DNS that changed since: the call itself must refuse.
    await ai.app.db.updateTable('ai_configs').set({ base_url: baseUrl }).where('id', '=', created.id).execute();
  }

  /** A generation call answers 502 with `detail` and never reaches the provider. */
  async function expectGenerationRefused(detail: string) {
    const before = ai.fake.requests.length;
    const res = await call(ai.app, ai.user, 'POST', '/api/llm/ai-content/generate_node/', {
      title: 'x',
      mode: 'content',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toContain(detail);
    expect(ai.fake.requests.length).toBe(before);
  }

  it('refuses to call a provider stored with a private IP and logs the refusal', async () => {
    await activeProviderAt(ai.fake.url);
    await expectGenerationRefused('not allowed');
    const row = await ai.app.db
      .selectFrom('ai_request_logs')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'error', user_id: ai.user.id });
  });

  it('refuses at connect time a host name resolving to a private address', async () => {
    const name = os.hostname();
    const addresses = await lookup(name, { all: true }).catch(() => []);
    if (!addresses.length || !addresses.every((a) => isNonPublicAddress(a.address))) return;
    await activeProviderAt(ai.fake.url.replace('127.0.0.1', name));
    await expectGenerationRefused('resolves to a loopback');
  });
});
