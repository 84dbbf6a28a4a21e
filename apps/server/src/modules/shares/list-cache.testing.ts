// Test helper of the community module: list answers may be up to 1 s old (API.md "Community").
import type { FastifyInstance } from 'fastify';
import { offsetClock } from '../../testing/test-clock.ts';

/**
 * Moves the app's clock 1 s (and a millisecond) ahead, past the list cache's lifetime: what a test
 * reads next is what a caller a second later reads. Time keeps running from there.
 */
export function passListCacheWindow(app: FastifyInstance): void {
  app.deps.clock = offsetClock(app.deps.clock, 1_001);
}
