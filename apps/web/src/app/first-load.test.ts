/**
 * The first load's structural rules (issue 25 item 5): what the login page and the dashboard import
 * statically — from the entry, the login page, the signed-in shell, the dashboard and the top bar's
 * badge — holds no zod schema and none of the modules that bring the weight back: the typed client
 * (client.ts, with the domain's route contracts), notistack, MUI's Tooltip (Popper) and
 * react-router's data router. Each domain name those files use comes from a module without zod.
 * bench/first-load.bench.ts measures the bytes; this test keeps the structure that makes them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';

const web = path.resolve(import.meta.dirname, '..');
const domain = path.resolve(web, '../../../packages/domain/src');
const ROOTS = [
  'main.tsx',
  'features/session/login-page.tsx',
  'app/authenticated.tsx',
  'features/dashboard/dashboard-page.tsx',
  'features/notifications/unread-badge.tsx',
].map((f) => path.join(web, f));

/** Modules that must not be imported (as values) on the way to the dashboard. */
const FORBIDDEN = ['zod', 'notistack', '@mui/material/Tooltip', '@mui/material/Popper', '@switchboard/domain/session'];
const FORBIDDEN_FILES = [path.join(web, 'platform/client.ts')];

interface StaticImport {
  source: string;
  /** The names imported as values ('*' for a namespace or a re-export of everything). */
  names: string[];
}

/** A file's static value imports and re-exports (type-only ones left out; import() is lazy). */
function staticImports(file: string): StaticImport[] {
  const ast = parse(fs.readFileSync(file, 'utf8'), { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found: StaticImport[] = [];
  for (const node of ast.program.body) {
    if (node.type === 'ImportDeclaration' && node.importKind !== 'type') {
      const names = node.specifiers
        .filter((s) => !(s.type === 'ImportSpecifier' && s.importKind === 'type'))
        .map((s) => (s.type === 'ImportSpecifier' && s.imported.type === 'Identifier' ? s.imported.name : '*'));
      if (names.length > 0 || node.specifiers.length === 0) found.push({ source: node.source.value, names });
    } else if (node.type === 'ExportAllDeclaration' && node.exportKind !== 'type') {
      found.push({ source: node.source.value, names: ['*'] });
    } else if (node.type === 'ExportNamedDeclaration' && node.source && node.exportKind !== 'type') {
      found.push({ source: node.source.value, names: ['*'] });
    }
  }
  return found;
}

const isRelative = (source: string) => source.startsWith('.');

/** The web files the first load reaches statically, and every package source they import. */
function firstLoadGraph() {
  const files = new Set<string>();
  const imports: Array<{ from: string } & StaticImport> = [];
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imp of staticImports(file)) {
      imports.push({ from: path.relative(web, file), ...imp });
      if (isRelative(imp.source)) visit(path.resolve(path.dirname(file), imp.source));
    }
  };
  for (const root of ROOTS) visit(root);
  return { files, imports };
}

/** The domain module that declares `name` (following the index's `export *`). */
function domainModuleOf(name: string): string {
  const declares = new RegExp(`export (const|function|class|enum) ${name}\\b`);
  const modules = staticImports(path.join(domain, 'index.ts')).map((i) => path.join(domain, i.source));
  const module = modules.find((m) => declares.test(fs.readFileSync(m, 'utf8')));
  if (!module) throw new Error(`no domain module declares ${name}`);
  return module;
}

/** Whether a domain module brings zod, itself or through its imports. */
function bringsZod(module: string, seen = new Set<string>()): boolean {
  if (seen.has(module)) return false;
  seen.add(module);
  return staticImports(module).some(
    (i) =>
      i.source === 'zod' || (isRelative(i.source) && bringsZod(path.resolve(path.dirname(module), i.source), seen)),
  );
}

describe('the first load (login page to the dashboard)', () => {
  const { files, imports } = firstLoadGraph();

  it('imports none of the heavy modules', () => {
    const bad = imports.filter((i) => FORBIDDEN.includes(i.source)).map((i) => `${i.from} imports ${i.source}`);
    const badFiles = [...files].filter((f) => FORBIDDEN_FILES.includes(f)).map((f) => path.relative(web, f));
    expect([...bad, ...badFiles]).toEqual([]);
  });

  it('uses no data router (createBrowserRouter and its kin: 17 KB gzip of react-router)', () => {
    const dataRouter = imports.filter(
      (i) => i.source === 'react-router' && i.names.some((n) => /^create\w*Router$|^RouterProvider$/.test(n)),
    );
    expect(dataRouter.map((i) => i.from)).toEqual([]);
  });

  it('takes each domain name from a module without zod', () => {
    const names = new Set(imports.filter((i) => i.source === '@switchboard/domain').flatMap((i) => i.names));
    expect(names.size).toBeGreaterThan(0);
    const withZod = [...names].filter((name) => bringsZod(domainModuleOf(name)));
    expect(withZod).toEqual([]);
  });
});
