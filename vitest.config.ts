import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** The server tests start each file from a copy of a template database made once per run. */
const serverGlobalSetup = ['apps/server/src/test/global-setup.ts'];

/**
 * The security sweeps (every route as every caller, every route given bad input) are the slowest
 * files; with a PostgreSQL leg in the run they sweep there (the production database) and the
 * embedded leg skips them. A run without PostgreSQL sweeps on PGlite.
 */
const SECURITY_SWEEPS = [
  'apps/server/src/test/security/authorization.test.ts',
  'apps/server/src/test/security/fuzz.test.ts',
];

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
          // No module mocks, and setup.ts empties the DOM, storage and stubs after each test: the
          // workers keep React, MUI and the panel's modules from file to file (imports and their
          // transforms were two thirds of this project's CPU time).
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? SECURITY_SWEEPS : [])],
          env: { TEST_DB: 'pglite' },
          globalSetup: serverGlobalSetup,
          // Each file builds its own app on its own database copy, and no server test mocks a module:
          // the workers keep the imported modules from file to file (a fifth of the run was imports).
          isolate: false,
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
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
