import { describe, expect, it } from 'vitest';
import { describeDurations, durations, type JsonReport } from './e2e-durations.ts';

const result = (startTime: string, duration: number, status = 'passed') => ({ startTime, duration, status });
const report: JsonReport = {
  stats: { startTime: '2026-01-01T00:00:00.000Z', duration: 100_000 },
  suites: [
    {
      specs: [{ file: 'a.spec.ts', title: 'quick', tests: [{ results: [result('2026-01-01T00:00:30.000Z', 2_000)] }] }],
      suites: [
        {
          specs: [
            {
              file: 'a.spec.ts',
              title: 'retried',
              tests: [
                {
                  results: [
                    result('2026-01-01T00:00:20.000Z', 10_000, 'failed'),
                    result('2026-01-01T00:00:32.000Z', 8_000),
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      specs: [{ file: 'b.spec.ts', title: 'slow', tests: [{ results: [result('2026-01-01T00:00:40.000Z', 30_000)] }] }],
    },
  ],
};

describe('e2e durations', () => {
  it('counts the wait before the first test, each file with its retries, and the slowest tests', () => {
    const d = durations(report, 2);
    expect(d.beforeFirstTestMs).toBe(20_000);
    expect(d.files).toEqual([
      { file: 'b.spec.ts', ms: 30_000, tests: 1 },
      { file: 'a.spec.ts', ms: 20_000, tests: 3 },
    ]);
    expect(d.slowest.map((t) => [t.title, t.ms, t.status])).toEqual([
      ['slow', 30_000, 'passed'],
      ['retried', 10_000, 'failed'],
    ]);
    expect(describeDurations(d)[0]).toBe('run   100.0 s; before the first test (panels starting)    20.0 s');
  });
});
