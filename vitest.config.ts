import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** The server tests start each file from a copy of a template database made once per run. */
const serverGlobalSetup = ['apps/server/src/test/global-setup.ts'];

export default defineConfig({
  test: {
    // Vitest's default leaves one core idle (cores - 1): on a 2-core CI machine that is one worker,
    // while the server tests spend much of their time waiting on PostgreSQL. One worker per core.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'] } },
      {
        // Component tests of the panel: the real components against a fake fetch answering like the server.
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/src/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: serverGlobalSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/src/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                globalSetup: serverGlobalSetup,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
