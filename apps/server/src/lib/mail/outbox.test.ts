import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testClock } from '../../testing/test-clock.ts';
import { outboxIsLocal, outboxLog, readOutbox, writeOutbox } from './outbox.ts';

const FILE = { transport: 'file' as const, from: 'Arbor <a@b.c>' };
/** `npm start` on a fresh clone: production, on 127.0.0.1, no public URL, mail into the outbox. */
const FRESH_CLONE = {
  env: 'production' as const,
  host: '127.0.0.1',
  publicBaseUrl: 'http://127.0.0.1:8650',
  mail: FILE,
  dataDir: './data',
};

describe('the outbox log line', () => {
  it('names the full path of the message and, in development, its code and the viewer page', () => {
    const line = outboxLog({ ...FRESH_CLONE, env: 'development' }, 'email', 'signup', 'm.json', '123456');
    expect(line.fields).toEqual({
      channel: 'email',
      purpose: 'signup',
      file: path.resolve('data/outbox/m.json'),
      code: '123456',
    });
    expect(line.message).toBe(
      'mail written to the outbox: code 123456 (every message: http://127.0.0.1:8650/dev/outbox)',
    );
  });

  it('prints the code under `npm start` on a fresh clone (production, reached only from this machine)', () => {
    const line = outboxLog(FRESH_CLONE, 'email', 'signup', 'm.json', '123456');
    expect(line.fields.code).toBe('123456');
    expect(line.message).toContain('code 123456');
  });

  it('never holds a code in a deployment: public address, public URL, or real mail', () => {
    const deployments = [
      { ...FRESH_CLONE, host: '0.0.0.0' },
      { ...FRESH_CLONE, publicBaseUrl: 'https://arbor.example.com' },
      { ...FRESH_CLONE, mail: { ...FILE, transport: 'smtp' as const } },
      { ...FRESH_CLONE, env: 'development' as const, mail: { ...FILE, transport: 'smtp' as const } },
    ];
    for (const config of deployments) {
      const line = outboxLog({ ...config, dataDir: '/srv/arbor' }, 'sms', 'login', 'm.json', '654321');
      expect(line.fields).toEqual({ channel: 'sms', purpose: 'login', file: '/srv/arbor/outbox/m.json' });
      expect(line.message).toBe('sms written to the outbox');
      expect(outboxIsLocal(config)).toBe(false);
    }
  });

  it('counts localhost and IPv6 loopback as this machine', () => {
    expect(outboxIsLocal({ ...FRESH_CLONE, host: 'localhost', publicBaseUrl: 'http://localhost:8650' })).toBe(true);
    expect(outboxIsLocal({ ...FRESH_CLONE, host: '::1', publicBaseUrl: 'http://[::1]:8650' })).toBe(true);
  });
});

describe('writing the outbox', () => {
  it('stamps and orders messages by the clock it is given, not the process clock', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'arbor-outbox-'));
    try {
      const clock = testClock('2026-11-30T23:59:59.000Z');
      const message = { to: 'a@example.com', purpose: 'signup', subject: 'Code', text: '123456' };
      const first = await writeOutbox(dataDir, { channel: 'email', ...message }, clock);
      clock.advance(2_000);
      await writeOutbox(dataDir, { channel: 'sms', ...message, subject: '' }, clock);
      expect(first.startsWith(`${Date.parse('2026-11-30T23:59:59.000Z')}-email-`)).toBe(true);
      const stored = await readOutbox(dataDir, 10);
      expect(stored.map((m) => [m.channel, m.created_at])).toEqual([
        ['sms', '2026-12-01T00:00:01.000Z'],
        ['email', '2026-11-30T23:59:59.000Z'],
      ]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
