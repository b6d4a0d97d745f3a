/**
 * Every regular expression literal (and `new RegExp('literal')`) in the product's source files:
 * packages/domain, apps/server and apps/web, tests and scratch files left out. Used by the ReDoS
 * lint (check-regexes.ts) and the timing test that feeds each the worst inputs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';

export interface FoundRegex {
  file: string;
  line: number;
  source: string;
  flags: string;
}

const ROOTS = ['packages/domain/src', 'apps/server/src', 'apps/web/src'];
const SKIP = /(\.test\.tsx?|\.tmp\.ts|\.d\.ts)$/;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test') out.push(...files(full));
    } else if (/\.tsx?$/.test(entry.name) && !SKIP.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

type Node = { type: string; [key: string]: unknown };

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  visit(node as Node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra') continue;
    if (value && typeof value === 'object') walk(value, visit);
  }
}

export function collectRegexes(root: string): FoundRegex[] {
  const found: FoundRegex[] = [];
  for (const base of ROOTS) {
    for (const file of files(path.join(root, base))) {
      const code = fs.readFileSync(file, 'utf8');
      const ast = parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: true });
      const rel = path.relative(root, file);
      walk(ast.program, (n) => {
        const line = (n.loc as { start: { line: number } } | undefined)?.start.line ?? 0;
        if (n.type === 'RegExpLiteral') {
          found.push({ file: rel, line, source: String(n.pattern), flags: String(n.flags) });
        } else if (n.type === 'NewExpression' && (n.callee as Node).type === 'Identifier') {
          const callee = n.callee as Node & { name: string };
          const args = n.arguments as Node[];
          const first = args[0] as (Node & { value?: unknown }) | undefined;
          if (callee.name === 'RegExp' && first?.type === 'StringLiteral') {
            const flags = (args[1] as (Node & { value?: unknown }) | undefined)?.value;
            found.push({ file: rel, line, source: String(first.value), flags: typeof flags === 'string' ? flags : '' });
          }
        }
      });
    }
  }
  return found;
}
