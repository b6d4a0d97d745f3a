/** PGlite's vacuum after a burst of writes, once the server is idle (housekeeping.ts, issue 25). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vacuumAfterWrites, vacuumWhenDue } from './housekeeping.ts';

describe('vacuumAfterWrites', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  const burst = (schedule: ReturnType<typeof vacuumAfterWrites>, writes: number, reads = 0) => {
    for (let i = 0; i < writes + reads; i++) {
      schedule.started();
      clock += 5;
      schedule.ended(i < writes);
    }
  };

  it('runs once a burst of writes is over and the server idle, not during it, not for reads', async () => {
    const vacuum = vi.fn(async () => undefined);
    const schedule = vacuumAfterWrites(vacuum, { writes: 100, idleMs: 2000, now });
    burst(schedule, 99, 500);
    clock += 5000;
    expect(await schedule.tick()).toBe(false); // 99 writes: no burst yet
    burst(schedule, 1);
    expect(await schedule.tick()).toBe(false); // the burst's last request just ended
    clock += 1999;
    expect(await schedule.tick()).toBe(false);
    schedule.started(); // a request under way: never then
    clock += 10_000;
    expect(await schedule.tick()).toBe(false);
    schedule.ended(false);
    clock += 2000;
    expect(await schedule.tick()).toBe(true);
    expect(vacuum).toHaveBeenCalledTimes(1);
    expect(schedule.pendingWrites).toBe(0);
    clock += 60_000;
    expect(await schedule.tick()).toBe(false); // nothing written since
    expect(vacuum).toHaveBeenCalledTimes(1);
  });

  it('vacuums a few writes too once the server has been quiet long enough', async () => {
    const vacuum = vi.fn(async () => undefined);
    const schedule = vacuumAfterWrites(vacuum, { writes: 100, idleMs: 2000, quietMs: 600_000, now });
    burst(schedule, 3);
    clock += 599_999;
    expect(await schedule.tick()).toBe(false);
    clock += 1;
    expect(await schedule.tick()).toBe(true);
  });

  it('runs one vacuum at a time; writes made during it count towards the next', async () => {
    let finish: () => void = () => undefined;
    const vacuum = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const schedule = vacuumAfterWrites(vacuum, { writes: 10, idleMs: 100, now });
    burst(schedule, 10);
    clock += 100;
    const first = schedule.tick();
    expect(await schedule.tick()).toBe(false);
    burst(schedule, 4);
    finish();
    expect(await first).toBe(true);
    expect(schedule.pendingWrites).toBe(4);
  });

  describe('checked when it could be due', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('checks after a request ends and while writes wait, never once stopped; the first vacuum a minute after start', async () => {
      const vacuum = vi.fn(async () => undefined);
      const schedule = vacuumAfterWrites(vacuum, { writes: 2, idleMs: 0, quietMs: 10_000, now: () => Date.now() });
      const first = vi.fn(async () => undefined);
      const checks = vacuumWhenDue(schedule, first, { error: vi.fn() }, 60_000);
      burst(schedule, 1);
      checks.poke();
      // One write: not a burst; due once the server has been quiet for quietMs.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(vacuum).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(vacuum).toHaveBeenCalledTimes(1);
      // A burst: checked a second after it ends (idleMs 0, at most a check a second).
      burst(schedule, 2);
      checks.poke();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(vacuum).toHaveBeenCalledTimes(2);
      // Nothing waits: no check is armed.
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(50_000);
      expect(first).toHaveBeenCalledTimes(1);
      checks.stop();
      burst(schedule, 2);
      checks.stop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(vacuum).toHaveBeenCalledTimes(2);
    });
  });
});
