/**
 * A first-start snapshot for tests, made from the run's PGlite template (template.ts) instead of a
 * build: the template's dump unpacked once per file into a data folder (the snapshot's format), the
 * key of `migrations`, seeded `seededAt`. The template has no demo invoices (the build's snapshot
 * has), which tells a start from it apart from a migrate-and-seed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Migration } from 'kysely/migration';
import { inject } from 'vitest';
import { allMigrations } from '../areas.ts';
import { snapshotKey, unpackDump } from '../first-start.ts';

export function pgliteTemplateFile(): string | undefined {
  const template = inject('serverTemplate');
  return template?.kind === 'pglite' ? template.file : undefined;
}

let unpacked: string | undefined;

/** The template's data folder (its dump unpacked once, as the build unpacks its own). */
function templateDataDir(file: string): string {
  unpacked ??= (() => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-snapshot-template-')), 'pgdata');
    unpackDump(fs.readFileSync(file), dir);
    return dir;
  })();
  return unpacked;
}

export async function snapshotFromTemplate(
  options: { migrations?: Record<string, Migration>; seededAt?: number } = {},
): Promise<{ dir: string; remove: () => void }> {
  const file = pgliteTemplateFile();
  if (!file) throw new Error('a PGlite template is needed (the server-pglite project)');
  const pgdata = templateDataDir(file);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-snapshot-test-'));
  fs.cpSync(pgdata, path.join(dir, 'pgdata'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'files'));
  const key = snapshotKey(options.migrations ?? allMigrations());
  fs.writeFileSync(path.join(dir, 'snapshot.json'), JSON.stringify({ key, seededAt: options.seededAt ?? Date.now() }));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
