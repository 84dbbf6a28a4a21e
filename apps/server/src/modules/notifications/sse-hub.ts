import type { ServerResponse } from 'node:http';
import type { Notification } from '@arbor/contract';
import type { Logger } from '../../deps.ts';
import { safeError } from '../../lib/safe-error.ts';

/** API.md: a comment line this often keeps a quiet stream open through proxies. */
export const HEARTBEAT_MS = 25_000;
/** Streams one user may hold open in one process; opening another ends the oldest. */
export const STREAMS_PER_USER = 5;
/** At most this many notifications are replayed after a `Last-Event-ID` (the newest ones). */
export const REPLAY_LIMIT = 100;

/** At most this many notifications are read from the database in one query when delivering. */
export const DELIVERY_BATCH = 500;

/** How the hub reads notifications, each presented in its recipient's locale, oldest first. */
export interface NotificationLoader {
  /** the notifications among `ids` that exist, with their recipients */
  byIds(ids: number[]): Promise<Array<{ recipientId: number; notification: Notification }>>;
  after(userId: number, afterId: number, limit: number): Promise<Notification[]>;
  latestId(userId: number): Promise<number>;
  /** The session version of each of these users whose account is active (others are absent). */
  sessions(userIds: number[]): Promise<Map<number, number>>;
}

class Stream {
  /** the newest notification id this stream has sent or knows its client has */
  lastSentId = 0;
  /** true until the replay after opening is done; deliveries wait in `queue` meanwhile */
  opening = true;
  queue: Notification[] = [];

  constructor(
    readonly userId: number,
    readonly res: ServerResponse,
    /** the user's session version when the stream opened: a logout or password change moves it on */
    readonly sessionVersion: number,
  ) {}

  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  write(text: string): void {
    if (this.open) this.res.write(text);
  }

  send(notification: Notification): void {
    if (notification.id <= this.lastSentId) return;
    this.write(`id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`);
    this.lastSentId = notification.id;
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }
}

/**
 * The notification streams open in this process, by user. A notification id reaching `deliver`
 * (from the relay: LISTEN/NOTIFY on PostgreSQL, in-process on SQLite) is read once and written to
 * each of its recipient's streams as `event: notification` with `id:` = the notification id.
 * One hub per app: tests run several apps in one process.
 */
export class SseHub {
  private readonly streams = new Map<number, Set<Stream>>();
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  /** announced notifications waiting for the next delivery batch */
  private pending: Array<{ userId: number; id: number }> = [];
  private batchScheduled = false;
  /** the delivery batches run one after another, so that every stream gets its events in order */
  private deliveries: Promise<void> = Promise.resolve();

  constructor(
    private readonly loader: NotificationLoader,
    private readonly log: Pick<Logger, 'error'>,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  /** How many streams are open (all users). */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /**
   * Adds an already started event-stream response of `userId`, opened in session `sessionVersion`.
   * With `lastEventId` (a reconnect), the user's notifications after it are replayed first;
   * notifications arriving meanwhile follow in order, none twice.
   */
  async open(userId: number, res: ServerResponse, lastEventId: number | null, sessionVersion: number): Promise<void> {
    if (this.closed) {
      res.end();
      return;
    }
    const stream = new Stream(userId, res, sessionVersion);
    const set = this.streams.get(userId) ?? new Set<Stream>();
    this.streams.set(userId, set);
    set.add(stream);
    if (set.size > STREAMS_PER_USER) {
      const oldest = set.values().next().value!;
      this.remove(oldest);
      oldest.end();
    }
    res.on('close', () => this.remove(stream));
    this.startHeartbeat();
    try {
      if (lastEventId !== null) {
        stream.lastSentId = lastEventId;
        for (const n of await this.loader.after(userId, lastEventId, REPLAY_LIMIT)) stream.send(n);
      } else {
        const latest = await this.loader.latestId(userId);
        // What arrived while the stream opened is news to the client; it follows below.
        for (const n of stream.queue.sort((a, b) => a.id - b.id)) stream.send(n);
        stream.queue = [];
        stream.lastSentId = Math.max(stream.lastSentId, latest);
      }
    } catch (error) {
      this.log.error({ err: safeError(error) }, 'a notification stream could not replay');
    }
    stream.opening = false;
    for (const n of stream.queue.sort((a, b) => a.id - b.id)) stream.send(n);
    stream.queue = [];
  }

  /**
   * Sends notification `id` of `userId` to the user's streams in this process (if any). What is
   * announced in one turn of the event loop (a NOTIFY burst, a handler's fan-out) is read in one
   * query per `DELIVERY_BATCH`, not one per notification; resolves once it was written.
   */
  deliver(userId: number, id: number): Promise<void> {
    if (!this.streams.get(userId)?.size) return Promise.resolve();
    this.pending.push({ userId, id });
    if (!this.batchScheduled) {
      this.batchScheduled = true;
      this.deliveries = this.deliveries
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => {
          this.batchScheduled = false;
          const batch = this.pending;
          this.pending = [];
          return this.deliverBatch(batch);
        });
    }
    return this.deliveries;
  }

