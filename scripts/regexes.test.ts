/**
 * Every regular expression of the product, fed the worst inputs of 10,000 characters we can make
 * from the characters patterns care about: each must answer in milliseconds (a backtracking one
 * takes seconds to minutes). The lint (check-regexes.ts) proves them linear; this shows it.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { collectRegexes } from './regexes.ts';

const LENGTH = 10_000;
const CHARACTERS = [
  ' ',
  '\t',
  '\n',
  'a',
  'A',
  '0',
  '9',
  '+',
  '-',
  '.',
  '@',
  '<',
  '>',
  '*',
  '#',
  ':',
  '/',
  '_',
  '!',
  '\u0000',
];

/** Long runs of one character, alone, with a tail that fails a match, and alternating with another. */
function worstInputs(): string[] {
  const out: string[] = [];
  for (const c of CHARACTERS) {
    out.push(c.repeat(LENGTH), `${c.repeat(LENGTH - 1)}!`, `a${c.repeat(LENGTH - 2)}\u0000`);
    for (const d of ['a', '0', ' ', '<']) if (d !== c) out.push(`${c}${d}`.repeat(LENGTH / 2));
  }
  out.push(`${'\t'.repeat(3300)}<${'\t'.repeat(6600)}<>`);
  return out;
}

describe('regular expressions under the worst input', () => {
  const found = collectRegexes(path.resolve(import.meta.dirname, '..'));
  const inputs = worstInputs();

  it('finds the product’s patterns', () => {
    expect(found.length).toBeGreaterThan(20);
  });

  it.each(found.map((r) => [`${r.file}:${r.line} /${r.source}/${r.flags}`, r] as const))(
    '%s answers in milliseconds',
    (_, r) => {
      const regex = new RegExp(r.source, r.flags.replace('g', ''));
      let slowest = 0;
      for (const input of inputs) {
        const t0 = performance.now();
        regex.test(input);
        slowest = Math.max(slowest, performance.now() - t0);
      }
      expect(slowest).toBeLessThan(100);
    },
  );
});
