import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import authEn from '../../apps/web/src/i18n/auth/en-US.json' with { type: 'json' };
import authZh from '../../apps/web/src/i18n/auth/zh-CN.json' with { type: 'json' };
import profileEn from '../../apps/web/src/i18n/profile/en-US.json' with { type: 'json' };
import profileZh from '../../apps/web/src/i18n/profile/zh-CN.json' with { type: 'json' };
import { animationsSettled, dataDir, launchBrowser, newPage } from '../support/browser.ts';
import { runAxe } from '../support/a11y.ts';

/**
 * One account's life through the real UI, in order: email signup (code read from the outbox), logout,
 * password login, binding a phone, avatar upload through the cropper, switching the profile language,
 * and login by SMS code. Every captcha is solved by the real ALTCHA widget in the page: the
 * development solver endpoint is never called.
 */

interface OutboxMessage {
  channel: string;
  to: string;
  purpose: string;
  text: string;
  created_at: string;
}

/** Waits for the newest code sent to `to` for `purpose` that was not seen before. */
async function codeFor(to: string, purpose: string, after: string): Promise<string> {
  const dir = path.join(dataDir(), 'outbox');
  for (let i = 0; i < 100; i++) {
    const messages = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMessage)
          .filter((m) => m.to === to && m.purpose === purpose && m.created_at > after)
          .sort((a, b) => a.created_at.localeCompare(b.created_at))
      : [];
    const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${purpose} code in the outbox for ${to}`);
}

const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const account = {
  email: `e2e-${unique}@example.test`,
  phone: `+86139${String(Date.now()).slice(-8)}`,
  password: 'Quiet-Birch-Forest-2026',
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
const solverCalls: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, { locale: 'zh-CN' }));
  page.on('request', (request) => {
    if (request.url().includes('/api/captcha/solve_challenge')) solverCalls.push(request.url());
  });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const widgetState = () =>
  page
    .locator('altcha-widget')
    .first()
    .evaluate((el) => (el as HTMLElement & { getState(): string }).getState());

/** The signed-in user as the app sees it, read with the app's own stored token. */
async function me(): Promise<{
  username: string;
  email: string | null;
  phone: string | null;
  profile: { avatar: string | null; locale: string };
}> {
  return page.evaluate(async () => {
    const { accessToken } = JSON.parse(localStorage.getItem('__arbor__jwt__') ?? '{}') as { accessToken?: string };
    const res = await fetch('/api/profile/users/me/', { headers: { authorization: `Bearer ${accessToken}` } });
    return res.json();
  });
}

async function waitForPath(pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Clicks "Send code" once the captcha widget has a solution, and returns when the send was answered. */
async function sendCode(scope: Page | ReturnType<Page['locator']>, label: string) {
  await expect.poll(widgetState, { timeout: 20_000 }).toBe('verified');
  const sent = page.waitForResponse((res) => /\/api\/(ses|sms)\/send\//.test(res.url()));
  await scope.getByRole('button', { name: label, exact: true }).click();
  return sent;
}

describe('accounts in the browser', () => {
  it('signs up with an email code from the outbox and lands where it was going', async () => {
    await page.goto('/auth/register?redirect=%2Fprofile');
    await page.locator('input[name=email]').fill(account.email);
    const before = new Date().toISOString();
    const sent = await sendCode(page, authZh.code.send);
    expect(sent.status()).toBe(200);
    await page.locator('input[name=code]').fill(await codeFor(account.email, 'signup', before));
    await page.locator('input[name=password]').fill(account.password);
    await page.getByText(authZh.password.strength.replace('{{level}}', authZh.strength.strong)).waitFor();
    await page.getByRole('button', { name: authZh.register.submit, exact: true }).click();
    await waitForPath('/profile');
    await page.getByRole('heading', { name: profileZh.details.title, exact: true }).waitFor();
    expect((await me()).email).toBe(account.email);
  });

  it('logs out, then logs in with the password', async () => {
    await page.goto('/auth/logout');
    await waitForPath('/');
    expect(await page.evaluate(() => localStorage.getItem('__arbor__jwt__'))).toBeNull();

    await page.goto('/auth/login');
    await page.locator('input[name=username]').fill(account.email);
    await page.locator('input[name=password]').fill('not-the-password');
    await page.getByRole('button', { name: authZh.login.submit, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: authZh.errors.badCredentials }).waitFor();

    await page.locator('input[name=password]').fill(account.password);
    await page.getByRole('button', { name: authZh.login.submit, exact: true }).click();
    await waitForPath('/');
    expect((await me()).email).toBe(account.email);
  });

  it('binds a phone with an SMS code', async () => {
    await page.goto('/profile');
    await page.getByRole('button', { name: profileZh.contact.phone.bindTitle }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name=phone]').fill(account.phone);
    const before = new Date().toISOString();
    expect((await sendCode(dialog, authZh.code.send)).status()).toBe(200);
    await dialog.locator('input[name=code]').fill(await codeFor(account.phone, 'bind_phone', before));
    await dialog.getByRole('button', { name: profileZh.actions.confirm, exact: true }).click();
    await page.getByTestId('bound-phone').filter({ hasText: account.phone }).waitFor();
    expect((await me()).phone).toBe(account.phone);
  });

  it('changes the avatar through the square cropper', async () => {
    // A wide PNG, so the cropper has something to cut.
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 40, g: 160, b: 90 } } })
      .composite([
        {
          input: Buffer.from('<svg width="200" height="200"><circle cx="100" cy="100" r="90" fill="#fff"/></svg>'),
          left: 220,
          top: 100,
        },
      ])
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('application').waitFor();
    // Zoom in with the keyboard and move a little, as a user without a mouse would.
    await dialog.getByRole('application').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowLeft');
    const uploaded = page.waitForResponse((res) => res.url().includes('/upload_avatar/'));
    await dialog.getByRole('button', { name: profileZh.avatar.save, exact: true }).click();
    expect((await uploaded).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    const avatar = (await me()).profile.avatar;
    expect(avatar).toBeTruthy();
    const shown = page.getByRole('img', { name: profileZh.avatar.alt.replace('{{name}}', (await me()).username) });
    await expect.poll(() => shown.getAttribute('src')).toContain('/media/');
  });

  it('switches the profile language and the interface follows', async () => {
    await page.getByRole('combobox', { name: profileZh.language.label }).click();
    await page.getByRole('option', { name: profileZh.language.names['en-US'] }).click();
    await page.getByRole('heading', { name: profileEn.details.title, exact: true }).waitFor();
    await page.getByRole('heading', { name: profileEn.contact.title, exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect((await me()).profile.locale).toBe('en-US');
  });

  it(
    'has no serious accessibility violation on the profile and auth pages, light and dark',
    { timeout: 150_000 },
    async () => {
      // Profile first while logged in, then the auth pages logged out (they send a session away).
      const targets = ['/profile', '/auth/register', '/auth/forgotpassword'];
      for (const target of targets) {
        const authPage = target.startsWith('/auth/');
        if (authPage) await page.evaluate(() => localStorage.removeItem('__arbor__jwt__'));
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(target);
          await waitForPath(target);
          await page
            .locator(authPage ? 'form' : 'section')
            .first()
            .waitFor();
          // Settled states only: the widget verified, no entrance animation left.
          if (authPage) await expect.poll(widgetState, { timeout: 20_000 }).toBe('verified');
          await animationsSettled(page);
          // Only our page: overlays the shell keeps mounted (command palette) are the shell's to check.
          const { violations } = await runAxe(page, { include: 'main' });
          const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          expect(
            serious.map((v) => `${scheme} ${target} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          ).toEqual([]);
        }
      }
    },
  );

  it('logs in with an SMS code, waiting out the resend throttle first', { timeout: 150_000 }, async () => {
    await page.goto('/auth/logout');
    await waitForPath('/');
    await page.goto('/auth/login');
    await page.getByRole('tab', { name: authEn.login.tabs.sms }).click();
    await page.locator('input[name=phone]').fill(account.phone);
    const before = new Date().toISOString();
    // The bind code went to this phone less than a minute ago: the server throttles the resend and
    // the form says how long to wait, counting down on the button.
    const first = await sendCode(page, authEn.code.send);
    if (first.status() === 429) {
      await page.getByRole('alert').filter({ hasText: 'Too many attempts' }).waitFor();
      const send = page.getByRole('button', { name: authEn.code.send, exact: true });
      await send.waitFor({ timeout: 90_000 });
      await expect.poll(() => send.isEnabled(), { timeout: 10_000 }).toBe(true);
      expect((await sendCode(page, authEn.code.send)).status()).toBe(200);
    } else {
      expect(first.status()).toBe(200);
    }
    await page.locator('input[name=code]').fill(await codeFor(account.phone, 'login', before));
    await page.getByRole('button', { name: authEn.login.submit, exact: true }).click();
    await waitForPath('/');
    expect((await me()).phone).toBe(account.phone);
  });

  it('never needed the development captcha solver and threw no page errors', () => {
    expect(solverCalls).toEqual([]);
    expect(errors).toEqual([]);
  });
});
