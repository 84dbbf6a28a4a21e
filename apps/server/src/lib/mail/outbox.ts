import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
