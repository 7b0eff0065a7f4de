import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, where a file
    // mostly waits (on PostgreSQL, Chromium or its own server), so two workers finish sooner.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/admin/src/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.e2e.test.ts', 'apps/admin/e2e/**/*.e2e.test.ts'],
          // The journeys' sites run on PGlite whatever TEST_DB says.
          globalSetup: ['apps/server/test/global-setup.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
