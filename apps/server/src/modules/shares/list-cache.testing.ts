// Test helper of the community module: list answers may be up to 1 s old (API.md "Community").
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.ts';

/**
 * Moves the app's clock 1 s (and a millisecond) ahead, past the list cache's lifetime: what a test
 * reads next is what a caller a second later reads. Time keeps running from there.
 */
export function passListCacheWindow(app: FastifyInstance): void {
  const before: Clock = app.deps.clock;
  const now = () => new Date(before.now().getTime() + 1_001);
  app.deps.clock = {
    now,
    nowIso: () => now().toISOString(),
    isoIn: (ms) => new Date(now().getTime() + ms).toISOString(),
  };
}
