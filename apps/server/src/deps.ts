import type { Paginated, Share } from '@arbor/contract';
import type { TreeDocument, WaitsForGraph } from '@arbor/tree-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DB, Dialect } from './db/connection.ts';
import type { FilterCache } from './lib/cache/filter-cache.ts';
import type { GenerationReader } from './lib/cache/generations.ts';
import type { RevisionCache } from './lib/cache/revision-cache.ts';
import type { Clock } from './lib/clock.ts';
import type { DomainEvents } from './lib/events/events.ts';
import type { Jobs } from './lib/jobs/jobs.ts';
import type { Storage } from './lib/storage/storage.ts';

/** What a logger offers a service: pino's methods, without the Fastify instance behind them. */
export type Logger = FastifyBaseLogger;

/** The community list's answers remembered for a few seconds (`lib/cache/filter-cache.ts`). */
export interface CommunityCaches {
  /** how many shares match a filter */
  counts: FilterCache<number>;
  /** the first ids a search or tag filter keeps, in list order */
  orderedIds: FilterCache<number[]>;
  /** list pages as every caller shares them, for at most 1 s (API.md "Community"), by hidden scope and URL */
  pages: FilterCache<Promise<CachedSharePage>>;
  /** the shares' generation, read once for the requests that arrive together */
  generation: GenerationReader;
}

/**
 * A community list page as every caller shares it, kept as text: nothing is serialised again per
 * request; each signed-in caller's own marks are spliced in.
 */
export interface CachedSharePage {
  /** the whole answer for anonymous callers, encoded once */
  body: Buffer;
  /** the envelope (count, links) without `results` */
  envelope: Omit<Paginated<Share>, 'results'>;
  /**
   * each share's JSON text without the caller's marks (`tree`, `liked`, `my_rating`, `abilities`)
   * and without its closing brace
   */
  openShares: string[];
  /** per share: what the caller's marks are made from */
  marks: Array<{ id: number; authorId: number; treeId: number | null }>;
}

/** A tree document as learning reads it: parsed once per revision, with its waits-for graph. */
export interface LearnableDocument {
  /** shared by every request that reads this revision: never changed in place */
  document: TreeDocument;
  graph: WaitsForGraph;
  /** the root's id (never counted, never waited for), or null */
  root: string | null;
}

/** Learning's per-revision documents (`modules/learning/subjects.ts`). */
/** Trees' caches; a cache declared by one of its files adds itself here (`declare module`). */
export interface TreesCaches {}

/** Learning's caches; a cache declared by one of its files adds itself here (`declare module`). */
export interface LearningCaches {
  /** by tree id, stamped with the tree's uuid and revision */
  trees: RevisionCache<LearnableDocument>;
}

/**
 * What modules keep running for one app (hubs, connections), never module state: each module
 * declares its entry next to its factory by augmenting this interface (`declare module`), which
 * keeps deps.ts free of imports from the modules; `app.ts` builds every entry once per app.
 */
export interface AppRuntime {}

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
  /** long work handed off by requests (`lib/jobs/jobs.ts`) */
  jobs: Jobs;
  clock: Clock;
  /** this app's in-memory caches: one set per app, never module state (tests run several apps in one process) */
  caches: { community: CommunityCaches; learning: LearningCaches; trees: TreesCaches };
  /** this app's running parts, one set per app (see `AppRuntime`) */
  runtime: AppRuntime;
}
