import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../testing/fake-llm.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { configureAi, parseSse } from '../../modules/ai/testing.ts';

let t: TestApp;
let fake: FakeLlm;
let user: TestUser;

beforeAll(async () => {
  fake = await startFakeLlm();
  t = await createTestApp({ AI_ALLOW_PRIVATE_BASE_URL: '1' });
  await configureAi(t.app, fake.url);
  user = await createUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const LANGUAGES = { 'en-US': 'en-US,en;q=0.9', 'zh-CN': 'zh-CN,zh;q=0.9', 'ja-JP': 'ja' } as const;
type Language = keyof typeof LANGUAGES;

const createTree = (payload: object, language?: Language) =>
  t.app.inject({
    method: 'POST',
    url: '/api/tree/skills_tree/',
    headers: { ...user.headers, ...(language ? { 'accept-language': LANGUAGES[language] } : {}) },
    payload,
  });

describe('error messages in the language of Accept-Language', () => {
  it.each([
    [
      undefined,
      'The tree has no root node (one node must have parent_id null).',
      'Node "a": its parent "b" does not exist.',
    ],
    [
      'en-US',
      'The tree has no root node (one node must have parent_id null).',
      'Node "a": its parent "b" does not exist.',
    ],
    ['zh-CN', '这棵树没有根节点（必须有一个节点的 parent_id 为 null）。', '节点 "a"：其父节点 "b" 不存在。'],
    [
      'ja-JP',
      'ツリーにルートノードがありません（1 つのノードの parent_id を null にする必要があります）。',
      'ノード "a": 親ノード "b" が存在しません。',
    ],
  ] as const)(
    'answers a broken tree document (%s) with detail and fields translated',
    async (language, detail, parent) => {
      const res = await createTree(
        { title: 'Import', data: { nodes: [{ id: 'a', parent_id: 'b', title: 'A' }] } },
        language,
      );
      expect(res.statusCode).toBe(400);
      expect(res.headers.vary).toMatch(/accept-language/i);
      const body = res.json();
      expect(body).toMatchObject({ code: 'invalid', detail });
      expect(Object.values(body.fields).flat()).toContain(detail);
      expect(Object.values(body.fields).flat()).toContain(parent);
    },
  );

  it.each([
    [undefined, 'Tags must not be empty.', 'Invalid input: expected string, received number', 'Invalid input.'],
    ['zh-CN', '标签不能为空。', '无效输入：期望 string，实际接收 数字', '输入无效。'],
    [
      'ja-JP',
      'タグを空にすることはできません。',
      '無効な入力: stringが期待されましたが、数値が入力されました',
      '入力が無効です。',
    ],
  ] as const)(
    'answers request validation (%s) with zod messages and contract messages translated',
    async (language, tag, type, detail) => {
      const res = await createTree({ title: 42, tags: ['ok', ' '] }, language);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'invalid', detail, fields: { title: [type], 'tags.1': [tag] } });
    },
  );

  it.each([
    [undefined, 'Not found.'],
    ['zh-CN', '未找到。'],
    ['ja-JP', '見つかりません。'],
  ] as const)('answers a missing tree (%s) with a translated not-found', async (language, detail) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tree/skills_tree/987654/',
      headers: { ...user.headers, ...(language ? { 'accept-language': LANGUAGES[language] } : {}) },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', detail });
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it("translates the page parameters' messages, which name their parameter", async () => {
    const list = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/tree/skills_tree/?${query}`,
        headers: { ...user.headers, 'accept-language': LANGUAGES['zh-CN'] },
      });
    expect((await list('page=0')).json().fields).toEqual({ page: ['page 必须是正整数'] });
    expect((await list('page_size=500')).json().fields).toEqual({ page_size: ['page_size 最大为 100'] });
  });

  it('answers in English for a language it does not speak', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tree/skills_tree/987654/',
      headers: { ...user.headers, 'accept-language': 'fr-FR,de;q=0.8' },
    });
    expect(res.json()).toEqual({ code: 'not_found', detail: 'Not found.' });
  });

  it.each([
    [undefined, 'The AI model did not answer with a valid list of children'],
    ['zh-CN', 'AI 模型没有返回有效的子节点列表'],
    ['ja-JP', 'AI モデルの応答は有効な子ノードの一覧ではありませんでした'],
  ] as const)('answers an unusable AI provider answer (%s) in the language asked', async (language, start) => {
    fake.setMode('malformed');
    const generate = (stream: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/llm/ai-content/generate_node/',
        headers: { ...user.headers, ...(language ? { 'accept-language': LANGUAGES[language] } : {}) },
        payload: { title: 'Lisp', mode: 'children', stream },
      });
    try {
      const res = await generate(false);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'upstream_error', detail: expect.stringMatching(new RegExp(`^${start}`)) });
      const events = parseSse((await generate(true)).body);
      expect(events.at(-1)).toEqual({
        event: 'error',
        data: { code: 'upstream_error', detail: expect.stringMatching(new RegExp(`^${start}`)) },
      });
    } finally {
      fake.setMode('normal');
    }
  });

  it.each([
    [undefined, 'The AI provider answered 500'],
    ['zh-CN', 'AI 服务返回了 500'],
    ['ja-JP', 'AI プロバイダーが 500 を返しました'],
  ] as const)('answers a failed item of an image batch (%s) in the language asked', async (language, start) => {
    fake.setMode('server_error');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/llm/image-generation/generate_images_batch/',
        headers: { ...user.headers, ...(language ? { 'accept-language': LANGUAGES[language] } : {}) },
        payload: { items: [{ prompt: 'a tree' }] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual([
        { index: 0, error: { code: 'upstream_error', detail: expect.stringMatching(new RegExp(`^${start}`)) } },
      ]);
    } finally {
      fake.setMode('normal');
    }
  });

  it.each([
    [undefined, 'JSON parse error: the request body is not valid JSON.'],
    ['zh-CN', 'JSON 解析错误：请求体不是有效的 JSON。'],
    ['ja-JP', 'JSON 解析エラー: リクエスト本文が有効な JSON ではありません。'],
  ] as const)('answers a body that is not JSON (%s) in the language asked', async (language, detail) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: {
        ...user.headers,
        'content-type': 'application/json',
        ...(language ? { 'accept-language': LANGUAGES[language] } : {}),
      },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid', detail });
  });
});
