import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webBundleStale } from './start.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes `file` dated `mtime`, and dates its folders so too (a folder's time changes with its entries). */
function write(base: string, file: string, mtime: Date): void {
  fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  fs.writeFileSync(path.join(base, file), 'x');
  for (let part = file; part !== '.'; part = path.dirname(part)) fs.utimesSync(path.join(base, part), mtime, mtime);
}

describe('npm start rebuilds the panel only when it is stale', () => {
  const before = new Date('2026-01-01T10:00:00Z');
  const after = new Date('2026-01-01T11:00:00Z');
  function tree(): string {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-start-'));
    dirs.push(base);
    write(base, 'apps/web/src/app/app.tsx', before);
    write(base, 'packages/domain/src/index.ts', before);
    return base;
  }

  it('builds when nothing is built, and not when the bundle is newer than every source', () => {
    const base = tree();
    expect(webBundleStale(base)).toBe('the panel is not built yet');
    write(base, 'apps/web/dist/index.html', after);
    expect(webBundleStale(base)).toBeUndefined();
  });

  it('builds when a web source, a domain source or the lockfile changed after the bundle', () => {
    const base = tree();
    write(base, 'apps/web/dist/index.html', after);
    write(base, 'packages/domain/src/messages.ts', new Date('2026-01-01T12:00:00Z'));
    expect(webBundleStale(base)).toBe('packages/domain/src changed since the panel was built');
    write(base, 'apps/web/dist/index.html', new Date('2026-01-01T13:00:00Z'));
    write(base, 'package-lock.json', new Date('2026-01-01T14:00:00Z'));
    expect(webBundleStale(base)).toBe('package-lock.json changed since the panel was built');
  });
});
