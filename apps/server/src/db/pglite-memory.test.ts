/** The embedded database's shared buffers: PGlite fills them at start-up, so they are its idle size. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './database.ts';

const setting = async (sharedBuffers?: string) => {
  const handle = await openDatabase({ dataDir: 'memory', sharedBuffers });
  try {
    const { rows } = await sql<{ v: string }>`select current_setting('shared_buffers') as v`.execute(handle.db);
    return rows[0]?.v;
  } finally {
    await handle.close();
  }
};

// PGlite only: the PostgreSQL leg runs the same file against a server whose settings are its own.
describe.skipIf(process.env.TEST_DB === 'postgres')('PGlite shared buffers', () => {
  it('are 32MB unless configured, and PGLITE_SHARED_BUFFERS configures them', async () => {
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(await setting()).toBe('32MB');
    const configured = loadConfig({ PGLITE_SHARED_BUFFERS: '48MB' }).pgliteSharedBuffers;
    expect(await setting(configured)).toBe('48MB');
  });

  it('refuses a setting that is not a size, before starting', async () => {
    await expect(openDatabase({ dataDir: 'memory', sharedBuffers: '1; drop' })).rejects.toThrow(
      "Not a size for shared buffers: '1; drop'",
    );
  });
});
