import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { startFakeLlm, type FakeLlm } from '../../testing/fake-llm.ts';
import { createTree } from '../trees/testing.ts';
import { configureAi, FAKE_API_KEY, parseSse, type ConfiguredAi } from './ai.testing.ts';
import { call } from '../../testing/call.ts';

let t: TestApp;
let fake: FakeLlm;
let ai: ConfiguredAi;
let user: TestUser;

beforeAll(async () => {
  fake = await startFakeLlm({ delayMs: 50 });
  t = await createTestApp({ AI_ALLOW_PRIVATE_BASE_URL: '1' });
  ai = await configureAi(t.app, fake.url, { timeout_s: 1 });
  user = await createUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => fake.setMode('normal'));

const generate = (payload: object, headers: Record<string, string> = {}, who: TestUser = user) =>
  t.app.inject({
    method: 'POST',
    url: '/api/llm/ai-content/generate_node/',
    headers: { ...who.headers, ...headers },
    payload,
  });

const imageCall = (action: 'generate_image' | 'generate_images_batch', payload: object) =>
  call(t.app, user, 'POST', `/api/llm/image-generation/${action}/`, payload);

const logOf = (id: number, who: TestUser = user) => call(t.app, who, 'GET', `/api/llm/request-logs/${id}/`);

describe('generate_node as JSON', () => {
  it('writes Markdown content for a node from its title and path', async () => {
    const res = await generate({ title: 'Linear algebra', path: ['Mathematics'], mode: 'content', language: 'en-US' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.content).toContain('## Linear algebra');
    expect(body.children).toEqual([]);
    expect(body.usage.prompt_tokens).toBeGreaterThan(0);
    expect(body.usage.completion_tokens).toBeGreaterThan(0);
    const sent = fake.requests.at(-1)!;
    expect(sent.apiKey).toBe(FAKE_API_KEY);
    expect(JSON.stringify(sent.body)).toContain('Mathematics > Linear algebra');
    const log = (await logOf(body.request_log)).json();
    expect(log).toMatchObject({ kind: 'content', status: 'success', model: 'fake-chat', user: user.id, error: null });
    expect(log.request_body).toContain('Linear algebra');
    expect(log.response_body).toContain('## Linear algebra');
  });

  it('suggests children as a validated list', async () => {
    const res = await generate({ title: 'Rust', mode: 'children', language: 'zh-CN' });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe('');
    expect(res.json().children).toHaveLength(4);
    expect(res.json().children[0]).toEqual({ title: 'Rust: Foundations', summary: expect.stringContaining('Rust') });
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('“Rust”');
  });

  it('summarises a node in one line', async () => {
    const res = await generate({ title: 'Calculus', mode: 'summary', language: 'ja-JP', content: '# Notes' });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toMatch(/^Calculus in one sentence/);
    expect(res.json().content).not.toContain('\n');
  });

  it('repairs children wrapped in a code fence with chatter around it', async () => {
    fake.setMode('fenced');
    const res = await generate({ title: 'Go', mode: 'children' });
    expect(res.statusCode).toBe(200);
    expect(res.json().children.map((c: { title: string }) => c.title)).toContain('Go: Practice projects');
  });

  it('reports malformed children JSON as 502 and logs the raw answer', async () => {
    fake.setMode('malformed');
    const res = await generate({ title: 'Haskell', mode: 'children' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'upstream_error',
      detail: expect.stringContaining('valid list of children'),
    });
    expect(res.json().children).toBeUndefined();
    const logs = (
      await t.app.inject({
        method: 'GET',
        url: '/api/llm/request-logs/?status=error&kind=children',
        headers: user.headers,
      })
    ).json();
    const latest = (await logOf(logs.results[0].id)).json();
    expect(latest.error).toContain('valid list of children');
    expect(latest.response_body).toContain('Haskell');
  });

  it('uses a named model and refuses an unknown one', async () => {
    expect((await generate({ title: 'A', mode: 'summary', model: 'fake-chat' })).statusCode).toBe(200);
    expect((await generate({ title: 'A', mode: 'summary', model: ai.chatModelId })).statusCode).toBe(200);
    const res = await generate({ title: 'A', mode: 'summary', model: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.model).toBeDefined();
  });

  it('uses an admin-edited prompt from the table', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/llm/prompts/',
      headers: ai.admin.headers,
      payload: {
        key: 'haiku',
        language: 'en-US',
        name: 'Haiku',
        template: 'A haiku about "{{title}}" (path {{path}})',
      },
    });
    const res = await generate({ title: 'Trees', mode: 'content', language: 'en-US', prompt_key: 'haiku' });
    expect(res.statusCode).toBe(200);
    const messages = (fake.requests.at(-1)!.body as { messages: Array<{ content: string }> }).messages;
    expect(messages.at(-1)!.content).toBe('A haiku about "Trees" (path Trees)');
    expect((await generate({ title: 'T', mode: 'content', prompt_key: 'missing' })).statusCode).toBe(400);
  });

  it('requires authentication and a valid body', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/llm/ai-content/generate_node/',
      payload: { title: 'x', mode: 'content' },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await generate({ title: '', mode: 'poem' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['title', 'mode']));
  });
});

