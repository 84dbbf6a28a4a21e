import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxIsLocal, outboxLog } from './outbox.ts';

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
