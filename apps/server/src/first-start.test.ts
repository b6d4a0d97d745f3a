/**
 * The first start's snapshot (first-start.ts): used on an empty data folder when it matches, refused
 * (the server migrates and seeds) when a migration was added since it was made or it is stale.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.ts';
import { allMigrations } from './areas.ts';
import { loadConfig } from './config.ts';
import { snapshotKey, snapshotRefusal } from './first-start.ts';
import { fileKey, localFileStore } from './platform/file-store.ts';
import { storedKeys } from './test/file-stores.ts';
import { pgliteTemplateFile, snapshotFromTemplate } from './test/first-start-fixture.ts';

const DAY = 86_400_000;
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

/** All migrations but the latest: the code a snapshot made before it was added knew. */
function withoutLatest() {
  const all = allMigrations();
  const latest = Object.keys(all).sort().at(-1) as string;
  const { [latest]: _, ...rest } = all;
  return rest;
}

describe.skipIf(!pgliteTemplateFile())('snapshot refusal', () => {
  it('accepts a snapshot of these migrations seeded today, refuses one after a migration was added or another day', async () => {
    const fresh = await snapshotFromTemplate();
    cleanups.push(fresh.remove);
    const key = snapshotKey();
    expect(snapshotRefusal(fresh.dir, key)).toBeUndefined();
    expect(snapshotRefusal(fresh.dir, key, new Date(Date.now() + DAY))).toMatch(/seeded on .*relative/);
    const older = await snapshotFromTemplate({ migrations: withoutLatest() });
    cleanups.push(older.remove);
    expect(snapshotRefusal(older.dir, key)).toMatch(/other migrations/);
    expect(snapshotRefusal(path.join(fresh.dir, 'none'), key)).toMatch(/no snapshot/);
  });

  it('changes its key with the migrations (a name added), not only with the snapshot', () => {
    expect(snapshotKey(withoutLatest())).not.toBe(snapshotKey());
    expect(snapshotKey()).toBe(snapshotKey());
  });
});

describe.skipIf(!pgliteTemplateFile())('the server on an empty data folder', () => {
  async function start(snapshotDir: string) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-first-start-test-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const said: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((message: unknown) => void said.push(String(message)));
    const config = loadConfig({}, { dataDir, databaseUrl: undefined, seedDemo: true, firstStartSnapshot: snapshotDir });
    const app = await buildApp(config, { logger: false });
    cleanups.push(() => app.close());
    const invoices = await app.platform.tenancy.crossAccount('seed', (tx) =>
      sql<{ n: number }>`select count(*)::int as n from invoices`.execute(tx),
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/users/auth/login',
      payload: { username: 'retail', password: 'Switchboard-1' },
    });
    const files = await storedKeys(app.platform.files, '');
    return { said, invoices: Number(invoices.rows[0]?.n), login: login.json() as { success: boolean }, files };
  }

  it('starts from a snapshot that matches: no seeding (the template has no invoices), its files copied in', async () => {
    const snapshot = await snapshotFromTemplate({ seededAt: Date.now() });
    cleanups.push(snapshot.remove);
    const key = fileKey('music-on-hold', 'mp3');
    await localFileStore(path.join(snapshot.dir, 'files')).put(
      key,
      (async function* () {
        yield Buffer.from('a tune');
      })(),
    );
    const started = await start(snapshot.dir);
    expect(started.said.join('\n')).toMatch(/first start from the build's snapshot/);
    expect(started.invoices).toBe(0);
    expect(started.files).toEqual([key]);
    expect(started.login.success).toBe(true);
  }, 600_000);

  it('migrates and seeds (with the demo invoices) when a migration was added since the snapshot', async () => {
    const snapshot = await snapshotFromTemplate({ migrations: withoutLatest() });
    cleanups.push(snapshot.remove);
    const started = await start(snapshot.dir);
    expect(started.said.join('\n')).toMatch(/without the build's snapshot: .*other migrations/);
    expect(started.invoices).toBeGreaterThan(0);
    expect(started.login.success).toBe(true);
  }, 600_000);
});
