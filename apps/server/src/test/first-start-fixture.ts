/**
 * A first-start snapshot for tests, made from the run's PGlite template (template.ts) instead of a
 * build: the same dump format, the key of `migrations`, seeded `seededAt`. The template has no demo
 * invoices (the build's snapshot has), which tells a start from it apart from a migrate-and-seed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Migration } from 'kysely/migration';
import { inject } from 'vitest';
import { allMigrations } from '../areas.ts';
import { snapshotKey } from '../first-start.ts';

export function pgliteTemplateFile(): string | undefined {
  const template = inject('serverTemplate');
  return template?.kind === 'pglite' ? template.file : undefined;
}

export function snapshotFromTemplate(options: { migrations?: Record<string, Migration>; seededAt?: number } = {}): {
  dir: string;
  remove: () => void;
} {
  const file = pgliteTemplateFile();
  if (!file) throw new Error('a PGlite template is needed (the server-pglite project)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-snapshot-test-'));
  fs.copyFileSync(file, path.join(dir, 'pgdata.tar'));
  fs.mkdirSync(path.join(dir, 'files'));
  const key = snapshotKey(options.migrations ?? allMigrations());
  fs.writeFileSync(path.join(dir, 'snapshot.json'), JSON.stringify({ key, seededAt: options.seededAt ?? Date.now() }));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
