/**
 * Where the end-to-end run's time goes, from Playwright's JSON report: the wait before the first
 * test (the two panels starting: migrating and seeding), each spec file's share and the slowest
 * tests. On a shared machine compare shares, not seconds.
 *   cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/e2e.json npx playwright test --reporter=list,json
 *   node scripts/e2e-durations.ts /tmp/e2e.json [how many slowest tests, 10]
 */
import fs from 'node:fs';

interface JsonSuite {
  specs?: {
    file: string;
    title: string;
    tests: { results: { duration: number; startTime: string; status: string }[] }[];
  }[];
  suites?: JsonSuite[];
}
export interface JsonReport {
  stats: { startTime: string; duration: number };
  suites: JsonSuite[];
}
export interface TestTime {
  file: string;
  title: string;
  ms: number;
  status: string;
}
export interface Durations {
  totalMs: number;
  beforeFirstTestMs: number;
  files: { file: string; ms: number; tests: number }[];
  slowest: TestTime[];
}

function flatten(suites: JsonSuite[], into: (TestTime & { start: number })[]): void {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const result of spec.tests.flatMap((t) => t.results)) {
        into.push({
          file: spec.file,
          title: spec.title,
          ms: result.duration,
          status: result.status,
          start: Date.parse(result.startTime),
        });
      }
    }
    flatten(suite.suites ?? [], into);
  }
}

/** The report's figures: every attempt of a test counts (a retry is time spent). */
export function durations(report: JsonReport, top = 10): Durations {
  const tests: (TestTime & { start: number })[] = [];
  flatten(report.suites, tests);
  const files = new Map<string, { file: string; ms: number; tests: number }>();
  for (const t of tests) {
    const entry = files.get(t.file) ?? { file: t.file, ms: 0, tests: 0 };
    entry.ms += t.ms;
    entry.tests += 1;
    files.set(t.file, entry);
  }
  const first = tests.length > 0 ? Math.min(...tests.map((t) => t.start)) : Date.parse(report.stats.startTime);
  return {
    totalMs: report.stats.duration,
    beforeFirstTestMs: first - Date.parse(report.stats.startTime),
    files: [...files.values()].sort((a, b) => b.ms - a.ms),
    slowest: [...tests]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map(({ start: _, ...t }) => t),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);

export function describeDurations(d: Durations): string[] {
  const sum = d.files.reduce((a, f) => a + f.ms, 0) || 1;
  return [
    `run ${seconds(d.totalMs)}; before the first test (panels starting) ${seconds(d.beforeFirstTestMs)}`,
    'by spec file:',
    ...d.files.map(
      (f) =>
        `${seconds(f.ms)} ${`${((f.ms / sum) * 100).toFixed(1)}%`.padStart(6)} ${String(f.tests).padStart(3)}  ${f.file}`,
    ),
    'slowest tests:',
    ...d.slowest.map((t) => `${seconds(t.ms)} ${t.status.padEnd(8)} ${t.file} › ${t.title}`),
  ];
}

if (import.meta.main) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: node scripts/e2e-durations.ts REPORT.json [top]');
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as JsonReport;
  console.log(describeDurations(durations(report, Number(top ?? 10))).join('\n'));
}
