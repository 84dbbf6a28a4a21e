import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';

/**
 * What a transport needs of the app: its configuration, log and clock (`Deps` has all three; the
 * clock is read at each send, so a test that moves the app's clock moves the outbox's too).
 */
export interface TransportDeps {
  config: Config;
  log: FastifyBaseLogger;
  clock: Clock;
}

/** One message as written by the `file` transports (API.md "Running"). */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  purpose: string;
  subject: string;
  text: string;
}

/** Writes a message as one JSON file under `DATA_DIR/outbox/`, stamped by `clock`; returns the file name. */
export async function writeOutbox(dataDir: string, message: OutboxMessage, clock: Clock): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  await mkdir(dir, { recursive: true });
  const name = `${clock.nowMs()}-${message.channel}-${randomBytes(6).toString('hex')}.json`;
  // Written aside and renamed, so a reader polling the folder never sees half a message.
  const temp = path.join(dir, `.${name}.tmp`);
  await writeFile(temp, JSON.stringify({ ...message, created_at: clock.nowIso() }, null, 2) + '\n', { flag: 'wx' });
  await rename(temp, path.join(dir, name));
  return name;
}

type LocalityConfig = Pick<Config, 'env' | 'host' | 'publicBaseUrl' | 'mail'>;

const isLoopbackHost = (host: string) =>
  ['localhost', '::1', '[::1]'].includes(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * Whether one-time codes may be shown on this machine (in the log and on `/dev/outbox`): only with the
 * `file` transport, where no mail leaves the machine and the codes already sit in `DATA_DIR/outbox/`,
 * and then outside production (`npm run dev`) or on an instance nobody else reaches: `npm start` on a
 * fresh clone listens on 127.0.0.1 with a loopback PUBLIC_BASE_URL. A real deployment listens on a
 * public address or names its public URL (and sends real mail), and never shows a code.
 */
export function outboxIsLocal(config: LocalityConfig): boolean {
  if (config.mail.transport !== 'file') return false;
  if (config.env !== 'production') return true;
  return isLoopbackHost(config.host) && isLoopbackHost(new URL(config.publicBaseUrl).hostname);
}

/**
 * What the outbox transports log: where the message went (the file's full path) and, when the outbox
 * is local (`outboxIsLocal`), the code itself and the page that shows the outbox. A deployment's log
 * never holds one.
 */
export function outboxLog(
  config: LocalityConfig & Pick<Config, 'dataDir'>,
  channel: OutboxMessage['channel'],
  purpose: string,
  file: string,
  code: string | undefined,
): { fields: Record<string, string>; message: string } {
  const fields: Record<string, string> = { channel, purpose, file: path.resolve(config.dataDir, 'outbox', file) };
  const written = channel === 'email' ? 'mail written to the outbox' : 'sms written to the outbox';
  if (!code || !outboxIsLocal(config)) return { fields, message: written };
  fields.code = code;
  return { fields, message: `${written}: code ${code} (every message: ${config.publicBaseUrl}/dev/outbox)` };
}

/** One message as `/dev/outbox` lists it. */
export interface StoredOutboxMessage extends OutboxMessage {
  created_at: string;
}

const OUTBOX_FILE = /^\d+-(email|sms)-[0-9a-f]+\.json$/;

/** The newest `limit` messages of `DATA_DIR/outbox/`, newest first (unreadable files are left out). */
export async function readOutbox(dataDir: string, limit: number): Promise<StoredOutboxMessage[]> {
  const dir = path.join(dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  const newest = names
    .filter((name) => OUTBOX_FILE.test(name))
    .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10) || b.localeCompare(a))
    .slice(0, limit);
  const messages = await Promise.all(
    newest.map(async (name) => {
      try {
        const m = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Partial<StoredOutboxMessage>;
        const text = (v: unknown) => (typeof v === 'string' ? v : '');
        return {
          channel: m.channel === 'sms' ? 'sms' : 'email',
          to: text(m.to),
          purpose: text(m.purpose),
          subject: text(m.subject),
          text: text(m.text),
          created_at: text(m.created_at),
        } satisfies StoredOutboxMessage;
      } catch {
        return null;
      }
    }),
  );
  return messages.filter((m): m is StoredOutboxMessage => m !== null);
}
