// Signed-in pages drawn by the server (apps/web/src/server-render.tsx): the page-session cookie a login sets,
// how it ends, and the web plugin's use of the build's renderer. The renderer here is a stand-in module in a
// stand-in build, which reads the signed-in user through the transport it is given, as the real one does.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/passwords/passwords.ts';
import { signToken } from '../lib/jwt.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
const webDist = mkdtempSync(path.join(os.tmpdir(), 'arbor-web-signed-in-'));
const PASSWORD = 'page-session-pass-42';
const INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>Arbor</title></head><body><div id="root"></div></body></html>';
/** The page as built: the app draws it in the browser. */
const PLAIN_ROOT = '<div id="root"></div>';

// Draws `/community` as "<name>'s page", and `/trees/…` for a window whose width it was told; `/community/broken`
// fails as a render can; every other path is not its.
const RENDERER = `
export const rendersSignedIn = (path, width) => path.startsWith('/community') || (path.startsWith('/trees/') && width !== undefined);
export async function renderSignedInDocument({ url, locale, transport, index, assets, viewportWidth, zoneOffset, zoneName }) {
  if (url === '/community/broken') throw new Error('a render failed at /secret/place.js:1');
  const me = await (await transport('/api/profile/users/me/', { method: 'GET', headers: { accept: 'application/json' } })).json();
  const width = (viewportWidth === undefined ? '' : ' for ' + viewportWidth + ' px') + (zoneOffset === undefined ? '' : ' at UTC' + (zoneOffset < 0 ? '' : '+') + zoneOffset + ' min') + (zoneName === undefined ? '' : ' in ' + zoneName);
  return index.replace('<div id="root"></div>', '<div id="root">' + me.username + "'s page in " + locale + ' with ' + assets.js.join(',') + width + '</div>');
}`;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  mkdirSync(path.join(webDist, '_server'));
  writeFileSync(path.join(webDist, '_server', 'server-render.mjs'), RENDERER);
  writeFileSync(
    path.join(webDist, 'route-preloads.json'),
    JSON.stringify([{ pattern: '^/community/?$', js: ['assets/CommunityPage-a1.js'], css: [] }]),
  );
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => t?.close());

let ipSeq = 0;
async function signIn(user: TestUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username: user.username, password: PASSWORD },
    remoteAddress: `10.9.0.${++ipSeq}`,
  });
  expect(res.statusCode).toBe(200);
  const setCookie = String(res.headers['set-cookie'] ?? '');
  const cookie = /^arbor_page=([\w.-]+)/.exec(setCookie)?.[1];
  return { ...(res.json() as { access: string; refresh: string }), cookie: cookie!, setCookie };
}

const page = (url: string, cookie?: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie: `arbor_page=${cookie}` } : {}), ...extra } });

async function member() {
  return createUser(t.app, { passwordHash: await hashPassword(PASSWORD) });
}

describe('the renderer', () => {
  it('loads when a signed-in page first wants it: that page goes out plain, the next ones drawn', async () => {
    const user = await member();
    const { cookie } = await signIn(user);
    expect((await page('/community', cookie)).body).toContain(PLAIN_ROOT);
    await expect
      .poll(async () => (await page('/community', cookie)).body, { timeout: 5_000 })
      .toContain(`${user.username}'s page`);
  });
});

