/**
 * The first start's snapshot: `npm run build` migrates and seeds an embedded database once (the demo
 * with its invoices and audio) and keeps its data folder in apps/server/dist/first-start (git ignores
 * dist/). A server started on an empty DATA_DIR copies that folder instead of creating a cluster,
 * migrating and seeding (seconds), when the snapshot is still the one this code would make. A copied
 * folder (copy and open) starts in half the time PGlite took to unpack a dump of it into its files
 * (issue 25: 0.7 s against 1.4 s), and no dump is held in memory:
 * - its key matches: a hash of the migrations' names, the sources of every migrations folder and of
 *   the demo seed, and PGlite's version — a migration added or changed, or a seed changed, since the
 *   build refuses it;
 * - it was seeded today (London's calendar day): the demo's money is dated relative to the day it
 *   was seeded (a year of invoices ending last month, ledger entries so many days ago), and the
 *   ledger is append-only, so a snapshot of another day is refused rather than moved. Its stamps
 *   relative to the moment of seeding (desk phones' check-ins, registrations) are moved to now.
 * A refused snapshot is said in the log, and the server migrates and seeds as without one.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { allMigrations, migrateAll } from './areas.ts';
import { openDatabase } from './db/database.ts';
import { seedDemoInvoices } from './demo/invoices.ts';
import { seedDemo } from './demo/seed.ts';
import { londonToday } from './modules/billing/index.ts';
import { localFileStore } from './platform/file-store.ts';
import { createTenancy } from './platform/tenancy.ts';

const META = 'snapshot.json';
const PGDATA = 'pgdata';
const FILES = 'files';

export interface SnapshotMeta {
  key: string;
  /** When the seed began (ms): its time-relative stamps are moved by the snapshot's age. */
  seededAt: number;
}

export interface UsableSnapshot extends SnapshotMeta {
  /** The migrated, seeded PGlite data folder, copied into the server's DATA_DIR (copyPgdata). */
  pgdataDir: string;
  /** The seeded file store (the demo's audio), copied into the server's. */
  filesDir: string;
}

function pgliteVersion(): string {
  const entry = new URL(import.meta.resolve('@electric-sql/pglite'));
  for (let dir = path.dirname(entry.pathname); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version ?? '';
    }
  }
  return '';
}

/**
 * The sources the snapshot's content comes from, read from disk (a function's text differs between
 * Node's type stripping and a test runner's transform): every migrations folder (its data files, a
 * rate deck's CSV, too) and the demo seed,
 * without their tests.
 */
function sources(): string[] {
  const src = import.meta.dirname;
  return fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => (f.endsWith('.ts') && !f.endsWith('.test.ts')) || f.endsWith('.csv'))
    .filter((f) => f.split(path.sep).includes('migrations') || f.startsWith(`demo${path.sep}`))
    .sort()
    .map((f) => `${f}\n${fs.readFileSync(path.join(src, f), 'utf8')}`);
}

/** What a snapshot must have been made from: the migrations (names and sources), the seed and PGlite. */
export function snapshotKey(migrations: Record<string, Migration> = allMigrations()): string {
  const hash = crypto.createHash('sha256');
  hash.update(`${Object.keys(migrations).sort().join('\n')}\n`);
  for (const source of sources()) hash.update(source);
  hash.update(`pglite ${pgliteVersion()}`);
  return hash.digest('hex');
}

function readMeta(dir: string): SnapshotMeta | undefined {
  try {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, META), 'utf8')) as Partial<SnapshotMeta>;
    if (typeof meta.key !== 'string' || typeof meta.seededAt !== 'number') return undefined;
    return { key: meta.key, seededAt: meta.seededAt };
  } catch {
    return undefined;
  }
}

/** Why the snapshot in `dir` cannot be used now (undefined: it can). */
export function snapshotRefusal(dir: string, key: string, now = new Date()): string | undefined {
  const meta = readMeta(dir);
  if (!meta || !fs.existsSync(path.join(dir, PGDATA, 'PG_VERSION'))) return `no snapshot in ${dir}`;
  if (meta.key !== key) return 'the snapshot was made from other migrations or another demo seed';
  const seeded = londonToday(new Date(meta.seededAt));
  if (seeded !== londonToday(now)) return `the snapshot was seeded on ${seeded}, and the demo's dates are relative`;
  return undefined;
}

