import { defineConfig } from 'vitest/config';
import { E2E_LANES } from './e2e/lanes.ts';

/**
 * One vitest run, four projects: pure packages, the server's API tests (run once per database by
 * scripts/test.mjs through ARBOR_TEST_DB), the web's component tests, and e2e in real Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.isolated.test.ts'],
          environment: 'node',
          pool: 'forks',
          // Each file builds its own app on its own database, so files share a worker's loaded modules
          // instead of importing the whole server again (most of the pass's time when isolated).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Files that replace a Node module with vi.mock (DNS answers, a failing disk) need a fresh
          // module graph of their own: name them *.isolated.test.ts.
          name: 'server-isolated',
          include: ['apps/server/src/**/*.isolated.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // fails any spec whose pages log an uncaught error or a console error
          setupFiles: ['e2e/support/error-guard.ts'],
          // One spec file at a time per lane, each lane against its own server (e2e/lanes.ts).
          fileParallelism: E2E_LANES > 1,
          maxWorkers: E2E_LANES,
          // Tests of one file that may overlap (describe.concurrent: the axe pass over every route) run
          // three at a time: pages wait on the network and on animations much of the time.
          maxConcurrency: 2,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