describe('the page-session cookie', () => {
  it('comes with a login: HttpOnly, same-site, as long as the refresh token', async () => {
    const { cookie, setCookie } = await signIn(await member());
    expect(cookie.split('.')).toHaveLength(3);
    expect(setCookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
    expect(Math.abs(maxAge - t.config.refreshTokenTtlS)).toBeLessThanOrEqual(2);
  });

  it('is renewed by a refresh, and a logout ends it at once', async () => {
    const user = await member();
    const first = await signIn(user);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: first.refresh },
    });
    const renewed = /^arbor_page=([\w.-]+)/.exec(String(refreshed.headers['set-cookie']))?.[1];
    expect(renewed).toBeTruthy();
    expect((await page('/community', renewed)).body).toContain(`${user.username}'s page`);

    const { access, refresh } = refreshed.json() as { access: string; refresh: string };
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      payload: { refresh },
      headers: { authorization: `Bearer ${access}` },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^arbor_page=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    // A browser that kept the cookie anyway gets the plain page.
    expect((await page('/community', renewed)).body).toContain(PLAIN_ROOT);
  });

  it('never signs in an API call', async () => {
    const { cookie } = await signIn(await member());
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/profile/users/me/',
      headers: { cookie: `arbor_page=${cookie}` },
    });
    expect(res.statusCode).toBe(401);
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/profile/users/me/',
      headers: { authorization: `Bearer ${cookie}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });

  it('ends with the session: a password reset or change, a deactivation', async () => {
    const moved = await member();
    const movedCookie = (await signIn(moved)).cookie;
    await t.app.db.updateTable('users').set({ session_version: 1 }).where('id', '=', moved.id).execute();
    expect((await page('/community', movedCookie)).body).toContain(PLAIN_ROOT);

    const deactivated = await member();
    const deactivatedCookie = (await signIn(deactivated)).cookie;
    await t.app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', deactivated.id).execute();
    expect((await page('/community', deactivatedCookie)).body).toContain(PLAIN_ROOT);
  });

  it('is refused when forged: another token type, a wrong signature', async () => {
    const user = await member();
    const access = await signToken(t.config.jwtSecret, 'access', user.id, 600);
    expect((await page('/community', access.token)).body).toContain(PLAIN_ROOT);
    const forged = await signToken('not-the-secret-of-this-server-000000', 'page', user.id, 600, { fam: 'x', sv: 0 });
    expect((await page('/community', forged.token)).body).toContain(PLAIN_ROOT);
  });
});

describe('pages the server draws for a signed-in visitor', () => {
  it('draws the page as the cookie’s user, in the language of the locale cookie, for no shared cache', async () => {
    const user = await member();
    const { cookie } = await signIn(user);
    const res = await page('/community', cookie, { cookie: `arbor_locale=en-US; arbor_page=${cookie}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<div id="root">${user.username}'s page in en-US with assets/CommunityPage-a1.js</div>`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/);
  });

  it('sends the plain page without a cookie, for a page the renderer does not draw, or when drawing fails', async () => {
    const { cookie } = await signIn(await member());
    expect((await page('/community')).body).toContain(PLAIN_ROOT);
    expect((await page('/settings', cookie)).body).toContain(PLAIN_ROOT);
    const failed = await page('/community/broken', cookie);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain(PLAIN_ROOT);
    expect(failed.body).not.toContain('secret');
  });

  it('draws a page laid out for the width of the window only when the browser has told it, a sane one', async () => {
    const user = await member();
    const { cookie } = await signIn(user);
    const withWidth = (width: string) =>
      page('/trees/some-tree', cookie, { cookie: `arbor_viewport=${width}; arbor_page=${cookie}` });
    expect((await withWidth('412')).body).toContain(`${user.username}'s page in zh-CN with  for 412 px</div>`);
    expect((await page('/trees/some-tree', cookie)).body).toContain(PLAIN_ROOT);
    for (const insane of ['abc', '50', '412x', '99999', '-412'])
      expect((await withWidth(insane)).body, insane).toContain(PLAIN_ROOT);
    // The width has no say in a page drawn whatever it is.
    expect((await page('/community', cookie, { cookie: `arbor_viewport=1350; arbor_page=${cookie}` })).body).toContain(
      `${user.username}'s page in zh-CN with assets/CommunityPage-a1.js for 1350 px</div>`,
    );
  });

  it("draws the days of the visitor's time zone when the browser has told its offset, a sane one", async () => {
    const user = await member();
    const { cookie } = await signIn(user);
    const withZone = (offset: string) =>
      page('/community', cookie, { cookie: `arbor_zone=${offset}; arbor_page=${cookie}` });
    for (const [offset, drawn] of [
      ['480', '+480'],
      ['-180', '-180'],
      ['0', '+0'],
    ] as const)
      expect((await withZone(offset)).body, offset).toContain(`CommunityPage-a1.js at UTC${drawn} min</div>`);
    // Anything else is drawn in UTC, as a browser that has not said it.
    for (const insane of ['abc', '900', '-721', '4.5', '']) {
      const body = (await withZone(insane)).body;
      expect(body, insane).toContain(`${user.username}'s page`);
      expect(body, insane).not.toContain(' at UTC');
    }
  });

  it('draws the days of a zone with daylight saving by its name, when the browser has given a known one', async () => {
    const user = await member();
    const { cookie } = await signIn(user);
    const withZone = (zone: string) =>
      page('/community', cookie, { cookie: `arbor_zone=${zone}; arbor_page=${cookie}` });
    expect((await withZone('60~Europe%2FBerlin')).body).toContain('at UTC+60 min in Europe/Berlin</div>');
    expect((await withZone('-300~America%2FNew_York')).body).toContain('at UTC-300 min in America/New_York</div>');
    // A name this runtime does not know, or no name at all, leaves the offset alone.
    for (const unknown of ['60~Mars%2FOlympus', '60~Europe%2FBerlin%3Cb%3E', '60~%E0%A4%A', '60~'])
      expect((await withZone(unknown)).body, unknown).toContain('at UTC+60 min</div>');
  });

  it('never serves the renderer itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/_server/server-render.mjs' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('renderSignedInDocument');
  });
});
