import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/test-app.ts';
import { call as callApi, type HttpMethod } from '../../testing/call.ts';
import { FAKE_API_KEY, useAiTestApp } from './ai.testing.ts';
import { seedDefaultPrompts } from './prompts.service.ts';

const ai = useAiTestApp({ AI_ALLOW_PRIVATE_BASE_URL: '1' });

const call = (method: HttpMethod, url: string, who: TestUser | null, payload?: object) =>
  callApi(ai.app, who, method, url, payload);

async function createProvider(fields: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/llm/deepseek-config/', ai.admin, {
    name: 'Provider',
    base_url: ai.fake.url,
    api_key: FAKE_API_KEY,
    ...fields,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('providers (deepseek-config)', () => {
  it('lets an admin create, read, update and delete a provider, masking the key', async () => {
    const created = await createProvider({ timeout_s: 30 });
    expect(created).toMatchObject({
      name: 'Provider',
      base_url: ai.fake.url,
      api_key: 'sk-…cdef',
      is_active: false,
      timeout_s: 30,
    });

    const read = await call('GET', `/api/llm/deepseek-config/${created.id}/`, ai.admin);
    expect(read.json().api_key).toBe('sk-…cdef');
    const list = await call('GET', '/api/llm/deepseek-config/', ai.admin);
    expect(list.json().results.map((c: { id: number }) => c.id)).toContain(created.id);
    expect(list.body).not.toContain(FAKE_API_KEY);

    const patched = await call('PATCH', `/api/llm/deepseek-config/${created.id}/`, ai.admin, {
      name: 'Renamed',
      api_key: 'sk-other-key-9999',
    });
    expect(patched.json()).toMatchObject({ name: 'Renamed', api_key: 'sk-…9999' });
    const put = await call('PUT', `/api/llm/deepseek-config/${created.id}/`, ai.admin, { timeout_s: 5 });
    expect(put.json()).toMatchObject({ name: 'Renamed', timeout_s: 5, api_key: 'sk-…9999' });

    expect((await call('DELETE', `/api/llm/deepseek-config/${created.id}/`, ai.admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/llm/deepseek-config/${created.id}/`, ai.admin)).statusCode).toBe(404);
  });

  it('stores the key encrypted, never in plain text', async () => {
    const created = await createProvider();
    const row = await ai.app.db
      .selectFrom('ai_configs')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(FAKE_API_KEY);
    expect(row.api_key_sealed).toMatch(/^v1\./);
  });

  it('keeps at most one provider active', async () => {
    const a = await createProvider({ is_active: true });
    const b = await createProvider({ is_active: true });
    const active = await ai.app.db.selectFrom('ai_configs').select('id').where('is_active', '=', 1).execute();
    expect(active.map((r) => r.id)).toEqual([b.id]);
    await call('PATCH', `/api/llm/deepseek-config/${a.id}/`, ai.admin, { is_active: true });
    const after = await ai.app.db.selectFrom('ai_configs').select('id').where('is_active', '=', 1).execute();
    expect(after.map((r) => r.id)).toEqual([a.id]);
  });

  it('refuses a base URL that is not http or https', async () => {
    const res = await call('POST', '/api/llm/deepseek-config/', ai.admin, {
      name: 'x',
      base_url: 'file:///etc/passwd',
      api_key: 'k',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.base_url).toBeDefined();
  });

  it('answers 403 to users and 401 to anonymous callers on every provider call', async () => {
    const created = await createProvider();
    for (const [method, url] of [
      ['GET', '/api/llm/deepseek-config/'],
      ['POST', '/api/llm/deepseek-config/'],
      ['GET', `/api/llm/deepseek-config/${created.id}/`],
      ['PATCH', `/api/llm/deepseek-config/${created.id}/`],
      ['PUT', `/api/llm/deepseek-config/${created.id}/`],
      ['DELETE', `/api/llm/deepseek-config/${created.id}/`],
      ['POST', `/api/llm/deepseek-config/${created.id}/test_connection/`],
    ] as const) {
      expect((await call(method, url, ai.user, {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, null, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('tests a connection by listing the upstream models, with the decrypted key', async () => {
    const created = await createProvider();
    const res = await call('POST', `/api/llm/deepseek-config/${created.id}/test_connection/`, ai.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, models: ['fake-chat', 'fake-image'] });
    expect(ai.fake.requests.at(-1)).toMatchObject({ path: '/v1/models', apiKey: FAKE_API_KEY });
  });

  it('reports a failing connection test without an error status', async () => {
    const created = await createProvider();
    ai.fake.setMode('server_error', { times: 2 });
    const res = await call('POST', `/api/llm/deepseek-config/${created.id}/test_connection/`, ai.admin);
    expect(res.json()).toMatchObject({ ok: false, detail: expect.stringContaining('500') });
  });
});

describe('models (deepseek-models)', () => {
  it('lets an admin manage models and keeps one default per provider and kind', async () => {
    const provider = await createProvider();
    const add = (fields: object) =>
      call('POST', '/api/llm/deepseek-models/', ai.admin, { config: provider.id, ...fields });
    const first = (await add({ name: 'chat-a', is_default: true })).json();
    expect(first).toMatchObject({
      config: provider.id,
      name: 'chat-a',
      display_name: 'chat-a',
      kind: 'chat',
      is_default: true,
      is_active: true,
    });
    const second = (
      await add({ name: 'chat-b', display_name: 'Chat B', is_default: true, temperature: 0.3, max_tokens: 500 })
    ).json();
    expect(second).toMatchObject({ display_name: 'Chat B', temperature: 0.3, max_tokens: 500 });
    expect((await call('GET', `/api/llm/deepseek-models/${first.id}/`, ai.admin)).json().is_default).toBe(false);

    expect((await add({ name: 'chat-a' })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/llm/deepseek-models/', ai.admin, { config: 999999, name: 'x' })).json().fields.config,
    ).toBeDefined();

    const patched = await call('PATCH', `/api/llm/deepseek-models/${first.id}/`, ai.admin, { is_active: false });
    expect(patched.json().is_active).toBe(false);
    expect((await call('DELETE', `/api/llm/deepseek-models/${first.id}/`, ai.admin)).statusCode).toBe(204);
  });

  it('shows users only active models of the active provider, read-only', async () => {
    const provider = await createProvider({ is_active: true });
    const add = (fields: object) =>
      call('POST', '/api/llm/deepseek-models/', ai.admin, { config: provider.id, ...fields });
    const visible = (await add({ name: 'visible' })).json();
    const hidden = (await add({ name: 'hidden', is_active: false })).json();
    const inactiveProvider = await createProvider();
    const elsewhere = (
      await call('POST', '/api/llm/deepseek-models/', ai.admin, { config: inactiveProvider.id, name: 'elsewhere' })
    ).json();

    const list = await call('GET', '/api/llm/deepseek-models/', ai.user);
    const ids = list.json().results.map((m: { id: number }) => m.id);
    expect(ids).toContain(visible.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(elsewhere.id);
    expect((await call('GET', `/api/llm/deepseek-models/${hidden.id}/`, ai.user)).statusCode).toBe(404);
    expect((await call('GET', `/api/llm/deepseek-models/${visible.id}/`, ai.user)).statusCode).toBe(200);
    expect(
      (await call('GET', '/api/llm/deepseek-models/', ai.admin)).json().results.map((m: { id: number }) => m.id),
    ).toContain(hidden.id);

    expect(
      (await call('POST', '/api/llm/deepseek-models/', ai.user, { config: provider.id, name: 'mine' })).statusCode,
    ).toBe(403);
    expect((await call('PATCH', `/api/llm/deepseek-models/${visible.id}/`, ai.user, { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/llm/deepseek-models/${visible.id}/`, ai.user)).statusCode).toBe(403);
  });

  it('drops the models of a deleted provider', async () => {
    const provider = await createProvider();
    const model = (
      await call('POST', '/api/llm/deepseek-models/', ai.admin, { config: provider.id, name: 'gone' })
    ).json();
    await call('DELETE', `/api/llm/deepseek-config/${provider.id}/`, ai.admin);
    expect((await call('GET', `/api/llm/deepseek-models/${model.id}/`, ai.admin)).statusCode).toBe(404);
  });
});

describe('prompts', () => {
  it('seeds the shipped prompts in three languages, idempotently and without overwriting edits', async () => {
    await seedDefaultPrompts(ai.app.deps);
    const list = await call('GET', '/api/llm/prompts/?key=node_content&page_size=100', ai.admin);
    expect(
      list
        .json()
        .results.map((p: { language: string }) => p.language)
        .sort(),
    ).toEqual(['en-US', 'ja-JP', 'zh-CN']);
    const english = list.json().results.find((p: { language: string }) => p.language === 'en-US');
    expect(english.variables).toEqual(expect.arrayContaining(['title', 'path', 'content', 'language']));

    await call('PATCH', `/api/llm/prompts/${english.id}/`, ai.admin, { template: 'Custom {{title}} {{extra}}' });
    await seedDefaultPrompts(ai.app.deps);
    const all = await call('GET', '/api/llm/prompts/?page_size=100', ai.admin);
    expect(all.json().count).toBe(21);
    const after = await call('GET', `/api/llm/prompts/${english.id}/`, ai.admin);
    expect(after.json()).toMatchObject({ template: 'Custom {{title}} {{extra}}', variables: ['title', 'extra'] });
    for (const key of ['node_content', 'node_children', 'node_summary', 'node_image', 'cards', 'quiz', 'tutor']) {
      expect(all.json().results.filter((p: { key: string }) => p.key === key)).toHaveLength(3);
    }
  });

  it('lets an admin create, update and delete prompts; duplicates are refused', async () => {
    const created = await call('POST', '/api/llm/prompts/', ai.admin, {
      key: 'custom_quiz',
      language: 'en-US',
      name: 'Quiz',
      template: 'Quiz on {{title}}',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      key: 'custom_quiz',
      variables: ['title'],
      is_active: true,
      system: '',
      description: '',
    });
    const dup = await call('POST', '/api/llm/prompts/', ai.admin, {
      key: 'custom_quiz',
      language: 'en-US',
      name: 'Again',
      template: 'x',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields.key).toBeDefined();
    const put = await call('PUT', `/api/llm/prompts/${created.json().id}/`, ai.admin, {
      name: 'Quiz 2',
      is_active: false,
    });
    expect(put.json()).toMatchObject({ name: 'Quiz 2', is_active: false });
    expect((await call('DELETE', `/api/llm/prompts/${created.json().id}/`, ai.admin)).statusCode).toBe(204);
  });

  it('shows users only active prompts and no write access', async () => {
    const active = (
      await call('POST', '/api/llm/prompts/', ai.admin, { key: 'user-visible', name: 'A', template: 't' })
    ).json();
    const inactive = (
      await call('POST', '/api/llm/prompts/', ai.admin, {
        key: 'user-hidden',
        name: 'B',
        template: 't',
        is_active: false,
      })
    ).json();
    const ids = (await call('GET', '/api/llm/prompts/?page_size=100', ai.user))
      .json()
      .results.map((p: { id: number }) => p.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    expect((await call('GET', `/api/llm/prompts/${inactive.id}/`, ai.user)).statusCode).toBe(404);
    expect((await call('POST', '/api/llm/prompts/', ai.user, { key: 'x', name: 'x', template: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/llm/prompts/${active.id}/`, ai.user)).statusCode).toBe(403);
  });
});
