/** Timing helpers the benchmarks share. */
import { performance } from 'node:perf_hooks';

export const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;

/**
 * `fns` timed in turns, run after run (each run times every one of them once), so that a load that
 * comes and goes on a shared machine weighs on each alike; a warm-up turn first (plans, caches).
 */
export async function timeInTurns(fns: Array<() => Promise<unknown>>, runs: number): Promise<number[][]> {
  for (const fn of fns) await fn();
  const times = fns.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (const [j, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn();
      times[j]?.push(performance.now() - t0);
    }
  }
  return times;
}
