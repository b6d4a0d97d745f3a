/**
 * `npm start`: builds only what is stale, then starts the server in this process (issue 25: the panel
 * answers within seconds of `npm start` on an existing build, where rebuilding every time took ~30 s).
 * - The panel's bundle (apps/web/dist) is rebuilt when a file it is made from is newer than its
 *   index.html: the web app, the domain package, the lockfile.
 * - The first-start snapshot checks its own key (build-first-start.ts: remade when the migrations or
 *   the seed changed or a new day began).
 * Node's compile cache is on before any of the server's modules load (as in main.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';

module.enableCompileCache?.();
const root = path.resolve(import.meta.dirname, '..');
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];

/** The newest modification time under `file` (a file or a folder, walked), 0 when it is absent. */
function newest(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(file).reduce((latest, entry) => Math.max(latest, newest(path.join(file, entry))), stat.mtimeMs);
}

/** Why the panel's bundle must be rebuilt, or undefined when it is current. */
export function webBundleStale(base = root): string | undefined {
  const built = fs.statSync(path.join(base, 'apps/web/dist/index.html'), { throwIfNoEntry: false });
  if (!built) return 'the panel is not built yet';
  const changed = WEB_SOURCES.find((source) => newest(path.join(base, source)) > built.mtimeMs);
  return changed ? `${changed} changed since the panel was built` : undefined;
}

if (import.meta.main) {
  const stale = webBundleStale();
  if (stale) {
    console.log(`Building the panel: ${stale}`);
    const built = spawnSync('npm', ['run', 'build', '-w', '@switchboard/web'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  await import('../apps/server/src/build-first-start.ts');
  await import('../apps/server/src/main.ts');
}
