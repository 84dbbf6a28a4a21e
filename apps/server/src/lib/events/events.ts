import type { FastifyBaseLogger } from 'fastify';
import type { DB, Trx } from '../../db/connection.ts';
import { safeError } from '../safe-error.ts';

/**
 * The domain events one module announces and others react to, by name. A module that wants to know
 * what another did subscribes here instead of being called by it. Empty here: each module declares the
 * events it publishes in its own `<module>.events.ts`, by augmenting this
 * interface, so lib never names a module:
 *
 *     declare module '../../lib/events/events.ts' {
 *       interface DomainEventMap { 'tree.deleted': { treeId: number; … } }
 *     }
 */
export interface DomainEventMap {}

export type DomainEventName = keyof DomainEventMap;

/** Work a participant leaves for after the commit (removing stored files, say). */
export type AfterCommit = () => Promise<void>;

/**
 * Runs inside the emitting transaction, so that another module's rows stay consistent with the
 * write (counters, for instance). Its failure undoes the whole write. It may return work for after
 * the commit, and publish events of its own in the same transaction (a deleted account's trees
 * announce `tree.deleted` like any other deleted tree).
 */
export type Participant<N extends DomainEventName> = (
  trx: Trx,
  event: DomainEventMap[N],
  publish: Publish,
) => Promise<AfterCommit | void>;

/** Runs after the emitting transaction committed; a failure is logged and never undoes the write. */
export type Handler<N extends DomainEventName> = (event: DomainEventMap[N]) => Promise<void>;

/** Publishes an event from inside a transaction opened by `DomainEvents.transaction`. */
export type Publish = <N extends DomainEventName>(name: N, event: DomainEventMap[N]) => Promise<void>;

type AnyParticipant = (trx: Trx, event: unknown, publish: Publish) => Promise<AfterCommit | void>;
type AnyHandler = (event: unknown) => Promise<void>;

/**
 * Typed domain events. Publishing happens inside a transaction: participants run at once in it,
 * handlers (and the work participants left) run one after another once it committed, and nothing
 * runs when it rolled back.
 */
export class DomainEvents {
  private readonly participants = new Map<DomainEventName, AnyParticipant[]>();
  private readonly handlers = new Map<DomainEventName, AnyHandler[]>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Subscribes `participant` to run inside every transaction that publishes `name`. */
  within<N extends DomainEventName>(name: N, participant: Participant<N>): void {
    const list = this.participants.get(name) ?? [];
    list.push(participant as AnyParticipant);
    this.participants.set(name, list);
  }

  /** Subscribes `handler` to run after every committed transaction that published `name`. */
  on<N extends DomainEventName>(name: N, handler: Handler<N>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as AnyHandler);
    this.handlers.set(name, list);
  }

  /**
   * Runs `work` in one transaction with a `publish` for its events; resolves after the commit and
   * after every handler ran (so a caller answering a request has seen the clean-up through).
   */
  async transaction<T>(db: DB, work: (trx: Trx, publish: Publish) => Promise<T>): Promise<T> {
    const afterCommit: AfterCommit[] = [];
    const result = await db.transaction().execute(async (trx) => {
      const publish: Publish = async (name, event) => {
        for (const participant of this.participants.get(name) ?? []) {
          const later = await participant(trx, event, publish);
          if (later) afterCommit.push(later);
        }
        for (const handler of this.handlers.get(name) ?? []) afterCommit.push(() => handler(event));
      };
      return work(trx, publish);
    });
    for (const run of afterCommit) {
      try {
        await run();
      } catch (error) {
        this.log.error({ err: safeError(error) }, 'a domain event handler failed after the commit');
      }
    }
    return result;
  }

  /** Publishes one event in a transaction of its own. */
  async publish<N extends DomainEventName>(db: DB, name: N, event: DomainEventMap[N]): Promise<void> {
    await this.transaction(db, (_trx, publish) => publish(name, event));
  }
}
