import type { DB } from '../../db/connection.ts';
import { readGeneration } from './generations.repository.ts';

export { bumpGeneration, readGeneration } from './generations.repository.ts';

/**
 * Reads of one generation shared by every request that asks before the read starts: the read runs
 * on the next turn of the event loop, so requests that arrive together (50 connections at once)
 * make one query, and each request gets a value read after it arrived, never an older one (a
 * request answered after a change was committed and noted sees that change).
 */
export class GenerationReader {
  private next: Promise<number> | null = null;

  constructor(private readonly name: string) {}

  read(db: DB): Promise<number> {
    this.next ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        this.next = null;
        readGeneration(db, this.name).then(resolve, reject);
      });
    });
    return this.next;
  }
}