describe('generate_node as Server-Sent Events', () => {
  it('streams content deltas then the whole answer', async () => {
    const res = await generate({ title: 'Databases', mode: 'content', language: 'en-US', stream: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toBeTruthy();
    const events = parseSse(res.body);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const answer = done.data as { content: string; request_log: number; usage: { completion_tokens: number } };
    expect(deltas.map((d) => (d.data as { text: string }).text).join('')).toBe(answer.content);
    expect(answer.content).toContain('## Databases');
    expect(answer.usage.completion_tokens).toBeGreaterThan(0);
    expect((await logOf(answer.request_log)).json()).toMatchObject({ status: 'success', kind: 'content' });
  });

  it('streams when the client only sends Accept: text/event-stream', async () => {
    const res = await generate({ title: 'Networks', mode: 'children' }, { accept: 'text/event-stream' });
    const events = parseSse(res.body);
    const done = events.find((e) => e.event === 'done')!;
    expect((done.data as { children: unknown[] }).children).toHaveLength(4);
  });

  it('streams a summary', async () => {
    const events = parseSse((await generate({ title: 'Graphs', mode: 'summary', stream: true })).body);
    expect((events.at(-1)!.data as { content: string }).content).toContain('Graphs in one sentence');
  });

  it('ends with an error event when streamed children are malformed', async () => {
    fake.setMode('malformed');
    const events = parseSse((await generate({ title: 'Lisp', mode: 'children', stream: true })).body);
    expect(events.some((e) => e.event === 'delta')).toBe(true);
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { code: 'upstream_error', detail: expect.stringContaining('children') },
    });
    expect(events.some((e) => e.event === 'done')).toBe(false);
  });

  it('sends an error event when the upstream fails', async () => {
    fake.setMode('server_error');
    const events = parseSse((await generate({ title: 'X', mode: 'content', stream: true })).body);
    expect(events).toEqual([
      { event: 'error', data: { code: 'upstream_error', detail: expect.stringContaining('500') } },
    ]);
  });

  it('answers refusals before streaming as plain JSON errors', async () => {
    const res = await generate({ title: 'X', mode: 'content', stream: true, model: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('upstream failures', () => {
  it('retries once on 429 and succeeds', async () => {
    fake.setMode('rate_limited', { times: 1 });
    const before = fake.requests.length;
    const res = await generate({ title: 'Retry', mode: 'summary' });
    expect(res.statusCode).toBe(200);
    expect(fake.requests.length - before).toBe(2);
  });

  it.each([
    ['rate_limited', '429'],
    ['server_error', '500'],
  ] as const)('maps a persistent %s upstream to 502 with a log row', async (mode, status) => {
    fake.setMode(mode);
    const before = fake.requests.length;
    const res = await generate({ title: 'Fail', mode: 'content' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'upstream_error', detail: expect.stringContaining(status) });
    expect(fake.requests.length - before).toBe(2);
    const logs = (
      await t.app.inject({ method: 'GET', url: '/api/llm/request-logs/?status=error', headers: user.headers })
    ).json();
    expect(logs.results[0]).toMatchObject({ status: 'error', kind: 'content', error: expect.stringContaining(status) });
  });

  it('maps a timeout to 502', async () => {
    fake.setMode('slow', { delayMs: 1500 });
    const res = await generate({ title: 'Slow', mode: 'content' });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toContain('did not answer in time');
  });

  it('keeps a key echoed by the provider out of the answer and the log', async () => {
    fake.setMode('bad_key');
    const res = await generate({ title: 'Key', mode: 'content' });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toContain('401');
    expect(res.body).not.toContain(FAKE_API_KEY);
    const logs = (
      await t.app.inject({ method: 'GET', url: '/api/llm/request-logs/?status=error', headers: user.headers })
    ).json();
    expect(logs.results[0].error).toContain('[redacted]');
  });

  it('does not follow redirects from the provider', async () => {
    fake.setMode('redirect');
    const res = await generate({ title: 'Redirect', mode: 'content' });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toContain('307');
    expect(fake.requests.at(-1)!.path).toBe('/v1/chat/completions');
  });
});

describe('image generation', () => {
  it('stores a generated image as WebP and returns its URL', async () => {
    const res = await imageCall('generate_image', { prompt: 'A tree of knowledge', size: '512x512' });
    expect(res.statusCode).toBe(201);
    const { image, request_log } = res.json();
    expect(image.url).toMatch(/\/media\/node-images\/[0-9a-f]{32}\.webp$/);
    const file = await t.app.inject({ method: 'GET', url: new URL(image.url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await logOf(request_log)).json()).toMatchObject({ kind: 'image', model: 'fake-image', status: 'success' });
    const sent = fake.requests.at(-1)!.body as { prompt: string; size: string };
    expect(sent.prompt).toContain('A tree of knowledge');
    expect(sent.size).toBe('512x512');
  });

  it('fetches an image the provider returns as a URL', async () => {
    fake.setMode('image_url');
    const res = await imageCall('generate_image', { prompt: 'x' });
    expect(res.statusCode).toBe(201);
    expect(res.json().image.url).toContain('/media/node-images/');
  });

  it('generates a batch with per-item errors', async () => {
    const payload = { items: [{ prompt: 'one' }, { prompt: 'two', model: 'no-such-model' }, { prompt: 'three' }] };
    const res = await imageCall('generate_images_batch', payload);
    expect(res.statusCode).toBe(200);
    const results = res.json().results;
    expect(results.map((r: { index: number }) => r.index)).toEqual([0, 1, 2]);
    expect(results[0].image.url).toContain('/media/');
    expect(results[1].error).toMatchObject({ code: 'invalid' });
    expect(results[2].image.url).toContain('/media/');
  });

  it('refuses a node id the tree document could not hold', async () => {
    const res = await imageCall('generate_image', { prompt: 'x', tree: 1, node_id: 'bad id!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.node_id).toBeDefined();
  });

  it('refuses batches over ten items', async () => {
    const items = Array.from({ length: 11 }, (_, i) => ({ prompt: `p${i}` }));
    const res = await imageCall('generate_images_batch', { items });
    expect(res.statusCode).toBe(400);
  });

  it('maps an upstream image failure to 502', async () => {
    fake.setMode('server_error');
    const res = await imageCall('generate_image', { prompt: 'x' });
    expect(res.statusCode).toBe(502);
  });
});

describe('request logs', () => {
  it('shows users only their own logs, admins everyone’s, with filters', async () => {
    const other = await createUser(t.app);
    const mine = (await generate({ title: 'Mine', mode: 'summary' }, {}, other)).json().request_log;
    const own = (await t.app.inject({ method: 'GET', url: '/api/llm/request-logs/', headers: other.headers })).json();
    expect(own.results.map((l: { id: number }) => l.id)).toEqual([mine]);
    expect((await logOf(mine, user)).statusCode).toBe(404);
    expect((await logOf(mine, other)).statusCode).toBe(200);

    const all = (
      await t.app.inject({ method: 'GET', url: '/api/llm/request-logs/?page_size=100', headers: ai.admin.headers })
    ).json();
    expect(all.results.map((l: { user: number }) => l.user)).toEqual(expect.arrayContaining([user.id, other.id]));
    const filtered = (
      await t.app.inject({
        method: 'GET',
        url: `/api/llm/request-logs/?kind=summary&model=fake-chat&status=success&user=${other.id}`,
        headers: ai.admin.headers,
      })
    ).json();
    expect(filtered.results.map((l: { id: number }) => l.id)).toEqual([mine]);
    expect((await logOf(mine, ai.admin)).json().username).toBe(other.username);
  });

  it('totals calls and tokens per day, own for users and everyone’s for admins', async () => {
    const other = await createUser(t.app);
    await generate({ title: 'Count me', mode: 'summary' }, {}, other);
    fake.setMode('server_error');
    await generate({ title: 'Count me', mode: 'summary' }, {}, other);
    const today = new Date().toISOString().slice(0, 10);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/llm/request-logs/daily_totals/?days=7',
      headers: other.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().results).toEqual([
      { date: today, calls: 2, errors: 1, prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) },
    ]);
    expect(own.json().results[0].prompt_tokens).toBeGreaterThan(0);
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/llm/request-logs/daily_totals/', headers: ai.admin.headers })
    ).json();
    expect(all.results[0].calls).toBeGreaterThan(2);
    const one = (
      await t.app.inject({
        method: 'GET',
        url: `/api/llm/request-logs/daily_totals/?user=${other.id}`,
        headers: ai.admin.headers,
      })
    ).json();
    expect(one.results[0].calls).toBe(2);
  });

  it('never stores the API key in a log row', async () => {
    await generate({ title: `Leak ${FAKE_API_KEY} Bearer ${FAKE_API_KEY}`, mode: 'content' });
    const rows = await t.app.db.selectFrom('ai_request_logs').selectAll().execute();
    expect(rows.length).toBeGreaterThan(5);
    expect(JSON.stringify(rows)).not.toContain(FAKE_API_KEY);
    expect(JSON.stringify(rows)).not.toContain('0123456789abcdef');
  });
});

describe('tree context', () => {
  const data = {
    nodes: [
      { id: 'root', parent_id: null, title: 'Machine learning' },
      { id: 'sup', parent_id: 'root', title: 'Supervised learning' },
      { id: 'uns', parent_id: 'root', title: 'Unsupervised learning' },
      { id: 'reg', parent_id: 'sup', title: 'Regression', content: 'Least squares notes' },
      { id: 'cls', parent_id: 'sup', title: 'Classification' },
      { id: 'tree', parent_id: 'cls', title: 'Decision trees' },
    ],
  };
  const lastPrompt = () => JSON.stringify(fake.requests.at(-1)!.body);

  it('reads path, siblings, children and content from the caller’s tree', async () => {
    const tree = await createTree(t.app, user, { data });
    const res = await generate({
      tree: tree.id,
      node_id: 'cls',
      title: 'Classification',
      mode: 'children',
      language: 'en-US',
    });
    expect(res.statusCode).toBe(200);
    expect(lastPrompt()).toContain('Machine learning > Supervised learning > Classification');
    expect(lastPrompt()).toContain('Decision trees');
    await generate({ tree: tree.id, node_id: 'cls', title: 'Classification', mode: 'content', language: 'en-US' });
    expect(lastPrompt()).toContain('Related skills at the same level: Regression');
    await generate({ tree: tree.id, node_id: 'reg', title: 'Regression', mode: 'summary', language: 'en-US' });
    expect(lastPrompt()).toContain('Least squares notes');
  });

  it('lets the body speak for a node not saved yet', async () => {
    const tree = await createTree(t.app, user, { data });
    const res = await generate({
      tree: tree.id,
      node_id: 'new-node',
      title: 'Fresh',
      path: ['Machine learning'],
      mode: 'content',
      language: 'en-US',
    });
    expect(res.statusCode).toBe(200);
    expect(lastPrompt()).toContain('Machine learning > Fresh');
  });

  it('answers 404 for another user’s private tree and reads a public one', async () => {
    const owner = await createUser(t.app);
    const hidden = await createTree(t.app, owner, { data, visibility: 'private' });
    const shown = await createTree(t.app, owner, { data, visibility: 'public' });
    expect((await generate({ tree: hidden.id, node_id: 'cls', title: 'C', mode: 'content' })).statusCode).toBe(404);
    expect((await generate({ tree: 999999, node_id: 'cls', title: 'C', mode: 'content' })).statusCode).toBe(404);
    expect((await generate({ tree: shown.id, node_id: 'cls', title: 'C', mode: 'content' })).statusCode).toBe(200);
  });

  it('stores a generated image as a node image of the caller’s tree', async () => {
    const tree = await createTree(t.app, user, { data });
    const res = await imageCall('generate_image', { prompt: 'Decision trees', tree: tree.id, node_id: 'tree' });
    expect(res.statusCode).toBe(201);
    const image = res.json().image;
    expect(image).toMatchObject({
      id: expect.any(Number),
      tree: tree.id,
      node_id: 'tree',
      content_type: 'image/webp',
      width: 64,
      height: 64,
    });
    expect(image.url).toMatch(/\/media\/node-images\/[0-9a-f]{32}\.webp$/);
    const row = await t.app.db
      .selectFrom('node_images')
      .selectAll()
      .where('id', '=', image.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tree_id: tree.id, owner_id: user.id, node_id: 'tree' });
    expect(await t.app.storage.get(row.storage_key)).not.toBeNull();
  });

  it('refuses images for trees the caller does not own, before calling upstream', async () => {
    const owner = await createUser(t.app);
    const hidden = await createTree(t.app, owner, { data, visibility: 'private' });
    const shown = await createTree(t.app, owner, { data, visibility: 'public' });
    const before = fake.requests.length;
    const post = (tree: number) => imageCall('generate_image', { prompt: 'x', tree, node_id: 'root' });
    expect((await post(hidden.id)).statusCode).toBe(404);
    expect((await post(shown.id)).statusCode).toBe(403);
    expect(fake.requests.length).toBe(before);
    const batch = await imageCall('generate_images_batch', {
      items: [{ prompt: 'x', tree: hidden.id, node_id: 'root' }],
    });
    expect(batch.json().results).toEqual([{ index: 0, error: { code: 'not_found', detail: expect.any(String) } }]);
  });
});
