import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { sendCode, uniqueEmail, uniquePhone } from './accounts.testing.ts';

// Real peers: an SMTP server and an HTTP webhook in this process receive what the transports send.
let t: TestApp;
let smtp: SMTPServer;
let webhook: Server;
const mails: Array<{ to: string[]; raw: string }> = [];
const texts: Array<Record<string, string>> = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  webhook = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      texts.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  const webhookPort = (webhook.address() as AddressInfo).port;
  t = await createTestApp({
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Arbor <no-reply@arbor.test>',
    SMS_TRANSPORT: 'webhook',
    SMS_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/sms`,
  });
});
afterAll(async () => {
  await t?.close();
  if (smtp.server.listening) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => webhook.close(() => resolve()));
});

it('delivers an email code over real SMTP, in the language asked for', async () => {
  const email = uniqueEmail();
  const res = await sendCode(t.app, 'ses', 'signup', email, { headers: { 'accept-language': 'en-US' } });
  expect(res.statusCode).toBe(200);
  const mail = mails.find((m) => m.to.includes(email))!;
  expect(mail).toBeDefined();
  expect(mail.raw).toContain('From: Arbor <no-reply@arbor.test>');
  expect(mail.raw).toMatch(/Your Arbor code to create your account is \d{6}/);
});

it('posts an SMS code as JSON to the webhook', async () => {
  const phone = uniquePhone();
  const res = await sendCode(t.app, 'sms', 'signup', phone, { headers: { 'accept-language': 'zh-CN' } });
  expect(res.statusCode).toBe(200);
  const sms = texts.find((m) => m.to === phone)!;
  expect(sms).toMatchObject({ to: phone, purpose: 'signup' });
  expect(sms.text).toMatch(/验证码是 \d{6}/);
});

it('answers 502 when the mail server is gone', async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  const res = await sendCode(t.app, 'ses', 'signup', uniqueEmail());
  expect(res.statusCode).toBe(502);
  expect(res.json().code).toBe('upstream_error');
});
