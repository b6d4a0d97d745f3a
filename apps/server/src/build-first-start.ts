/**
 * `npm run build` (the server's part): makes the first-start snapshot (first-start.ts) in
 * FIRST_START_SNAPSHOT (default apps/server/dist/first-start), unless the one there is still usable.
 */
import { FIRST_START_SNAPSHOT_DIR, loadConfig } from './config.ts';
import { makeSnapshot } from './first-start.ts';

const dir = loadConfig().firstStartSnapshot ?? FIRST_START_SNAPSHOT_DIR;
const started = performance.now();
const made = await makeSnapshot(dir);
console.log(
  made
    ? `first-start snapshot made in ${dir} (${((performance.now() - started) / 1000).toFixed(1)} s)`
    : `first-start snapshot in ${dir} is up to date`,
);
