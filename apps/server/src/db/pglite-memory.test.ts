/** The embedded database's shared buffers: PGlite fills them at start-up, so they are its idle size. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestContext, pgliteTemplateDump, type TestContext } from '../test/harness.ts';
import { type DB, openDatabase, PGLITE_SHARED_BUFFERS } from './database.ts';

const sharedBuffers = async (db: DB) =>
  (await sql<{ v: string }>`select current_setting('shared_buffers') as v`.execute(db)).rows[0]?.v;

// PGlite only: the PostgreSQL leg runs the same file against a server whose settings are its own.
describe.skipIf(process.env.TEST_DB === 'postgres')('PGlite shared buffers', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());

  it('are 32MB unless configured (the database every test app opens), and PGLITE_SHARED_BUFFERS configures them', async () => {
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(await sharedBuffers(t.database.db)).toBe('32MB');
    const configured = loadConfig({ PGLITE_SHARED_BUFFERS: '48MB' }).pgliteSharedBuffers;
    const handle = await openDatabase({
      dataDir: 'memory',
      sharedBuffers: configured,
      loadDataDir: pgliteTemplateDump(),
    });
    try {
      expect(await sharedBuffers(handle.db)).toBe('48MB');
    } finally {
      await handle.close();
    }
  });

  it('refuses a setting that is not a size, before starting', async () => {
    await expect(openDatabase({ dataDir: 'memory', sharedBuffers: '1; drop' })).rejects.toThrow(
      "Not a size for shared buffers: '1; drop'",
    );
  });
});
