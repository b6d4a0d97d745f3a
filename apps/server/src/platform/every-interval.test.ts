import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everyInterval, oneRunAtATime } from './every-interval.ts';

describe('everyInterval', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the work every interval until stopped', async () => {
    const work = vi.fn(async () => undefined);
    const stop = everyInterval(work, { error: vi.fn() }, 100);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(350);
    expect(work).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('skips a tick while the previous run is still going', async () => {
    let finish: () => void = () => undefined;
    const work = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const stop = everyInterval(work, { error: vi.fn() }, 100);
    await vi.advanceTimersByTimeAsync(350);
    expect(work).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(work).toHaveBeenCalledTimes(2);
    stop();
  });

  it('logs a failed run and tries again at the next tick', async () => {
    const failure = new Error('provider unreachable');
    const work = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const log = { error: vi.fn() };
    const stop = everyInterval(work, log, 100);
    await vi.advanceTimersByTimeAsync(100);
    expect(log.error).toHaveBeenCalledWith(failure);
    await vi.advanceTimersByTimeAsync(100);
    expect(work).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    stop();
  });
});

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
