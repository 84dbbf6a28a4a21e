import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DB, Dialect } from './db/connection.ts';
import type { Clock } from './lib/clock.ts';
import type { DomainEvents } from './lib/events/events.ts';
import type { Storage } from './lib/storage/storage.ts';

/** What a logger offers a service: pino's methods, without the Fastify instance behind them. */
export type Logger = FastifyBaseLogger;

/**
 * Everything a service may use, built once in `app.ts` and passed explicitly: services never see the
 * Fastify instance (routes are the only Fastify-aware files).
 */
export interface Deps {
  db: DB;
  dialect: Dialect;
  storage: Storage;
  config: Config;
  log: Logger;
  events: DomainEvents;
  clock: Clock;
}
