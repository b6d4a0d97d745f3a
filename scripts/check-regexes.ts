/**
 * Lint: every regular expression of the product's code (domain, server, web; not tests) is checked
 * for catastrophic backtracking (ReDoS) with recheck, which proves a pattern safe or finds the
 * input that makes it slow. A pattern that reads user input must never let one request hold the
 * CPU. Exits 1 naming each vulnerable pattern with the attack recheck found.
 *   node scripts/check-regexes.ts            (part of npm run lint)
 */
import path from 'node:path';
import { collectRegexes } from './regexes.ts';

const { checkSync } = await import('recheck');

const root = path.resolve(import.meta.dirname, '..');
const found = collectRegexes(root);
const problems: string[] = [];
for (const r of found) {
  const result = checkSync(r.source, r.flags, { timeout: 10_000 });
  if (result.status === 'vulnerable') {
    problems.push(`${r.file}:${r.line} /${r.source}/${r.flags} is ${result.complexity.type}: ${result.attack.pattern}`);
  } else if (result.status === 'unknown') {
    problems.push(`${r.file}:${r.line} /${r.source}/${r.flags} could not be proven safe (${result.error.kind})`);
  }
}
if (problems.length > 0) {
  console.error(`Regular expressions open to catastrophic backtracking (ReDoS):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`${found.length} regular expressions checked: none open to catastrophic backtracking.`);
