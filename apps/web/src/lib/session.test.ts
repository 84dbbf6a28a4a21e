import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ME = {
  id: 1,
  username: 'ada',
  email: null,
  phone: null,
  role: 'admin',
  date_joined: '2026-01-01T00:00:00Z',
  has_password: true,
  profile: { id: 1, nickname: 'Ada', bio: '', locale: 'en-US', avatar: 'a.webp', avatar_url: 'http://x/media/a.webp' },
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function loadSession() {
  vi.resetModules();
  return import('./session.ts');
}

describe('session store', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is anonymous with the default avatar when there is no token, and asks the server nothing', async () => {
    const { sessionStore } = await loadSession();
    expect(sessionStore.get()).toMatchObject({
      status: 'anonymous',
      user: null,
      isAdmin: false,
      avatarUrl: '/images/avatar-64.png',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads `me` when a token is stored and takes the role and avatar from it', async () => {
    localStorage.setItem('__arbor__jwt__', JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
    fetchMock.mockResolvedValue(json(200, ME));
    const { sessionStore, refreshMe } = await loadSession();
    expect(sessionStore.get().status).toBe('loading');
    await refreshMe();
    expect(sessionStore.get()).toMatchObject({
      status: 'authenticated',
      isAdmin: true,
      avatarUrl: 'http://x/media/a.webp',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/profile/users/me/');
  });

  it('keeps the default avatar and logs when `me` cannot be read', async () => {
    localStorage.setItem('__arbor__jwt__', JSON.stringify({ accessToken: 'a', refreshToken: null }));
    fetchMock.mockRejectedValue(new TypeError('offline'));
    const { sessionStore, refreshMe } = await loadSession();
    await refreshMe();
    expect(sessionStore.get()).toMatchObject({ status: 'anonymous', avatarUrl: '/images/avatar-64.png' });
    expect(console.warn).toHaveBeenCalled();
  });

  it('signIn stores the tokens and the user without another request; signOut revokes and clears', async () => {
    const { sessionStore, signIn, signOut } = await loadSession();
    signIn({ access: 'a2', refresh: 'r2', user: ME as never });
    expect(sessionStore.get()).toMatchObject({ status: 'authenticated', user: { username: 'ada' } });
    expect(JSON.parse(localStorage.getItem('__arbor__jwt__')!)).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(json(200, {}));
    await signOut();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/logout/');
    expect(JSON.parse(init.body as string)).toEqual({ refresh: 'r2' });
    expect(sessionStore.get().status).toBe('anonymous');
    expect(localStorage.getItem('__arbor__jwt__')).toBeNull();
  });

  /** Signed in, with a listener for the session's end: what the two tests below start from. */
  async function signedInWatchingExpiry() {
    const session = await loadSession();
    const { api } = await import('./api-client.ts');
    session.signIn({ access: 'a', refresh: 'r', user: ME as never });
    const expired = vi.fn();
    session.onSessionExpired(expired);
    return { ...session, api, expired };
  }

  it('does not report an expired session for a request the logout itself made fail', async () => {
    const { signOut, api, expired } = await signedInWatchingExpiry();
    let finishLogout: (res: Response) => void = () => {};
    fetchMock.mockImplementation((url: string) =>
      url === '/api/auth/logout/'
        ? new Promise<Response>((resolve) => (finishLogout = resolve))
        : Promise.resolve(json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' })),
    );
    // The logout is on its way when a request beside it is refused and its refresh too.
    const out = signOut();
    await expect(api('/api/notifications/unread_count/')).rejects.toMatchObject({ status: 401 });
    finishLogout(json(200, {}));
    await out;
    expect(expired).not.toHaveBeenCalled();
  });

  it('reports an expired session when the refresh token is refused while signed in', async () => {
    const { sessionStore, api, expired } = await signedInWatchingExpiry();
    fetchMock.mockResolvedValue(json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }));
    await expect(api('/api/notifications/unread_count/')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(sessionStore.get().status).toBe('anonymous');
  });

  it('still logs out locally when the logout request fails', async () => {
    const { sessionStore, signIn, signOut } = await loadSession();
    signIn({ access: 'a', refresh: 'r', user: ME as never });
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await signOut();
    expect(sessionStore.get().status).toBe('anonymous');
  });
});
