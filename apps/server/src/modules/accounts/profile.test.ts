import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUserSummaries } from '../../lib/user-summaries.ts';
import { hashPassword } from '../../lib/passwords/passwords.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { forgetSends, obtainCode, uniqueEmail, uniquePhone } from './accounts.testing.ts';

let t: TestApp;
let knownHash: string;
const PASSWORD = 'correct-horse-battery-42';

beforeAll(async () => {
  t = await createTestApp();
  knownHash = await hashPassword(PASSWORD);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: user?.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

function multipart(field: string, filename: string, contentType: string, body: Buffer) {
  const boundary = `----arbor${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, body, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (user: TestUser, filename: string, contentType: string, body: Buffer) => {
  const form = multipart('avatar', filename, contentType, body);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/profiles/upload_avatar/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
};
async function code(channel: 'ses' | 'sms', purpose: string, address: string, user: TestUser) {
  await forgetSends(t.app, address);
  return obtainCode(t.app, t.database.dataDir, channel, purpose, address, { headers: user.headers });
}

describe('users', () => {
  it('shows the caller in full at users/me', async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    const user = await createUser(t.app, { email, phone });
    const res = await call(user, 'GET', '/api/profile/users/me/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'date_joined',
      'email',
      'has_password',
      'id',
      'phone',
      'profile',
      'role',
      'username',
    ]);
    expect(body).toMatchObject({ id: user.id, email, phone, role: 'user', has_password: false });
    expect(Object.keys(body.profile).sort()).toEqual(['avatar', 'avatar_url', 'bio', 'id', 'locale', 'nickname']);
    expect(body.profile.avatar_url).toBe(`${t.config.publicBaseUrl}/images/avatar-64.png`);
    expect((await call(null, 'GET', '/api/profile/users/me/')).statusCode).toBe(401);
  });

  it('lists only the caller for a user, everyone (masked) for an admin', async () => {
    const user = await createUser(t.app, { email: uniqueEmail() });
    const other = await createUser(t.app, { email: 'someone.else@example.com', phone: '+8613800138000' });
    const admin = await createUser(t.app, { role: 'admin' });
    const own = (await call(user, 'GET', '/api/profile/users/')).json();
    expect(own.count).toBe(1);
    expect(own.results[0].id).toBe(user.id);
    const all = (await call(admin, 'GET', '/api/profile/users/?page_size=100')).json();
    expect(all.count).toBeGreaterThanOrEqual(3);
    const seen = all.results.find((u: { id: number }) => u.id === other.id);
    expect(seen).toMatchObject({ email: 's***@example.com', phone: '+86138****8000', is_active: true });
    expect((await call(admin, 'GET', `/api/profile/users/${other.id}/`)).json().id).toBe(other.id);
  });

  it("answers 404 for another user's account", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(user, method, `/api/profile/users/${other.id}/`, method === 'GET' ? undefined : {});
      expect(res.statusCode).toBe(404);
    }
  });

  it('lets a user change the own username but never the role, id or is_active', async () => {
    const user = await createUser(t.app);
    const res = await call(user, 'PATCH', `/api/profile/users/${user.id}/`, {
      username: `renamed_${user.id}`,
      role: 'admin',
      id: 999999,
      is_active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: `renamed_${user.id}`, role: 'user' });
    const row = await t.app.db
      .selectFrom('users')
      .select(['role', 'is_active'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'user', is_active: 1 });
    const other = await createUser(t.app);
    const clash = await call(other, 'PUT', `/api/profile/users/${other.id}/`, { username: `RENAMED_${user.id}` });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().fields.username).toBeDefined();
  });

  it('lets an admin deactivate an account, which then cannot authenticate', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const user = await createUser(t.app);
    const res = await call(admin, 'PATCH', `/api/profile/users/${user.id}/`, { is_active: false });
    expect(res.json().is_active).toBe(false);
    expect((await call(user, 'GET', '/api/profile/users/me/')).statusCode).toBe(401);
    expect((await call(admin, 'PATCH', `/api/profile/users/${admin.id}/`, { is_active: false })).statusCode).toBe(400);
  });

  it('deletes the own account after the password, and everything it owns with it', async () => {
    const user = await createUser(t.app, { passwordHash: knownHash, email: uniqueEmail() });
    await call(user, 'GET', '/api/profile/email_addresses/');
    const wrong = await call(user, 'DELETE', `/api/profile/users/${user.id}/`, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toBeDefined();
    const res = await call(user, 'DELETE', `/api/profile/users/${user.id}/`, { password: PASSWORD });
    expect(res.statusCode).toBe(204);
    expect(
      await t.app.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.app.db.selectFrom('profiles').select('id').where('user_id', '=', user.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.app.db.selectFrom('email_addresses').select('id').where('user_id', '=', user.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('lets an admin delete any account', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const user = await createUser(t.app, { passwordHash: knownHash });
    expect((await call(admin, 'DELETE', `/api/profile/users/${user.id}/`, {})).statusCode).toBe(204);
  });
});

describe('profiles', () => {
  it('reads and edits only the own profile', async () => {
    const user = await createUser(t.app);
    const list = (await call(user, 'GET', '/api/profile/profiles/')).json();
    expect(list.count).toBe(1);
    const id = list.results[0].id;
    const patched = await call(user, 'PATCH', `/api/profile/profiles/${id}/`, {
      nickname: 'Ada',
      bio: 'Learns things',
      locale: 'ja-JP',
    });
    expect(patched.json()).toMatchObject({ id, nickname: 'Ada', bio: 'Learns things', locale: 'ja-JP' });
    expect((await call(user, 'GET', '/api/profile/users/me/')).json().profile.locale).toBe('ja-JP');
    expect((await call(user, 'PATCH', `/api/profile/profiles/${id}/`, { nickname: 'x'.repeat(51) })).statusCode).toBe(
      400,
    );
    expect((await call(user, 'PUT', `/api/profile/profiles/${id}/`, { locale: 'fr-FR' })).statusCode).toBe(400);

    const other = await createUser(t.app);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expect(
        (await call(other, method, `/api/profile/profiles/${id}/`, method === 'PATCH' ? { nickname: 'x' } : undefined))
          .statusCode,
      ).toBe(404);
    }
  });

  it('creates, deletes and recreates the own profile', async () => {
    const user = await createUser(t.app);
    const created = await call(user, 'POST', '/api/profile/profiles/', { nickname: 'First' });
    expect(created.statusCode).toBe(201);
    expect((await call(user, 'POST', '/api/profile/profiles/', { bio: 'again' })).json()).toMatchObject({
      nickname: 'First',
      bio: 'again',
    });
    expect((await call(user, 'GET', `/api/profile/profiles/${created.json().id}/`)).statusCode).toBe(200);
    expect((await call(user, 'DELETE', `/api/profile/profiles/${created.json().id}/`)).statusCode).toBe(204);
    expect((await call(user, 'GET', '/api/profile/users/me/')).json().profile.nickname).toBe('');
  });
});

describe('avatar', () => {
  it('re-encodes a PNG to a 256×256 WebP served from /media/', async () => {
    const user = await createUser(t.app);
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 30, b: 90 } } })
      .png()
      .toBuffer();
    const res = await upload(user, 'me.png', 'image/png', png);
    expect(res.statusCode).toBe(200);
    const { avatar, avatar_url } = res.json();
    expect(avatar).toMatch(/^avatars\/[0-9a-f]{32}\.webp$/);
    expect(avatar_url).toBe(`${t.config.publicBaseUrl}/media/${avatar}`);
    const served = await t.app.inject({ method: 'GET', url: `/media/${avatar}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect((await call(user, 'GET', '/api/profile/users/me/')).json().profile).toMatchObject({ avatar, avatar_url });
    const stranger = await createUser(t.app);
    const summaries = await loadUserSummaries(t.app.db, t.config.publicBaseUrl, [user.id, stranger.id]);
    expect(summaries.get(user.id)?.avatar_url).toBe(avatar_url);
    expect(summaries.get(stranger.id)?.avatar_url).toBe(`${t.config.publicBaseUrl}/images/avatar-64.png`);

    const second = await upload(user, 'again.png', 'image/png', png);
    expect((await t.app.inject({ method: 'GET', url: `/media/${avatar}` })).statusCode).toBe(404);
    expect(second.json().avatar).not.toBe(avatar);
  });

  it('refuses an SVG or an HTML file renamed .png with 415', async () => {
    const user = await createUser(t.app);
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const body of [svg, html]) {
      const res = await upload(user, 'avatar.png', 'image/png', body);
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('unsupported_media_type');
    }
  });

  it('refuses a file over 2 MB with 413 and a request without the file with 400', async () => {
    const user = await createUser(t.app);
    const res = await upload(user, 'big.png', 'image/png', Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect(res.statusCode).toBe(413);
    const none = await call(user, 'POST', '/api/profile/profiles/upload_avatar/', { avatar: 'x' });
    expect(none.statusCode).toBe(400);
  });
});

