/**
 * Benchmark: the JavaScript a first visit downloads, gzip-compressed, for the login page and the
 * dashboard. Reads the panel's build (apps/web/dist, `npm run build` first) through Vite's manifest:
 * the entry chunk and its static imports, plus the page's lazy route chunks and their static imports
 * (the router loads them before the first render). Exits 1 when a page is over the budget (issue 11:
 * at most 200 KB gzip).
 *   npm run build && npm run bench:first-load -w @switchboard/bench
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = path.resolve(
  process.env.WEB_DIST ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist'),
);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the panel first (npm run build).`);
  process.exit(2);
}
const manifest: Manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

/** A chunk and everything it imports statically, as manifest keys. */
function closure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    into.add(key);
    closure(chunk.imports ?? [], into);
  }
  return into;
}

function gzipBytes(file: string): number {
  return gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
}

const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entry) throw new Error('no entry chunk in the manifest');
/** Each page's lazy route chunks: the signed-in layout (shell, sidebar, session) and the page. */
const pages: Record<string, string[]> = {
  'login page': ['src/features/session/login-page.tsx'],
  dashboard: ['src/app/authenticated.tsx', 'src/features/dashboard/dashboard-page.tsx'],
};

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const entryKeys = closure([entry]);
const entryBytes = [...entryKeys].reduce((sum, k) => sum + gzipBytes((manifest[k] as ManifestChunk).file), 0);
console.log(`entry chunk and its imports: ${kb(entryBytes)} gzip (${entryKeys.size} files)`);

let over = false;
for (const [name, sources] of Object.entries(pages)) {
  const keys = closure(sources, new Set(entryKeys));
  const files = [...keys].map((k) => (manifest[k] as ManifestChunk).file);
  const total = files.reduce((sum, f) => sum + gzipBytes(f), 0);
  const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
  if (total > BUDGET_BYTES) over = true;
  console.log(
    `${name}: ${kb(total)} gzip first-load JS in ${files.length} files (${verdict} the ${kb(BUDGET_BYTES)} budget)`,
  );
  const largest = files
    .map((f) => ({ f, b: gzipBytes(f) }))
    .sort((a, b) => b.b - a.b)
    .slice(0, 5)
    .map(({ f, b }) => `${path.basename(f)} ${kb(b)}`);
  console.log(`  largest: ${largest.join(', ')}`);
}
process.exit(over ? 1 : 0);