/** The snapshot in `dir` when it can be used now; otherwise says why not through `log`. */
export function usableSnapshot(
  dir: string,
  log: (message: string) => void,
  now = new Date(),
): UsableSnapshot | undefined {
  const refusal = snapshotRefusal(dir, snapshotKey(), now);
  if (refusal) {
    log(`first start without the build's snapshot: ${refusal} — migrating and seeding`);
    return undefined;
  }
  const meta = readMeta(dir) as SnapshotMeta;
  return { ...meta, pgdataDir: path.join(dir, PGDATA), filesDir: path.join(dir, FILES) };
}

/**
 * Copies the snapshot's data folder to `dataDir`/pgdata: beside it first and then renamed, so a
 * start stopped half-way leaves no half a cluster that a next start would take for a data folder.
 */
export function copyPgdata(snapshot: Pick<UsableSnapshot, 'pgdataDir'>, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, PGDATA);
  const part = `${target}.part`;
  fs.rmSync(part, { recursive: true, force: true });
  fs.cpSync(snapshot.pgdataDir, part, { recursive: true });
  // What a fresh data folder may hold under pgdata is never a cluster (isFreshDataDir): replaced.
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(part, target);
}

/** Whether PGlite's data folder under `dataDir` is still to be made (a first start). */
export function isFreshDataDir(dataDir: string): boolean {
  return dataDir !== 'memory' && !fs.existsSync(path.join(dataDir, PGDATA, 'PG_VERSION'));
}

/** Unpacks PGlite's data dump (a tar of its data folder) into `target`. */
export function unpackDump(tar: Buffer, target: string): void {
  fs.mkdirSync(target, { recursive: true });
  const unpacked = spawnSync('tar', ['-xf', '-', '-C', target], { input: tar, stdio: ['pipe', 'ignore', 'pipe'] });
  if (unpacked.status !== 0) throw new Error(`tar could not unpack the snapshot: ${unpacked.stderr.toString().trim()}`);
}

/**
 * Makes the snapshot in `dir` (unless the one there can be used now): an embedded database migrated
 * and seeded as a first start would, as its data folder, with its file store. Written beside and then
 * renamed, so a server never reads half a snapshot. Answers whether it made one.
 */
export async function makeSnapshot(dir: string, now = new Date()): Promise<boolean> {
  const key = snapshotKey();
  if (!snapshotRefusal(dir, key, now)) return false;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-first-start-'));
  try {
    // Migrated and seeded in memory (a data folder written as it goes took five times as long), then
    // its dump unpacked into work/pgdata: the folder a server copies. The dump is a plain tar; `tar`
    // unpacks it in a fraction of the time PGlite's own loading into a folder took.
    const handle = await openDatabase({ dataDir: 'memory' });
    try {
      await migrateAll(handle.db);
      const tenancy = createTenancy(handle.db);
      const seededAt = Date.now();
      await seedDemo(tenancy, localFileStore(path.join(work, FILES)));
      await seedDemoInvoices(tenancy);
      // Written out first: a dump whose sequences are only in the WAL starts ahead of them (template.ts).
      await sql`checkpoint`.execute(handle.db);
      if (!handle.pglite) throw new Error('PGlite expected');
      const dump = await handle.pglite.dumpDataDir('none');
      unpackDump(Buffer.from(await dump.arrayBuffer()), path.join(work, PGDATA));
      fs.mkdirSync(path.join(work, FILES), { recursive: true });
      fs.writeFileSync(path.join(work, META), JSON.stringify({ key, seededAt } satisfies SnapshotMeta));
    } finally {
      await handle.close();
    }
    const part = `${dir}.part`;
    fs.rmSync(part, { recursive: true, force: true });
    fs.cpSync(work, part, { recursive: true });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(part, dir);
    return true;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
