/**
 * One run at a time per process (the outbox's and the mails' drains). Scheduled and repeated work
 * is the job queue's (platform/jobs.ts): the timer loop that lived here is gone.
 */

/**
 * `run`, one run at a time per process: a call while a run is under way answers that run (its own
 * arguments unused) instead of starting another.
 */
export function oneRunAtATime<A extends unknown[], T>(run: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let running: Promise<T> | null = null;
  return (...args) => {
    running ??= run(...args).finally(() => {
      running = null;
    });
    return running;
  };
}
