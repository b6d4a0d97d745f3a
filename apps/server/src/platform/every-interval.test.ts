import { describe, expect, it, vi } from 'vitest';
import { oneRunAtATime } from './every-interval.ts';

describe('oneRunAtATime', () => {
  it('answers the run under way to a call made meanwhile, and starts a new run after it', async () => {
    let finish: (n: number) => void = () => undefined;
    const run = vi.fn((limit: number) => new Promise<number>((resolve) => (finish = () => resolve(limit))));
    const once = oneRunAtATime(run);
    const first = once(5);
    const second = once(9);
    expect(second).toBe(first);
    expect(run).toHaveBeenCalledTimes(1);
    finish(0);
    await expect(first).resolves.toBe(5);
    const third = once(7);
    expect(third).not.toBe(first);
    finish(0);
    await expect(third).resolves.toBe(7);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