  private async deliverBatch(batch: Array<{ userId: number; id: number }>): Promise<void> {
    for (let from = 0; from < batch.length; from += DELIVERY_BATCH) {
      const chunk = batch.slice(from, from + DELIVERY_BATCH);
      try {
        const found = await this.loader.byIds(chunk.map((d) => d.id));
        // A stream whose session ended meanwhile gets nothing more: it is ended here, not at the heartbeat.
        await this.endEndedSessions(found.map((f) => f.recipientId));
        for (const { recipientId, notification } of found) {
          // An announcement names its recipient; a row of someone else is never sent on its word.
          if (!chunk.some((d) => d.id === notification.id && d.userId === recipientId)) continue;
          for (const stream of this.streams.get(recipientId) ?? []) {
            if (stream.opening) stream.queue.push(notification);
            else stream.send(notification);
          }
        }
      } catch (error) {
        this.log.error({ err: safeError(error) }, 'notifications could not be delivered to their streams');
      }
    }
  }

  /**
   * Sends every stream what it may have missed (after the relay lost and regained its
   * connection): its user's notifications after the last one it sent.
   */
  async resync(): Promise<void> {
    for (const [userId, set] of this.streams) {
      for (const stream of set) {
        if (stream.opening) continue;
        try {
          for (const n of await this.loader.after(userId, stream.lastSentId, REPLAY_LIMIT)) stream.send(n);
        } catch (error) {
          this.log.error({ err: safeError(error) }, 'a notification stream could not catch up');
        }
      }
    }
  }

  /**
   * Ends the streams (of `userIds`, or of everyone) whose session is over: the user logged out,
   * changed or reset their password (the session version moved on), or the account was deactivated
   * or removed. Runs when a session ends (the relay tells every process), before each delivery, and
   * with every heartbeat as a safety net.
   */
  async endEndedSessions(userIds?: number[]): Promise<void> {
    const users = [...new Set(userIds ?? this.streams.keys())].filter((id) => this.streams.has(id));
    if (users.length === 0) return;
    let sessions: Map<number, number>;
    try {
      sessions = await this.loader.sessions(users);
    } catch (error) {
      this.log.error({ err: safeError(error) }, 'the sessions of notification streams could not be checked');
      return;
    }
    for (const userId of users) {
      for (const stream of [...(this.streams.get(userId) ?? [])]) {
        if (sessions.get(stream.userId) === stream.sessionVersion) continue;
        this.remove(stream);
        stream.end();
      }
    }
  }

  /** Ends every stream and refuses new ones (the server is closing). */
  closeAll(): void {
    this.closed = true;
    for (const set of this.streams.values()) for (const stream of set) stream.end();
    this.streams.clear();
    this.stopHeartbeat();
  }

  private remove(stream: Stream): void {
    const set = this.streams.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.streams.delete(stream.userId);
    if (this.streams.size === 0) this.stopHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const set of this.streams.values()) for (const stream of set) stream.write(': keep-alive\n\n');
      void this.endEndedSessions();
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
