import { call } from '../../testing/call.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { solvedCaptcha } from './captcha.testing.ts';

interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  purpose: string;
  subject: string;
  text: string;
  created_at: string;
}

/** Every message the file transports wrote, oldest first. */
export function readOutbox(dataDir: string): OutboxEntry[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxEntry);
}

/**
 * The code of the latest message to an address. Login and reset codes are delivered after the answer
 * (so timing does not reveal accounts), hence the short wait.
 */
export async function latestCode(dataDir: string, to: string, purpose?: string): Promise<string> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const entry = readOutbox(dataDir)
      .filter((m) => m.to === to && (!purpose || m.purpose === purpose))
      .pop();
    const code = entry && /\b(\d{6})\b/.exec(entry.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no code was sent to ${to}`);
}

let ipSeq = 0;
/** A fresh client address per call, so per-IP limits of one test do not leak into another. */
export const freshIp = () => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

/** Sends a code (solving the captcha first) and returns the response. */
export async function sendCode(
  app: FastifyInstance,
  channel: 'ses' | 'sms',
  purpose: string,
  address: string,
  options: { headers?: Record<string, string>; ip?: string } = {},
) {
  const altcha = await solvedCaptcha(app);
  const payload = channel === 'ses' ? { email: address, altcha } : { phone: address, altcha };
  return call(app, null, 'POST', `/api/${channel}/send/${purpose}/`, payload, {
    headers: options.headers,
    remoteAddress: options.ip ?? freshIp(),
  });
}

/** Forgets the per-address send limits, for tests that need several codes for one address. */
export async function forgetSends(app: FastifyInstance, address: string): Promise<void> {
  await app.db
    .deleteFrom('throttle_events')
    .where('bucket', 'in', [`code-address:email:${address}`, `code-address:sms:${address}`])
    .execute();
}

/** Sends a code and reads it back from the outbox. */
export async function obtainCode(
  app: FastifyInstance,
  dataDir: string,
  channel: 'ses' | 'sms',
  purpose: string,
  address: string,
  options: { headers?: Record<string, string>; ip?: string } = {},
): Promise<string> {
  const res = await sendCode(app, channel, purpose, address, options);
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return latestCode(dataDir, address, purpose);
}

let addressSeq = 0;
export const uniqueEmail = () => `person${++addressSeq}_${Math.random().toString(36).slice(2, 7)}@example.com`;
export const uniquePhone = () => `+86138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
