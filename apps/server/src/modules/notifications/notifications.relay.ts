import pg from 'pg';
import type { Trx } from '../../db/connection.ts';
import type { Deps, Logger } from '../../deps.ts';
import { safeError } from '../../lib/safe-error.ts';
import { notifyChannel } from './notifications.repository.ts';

/**
 * The PostgreSQL channel every process LISTENs on; a payload is `{"id", "recipient"}` (a notification)
 * or `{"ended"}` (a user whose session ended: their streams are checked at once).
 */
export const NOTIFY_CHANNEL = 'arbor_notifications';
/** Notifications announced by one `pg_notify` statement. */
const NOTIFY_BATCH = 1000;

/** How the LISTEN connection names itself in `pg_stat_activity`. */
export const LISTEN_APPLICATION_NAME = 'arbor-notifications-listen';

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export interface Written {
  id: number;
  recipient_id: number;
}

/**
 * Carries a written notification to the SSE hubs: on PostgreSQL through `NOTIFY` in the writing
 * transaction (delivered at its commit to every process LISTENing, this one included); on SQLite
 * (one process) straight to this process's hub once committed.
 */
export interface NotificationRelay {
  /** inside the writing transaction */
  announceIn(trx: Trx, written: Written[]): Promise<void>;
  /** after its commit */
  announced(written: Written[]): Promise<void>;
  /** tells every process that a session of `userId` ended (logout, password reset, deactivation) */
  sessionsEnded(userId: number): Promise<void>;
  /** before streams are served: resolves once this process hears what others write (never rejects) */
  start(): Promise<void>;
  close(): Promise<void>;
}

type Deliver = (recipientId: number, id: number) => Promise<void>;
type EndSessions = (userId: number) => Promise<void>;

/** SQLite: one process, so a notification goes to this process's hub after the commit. */
export function inProcessRelay(deliver: Deliver, endSessions: EndSessions): NotificationRelay {
  return {
    announceIn: async () => {},
    announced: async (written) => {
      await Promise.all(written.map((w) => deliver(w.recipient_id, w.id)));
    },
    sessionsEnded: endSessions,
    start: async () => {},
    close: async () => {},
  };
}

/**
 * PostgreSQL: `pg_notify` in the writing transaction, and one dedicated connection (not from the
 * pool: a LISTEN lives as long as its session) that LISTENs and hands each payload to the hub.
 * A lost connection is opened again with growing pauses; once it is back, `resync` lets the hub
 * send its streams whatever was written meanwhile.
 */
export function postgresRelay(
  deps: Pick<Deps, 'config' | 'db'> & { log: Logger },
  deliver: Deliver,
  resync: () => Promise<void>,
  endSessions: EndSessions,
): NotificationRelay {
  let client: pg.Client | null = null;
  let starting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let pause = RECONNECT_FIRST_MS;
  let closed = false;

  const onMessage = (message: pg.Notification) => {
    if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
    try {
      const { id, recipient, ended } = JSON.parse(message.payload) as {
        id: unknown;
        recipient: unknown;
        ended: unknown;
      };
      if (Number.isSafeInteger(id) && Number.isSafeInteger(recipient)) void deliver(recipient as number, id as number);
      else if (Number.isSafeInteger(ended)) void endSessions(ended as number);
    } catch {
      // not ours
    }
  };

  const lost = (which: pg.Client, error?: unknown) => {
    if (client !== which) return;
    client = null;
    which.removeAllListeners('notification');
    void which.end().catch(() => {});
    if (closed) return;
    deps.log.warn({ err: error ? safeError(error) : undefined }, 'notifications: the LISTEN connection was lost');
    schedule();
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect().then(
        () => resync(),
        () => schedule(),
      );
    }, pause);
    timer.unref();
    pause = Math.min(pause * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: deps.config.databaseUrl,
      keepAlive: true,
      // An unreachable database must not hold the first stream's request for long.
      connectionTimeoutMillis: 5_000,
      application_name: LISTEN_APPLICATION_NAME,
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', onMessage);
    try {
      await next.connect();
      await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('notification');
      await next.end().catch(() => {});
      deps.log.warn({ err: safeError(error) }, 'notifications: could not LISTEN');
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    pause = RECONNECT_FIRST_MS;
  };

  return {
    async announceIn(trx, written) {
      // One statement per batch, not per row: a template's new revision notifies thousands at once.
      for (let i = 0; i < written.length; i += NOTIFY_BATCH) {
        const payloads = written
          .slice(i, i + NOTIFY_BATCH)
          .map((w) => JSON.stringify({ id: w.id, recipient: w.recipient_id }));
        await notifyChannel(trx, NOTIFY_CHANNEL, payloads);
      }
    },
    announced: async () => {},
    async sessionsEnded(userId) {
      // Delivered to every process LISTENing, this one included.
      await notifyChannel(deps.db, NOTIFY_CHANNEL, [JSON.stringify({ ended: userId })]);
    },
    start() {
      starting ??= connect().catch(() => schedule());
      return starting;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('notification');
        await current.end().catch(() => {});
      }
    },
  };
}
