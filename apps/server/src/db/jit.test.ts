/** The application's PostgreSQL connections compile no statement with JIT (issue 25: database.ts). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../test/harness.ts';
import { openDatabase } from './database.ts';

describe.runIf(onPostgres)('the PostgreSQL connections', () => {
  it('have jit off, every one of the pool', async () => {
    const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: 'memory' });
    try {
      // Several at once: each holds a connection of its own.
      const settings = await Promise.all(
        Array.from({ length: 4 }, () =>
          handle.db.transaction().execute(async (tx) => {
            const { rows } = await sql<{ jit: string; pid: number }>`select current_setting('jit') as jit,
              pg_backend_pid() as pid, pg_sleep(0.05)`.execute(tx);
            return rows[0];
          }),
        ),
      );
      expect(new Set(settings.map((s) => s?.pid)).size).toBe(4);
      expect(settings.map((s) => s?.jit)).toEqual(['off', 'off', 'off', 'off']);
    } finally {
      await handle.close();
    }
  });
});
