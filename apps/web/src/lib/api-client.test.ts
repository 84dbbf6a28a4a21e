import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessTokenExpiring, api, ApiError, onSessionRecovered } from './api-client.ts';
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

  it("sends the browser's time zone to learning calls, which a learner's first use of learning starts in", async () => {
    fetchMock.mockResolvedValueOnce(json(200, {})).mockResolvedValueOnce(json(200, {}));
    await api('/api/learn/settings/');
    await api('/api/tree/skills_tree/');
    const zones = fetchMock.mock.calls.map((call) => new Headers((call[1] as RequestInit).headers).get('x-timezone'));
    expect(zones[0]).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(zones[0]).toBeTruthy();
    // Nothing else reads it, and the first Intl.DateTimeFormat of a page is slow to build.
    expect(zones[1]).toBeNull();
  });

  it('refreshes an expired access token before sending, so that a public endpoint answers the signed-in user', async () => {
    const now = Math.floor(Date.now() / 1000);
    tokenStore.set({ accessToken: jwt({ iat: now - 900, exp: now - 1 }), refreshToken: 'refresh' });
    const fresh = jwt({ iat: now, exp: now + 900 });
    fetchMock
      .mockResolvedValueOnce(json(200, { access: fresh, refresh: 'refresh-2' }))
      .mockResolvedValueOnce(json(200, { my_rating: 4 }));
    await api('/api/community/trees-shared/x/');
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      '/api/token/refresh/',
      '/api/community/trees-shared/x/',
    ]);
    expect(new Headers((fetchMock.mock.calls[1]![1] as RequestInit).headers).get('authorization')).toBe(
      `Bearer ${fresh}`,
    );
    expect(tokenStore.get()).toEqual({ accessToken: fresh, refreshToken: 'refresh-2' });
  });

  it('sends a token that is still good without refreshing it', async () => {
    const now = Math.floor(Date.now() / 1000);
    tokenStore.set({ accessToken: jwt({ iat: now, exp: now + 900 }), refreshToken: 'refresh' });
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await api('/api/community/trees-shared/x/');
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/community/trees-shared/x/']);
  });

  it('tells the app to read its queries again after a refused token was refreshed', async () => {
    const recovered = vi.fn();
    const stop = onSessionRecovered(recovered);
    tokenStore.set({ accessToken: 'not-a-jwt', refreshToken: 'refresh' });
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: 'expired', code: 'token_not_valid' }))
      .mockResolvedValueOnce(json(200, { access: 'new', refresh: 'refresh-2' }))
      .mockResolvedValueOnce(json(200, {}));
    await api('/api/profile/users/me/');
    stop();
    expect(recovered).toHaveBeenCalledTimes(1);
  });

  it('reads expiry from the token with a margin of a tenth of its lifetime, at most 30 s', () => {
    const at = (iat: number, exp: number) => jwt({ iat, exp });
    expect(accessTokenExpiring(at(0, 900), 869_000)).toBe(false);
    expect(accessTokenExpiring(at(0, 900), 870_000)).toBe(true);
    expect(accessTokenExpiring(at(0, 10), 8_000)).toBe(false);
    expect(accessTokenExpiring(at(0, 10), 9_000)).toBe(true);
    expect(accessTokenExpiring('garbage', 0)).toBe(false);
    expect(accessTokenExpiring(jwt({ sub: '1' }), Date.now())).toBe(false);
  });
});

/** An unsigned JWT-shaped token with `claims` (the client only reads them). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}
