import type { DB } from '../../db/connection.ts';
import { readGeneration } from './generations.repository.ts';

export { bumpGeneration, readGeneration } from './generations.repository.ts';

/**
 * Reads of one generation shared by the requests that arrive together, with at most one read in
 * flight: a request that arrives while a read runs waits for the next one, which starts when that
 * read ends and serves every request that arrived meanwhile. Each request still gets a value read
 * after it arrived, never an older one (a request answered after a change was committed and noted
 * sees that change, whichever process made it), while under load one round trip to the database
 * serves a whole round trip's worth of requests (issue 29: a read a request was most of a cached
 * list answer's cost on PostgreSQL).
 */
export class GenerationReader {
  /** the read requests arriving now join: not started yet */
  private next: Promise<number> | null = null;
  /** the latest read, started or not (settled once it is done) */
  private latest: Promise<unknown> = Promise.resolve();

  constructor(private readonly name: string) {}

  read(db: DB): Promise<number> {
    if (!this.next) {
      const next = this.latest
        // after the turn of the event loop, so that requests arriving together share the read
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => {
          this.next = null;
          return readGeneration(db, this.name);
        });
      this.next = next;
      this.latest = next.catch(() => undefined);
    }
    return this.next;
  }
}
