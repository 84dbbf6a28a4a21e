import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { nowIso } from '../clock.ts';

/** One message as written by the `file` transports (API.md "Running"). */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  purpose: string;
  subject: string;
  text: string;
}

/** Writes a message as one JSON file under `DATA_DIR/outbox/`; returns the file name. */
export async function writeOutbox(dataDir: string, message: OutboxMessage): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  await mkdir(dir, { recursive: true });
  const name = `${Date.now()}-${message.channel}-${randomBytes(6).toString('hex')}.json`;
  // Written aside and renamed, so a reader polling the folder never sees half a message.
  const temp = path.join(dir, `.${name}.tmp`);
  await writeFile(temp, JSON.stringify({ ...message, created_at: nowIso() }, null, 2) + '\n', { flag: 'wx' });
  await rename(temp, path.join(dir, name));
  return name;
}

/**
 * What the outbox transports log: where the message went (the file's full path, so a newcomer finds
 * their sign-up code) and, outside production only, the code itself. A production log never holds one.
 */
export function outboxLogFields(
  config: Pick<Config, 'env' | 'dataDir'>,
  channel: OutboxMessage['channel'],
  purpose: string,
  file: string,
  code: string | undefined,
): Record<string, string> {
  const fields: Record<string, string> = { channel, purpose, file: path.resolve(config.dataDir, 'outbox', file) };
  if (code && config.env !== 'production') fields.code = code;
  return fields;
}
