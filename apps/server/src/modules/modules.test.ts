/**
 * A module (modules/billing, modules/identity, modules/mail) is used through its one public
 * index.ts: no file outside a module imports the module's other files (its own tests may).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const SPECIFIER = /(?:from|import|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The module a file belongs to ('billing'), or null. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(path.relative(SRC, file))?.[1] ?? null;

function backDoorImports(files: ReadonlyArray<{ file: string; text: string }>): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    for (const [, spec] of text.matchAll(SPECIFIER)) {
      const target = path.resolve(path.dirname(file), spec ?? '');
      const mod = moduleOf(target);
      if (mod && mod !== moduleOf(file) && path.basename(target) !== 'index.ts') {
        found.push(`${path.relative(SRC, file)} imports ${path.relative(SRC, target)}`);
      }
    }
  }
  return found;
}

describe('modules', () => {
  it('are imported through their index.ts only', () => {
    const files = sources(SRC).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
    expect(backDoorImports(files)).toEqual([]);
  });
  it('a back-door import is found', () => {
    const file = path.join(SRC, 'features', 'probe.ts');
    const text =
      "import { postToLedger } from '../modules/billing/ledger.ts';\nimport { pence } from '../modules/billing/index.ts';\n";
    expect(backDoorImports([{ file, text }])).toEqual(['features/probe.ts imports modules/billing/ledger.ts']);
  });
});
