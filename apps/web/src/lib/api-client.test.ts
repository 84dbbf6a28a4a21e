import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client.ts';
import { activateLocale } from './i18n.ts';
import { tokenStore } from './token-store.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const languageOf = (call: unknown[]) => new Headers((call[1] as RequestInit).headers).get('accept-language');

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    tokenStore.clear();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await activateLocale('zh-CN');
  });

  it.each(['zh-CN', 'en-US', 'ja-JP'] as const)('sends the UI language %s as Accept-Language', async (locale) => {
    await activateLocale(locale);
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await api('/api/status/');
    expect(languageOf(fetchMock.mock.calls[0]!)).toBe(locale);
  });

  it('sends it on JSON writes, failed calls and the token refresh as well', async () => {
    await activateLocale('ja-JP');
    tokenStore.set({ accessToken: 'old', refreshToken: 'refresh' });
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: 'expired', code: 'token_not_valid' }))
      .mockResolvedValueOnce(json(200, { access: 'new', refresh: 'refresh-2' }))
      .mockResolvedValueOnce(json(400, { detail: 'タグを空にすることはできません。', code: 'invalid' }));
    const failure = await api('/api/tree/skills_tree/', { method: 'POST', body: { tags: [''] } }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('タグを空にすることはできません。');
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      '/api/tree/skills_tree/',
      '/api/token/refresh/',
      '/api/tree/skills_tree/',
    ]);
    expect(fetchMock.mock.calls.map(languageOf)).toEqual(['ja-JP', 'ja-JP', 'ja-JP']);
  });
});
