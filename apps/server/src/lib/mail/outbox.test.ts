import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxLogFields } from './outbox.ts';

describe('the outbox log line', () => {
  it('names the full path of the message and, in development, its code', () => {
    const fields = outboxLogFields({ env: 'development', dataDir: './data' }, 'email', 'signup', 'm.json', '123456');
    expect(fields).toEqual({
      channel: 'email',
      purpose: 'signup',
      file: path.resolve('data/outbox/m.json'),
      code: '123456',
    });
  });

  it('never holds a code in production', () => {
    const fields = outboxLogFields({ env: 'production', dataDir: '/srv/arbor' }, 'sms', 'login', 'm.json', '654321');
    expect(fields).toEqual({ channel: 'sms', purpose: 'login', file: '/srv/arbor/outbox/m.json' });
  });
});