describe('addresses and checks', () => {
  it('adds, lists, makes primary and removes email addresses', async () => {
    const first = uniqueEmail();
    const user = await createUser(t.app, { email: first });
    const second = uniqueEmail();
    const created = await call(user, 'POST', '/api/profile/email_addresses/', {
      email: second,
      code: await code('ses', 'bind_email', second, user),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: second, primary: false, verified: true });
    const list = (await call(user, 'GET', '/api/profile/email_addresses/')).json();
    expect(list.results.map((a: { email: string }) => a.email).sort()).toEqual([first, second].sort());
    const id = created.json().id;
    expect((await call(user, 'PATCH', `/api/profile/email_addresses/${id}/`, { primary: true })).json().primary).toBe(
      true,
    );
    expect((await call(user, 'GET', '/api/profile/get_email/')).json()).toEqual({ email: second });
    const firstId = list.results.find((a: { email: string }) => a.email === first).id;
    expect((await call(user, 'DELETE', `/api/profile/email_addresses/${firstId}/`)).statusCode).toBe(204);
    // the last address is the only way in: refused
    expect((await call(user, 'DELETE', `/api/profile/email_addresses/${id}/`)).statusCode).toBe(400);
    const other = await createUser(t.app);
    expect((await call(other, 'GET', `/api/profile/email_addresses/${id}/`)).statusCode).toBe(404);
    expect(
      (await call(user, 'POST', '/api/profile/email_addresses/', { email: uniqueEmail(), code: '000000' })).json().code,
    ).toBe('code_invalid');
  });

  it('adds and removes phone numbers', async () => {
    const user = await createUser(t.app, { email: uniqueEmail() });
    const phone = uniquePhone();
    const created = await call(user, 'POST', '/api/profile/phone_numbers/', {
      phone,
      code: await code('sms', 'bind_phone', phone, user),
    });
    expect(created.json()).toMatchObject({ phone, primary: true });
    expect((await call(user, 'GET', `/api/profile/phone_numbers/${created.json().id}/`)).json().phone).toBe(phone);
    expect((await call(user, 'GET', '/api/profile/get_phone/')).json()).toEqual({ phone });
    expect((await call(user, 'GET', '/api/profile/phone_numbers/')).json().count).toBe(1);
    expect((await call(user, 'DELETE', `/api/profile/phone_numbers/${created.json().id}/`)).statusCode).toBe(204);
    expect((await call(user, 'GET', '/api/profile/get_phone/')).json()).toEqual({ phone: null });
  });

  it('answers the bind and password checks', async () => {
    const user = await createUser(t.app, { email: 'checks@example.com' });
    expect((await call(user, 'GET', '/api/profile/check_email_bind/')).json()).toEqual({
      bound: true,
      email: 'c***@example.com',
    });
    expect((await call(user, 'GET', '/api/profile/check_phone_bind/')).json()).toEqual({ bound: false, phone: null });
    expect((await call(user, 'GET', '/api/profile/check_has_password/')).json()).toEqual({ has_password: false });
  });

  it('sets a first password once', async () => {
    const user = await createUser(t.app);
    expect(
      (await call(user, 'POST', '/api/profile/set_first_password/', { password: '12345678' })).json().fields.password,
    ).toBeDefined();
    expect((await call(user, 'POST', '/api/profile/set_first_password/', { password: PASSWORD })).json()).toEqual({
      has_password: true,
    });
    expect((await call(user, 'GET', '/api/profile/check_has_password/')).json()).toEqual({ has_password: true });
    expect(
      (await call(user, 'POST', '/api/profile/set_first_password/', { password: 'another-fine-pass-9' })).statusCode,
    ).toBe(400);
  });

  it('checks whether an address has an account, for the own id only, 30 times a minute', async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    await createUser(t.app, { email, phone });
    const user = await createUser(t.app);
    expect(
      (await call(user, 'GET', `/api/profile/me/check_email_exist/?email=${encodeURIComponent(email)}`)).json(),
    ).toEqual({ exists: true });
    expect(
      (await call(user, 'GET', `/api/profile/${user.id}/check_phone_exist/?phone=${encodeURIComponent(phone)}`)).json(),
    ).toEqual({ exists: true });
    expect(
      (await call(user, 'GET', `/api/profile/me/check_email_exist/?email=${encodeURIComponent(uniqueEmail())}`)).json(),
    ).toEqual({ exists: false });
    expect((await call(user, 'GET', `/api/profile/${user.id + 1}/check_email_exist/?email=a@b.cd`)).statusCode).toBe(
      404,
    );
    for (let i = 3; i < 30; i += 1) await call(user, 'GET', `/api/profile/me/check_email_exist/?email=a${i}@b.cd`);
    const limited = await call(user, 'GET', '/api/profile/me/check_email_exist/?email=z@b.cd');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
