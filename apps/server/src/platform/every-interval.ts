/**
 * A serving process's background work: `work` runs every `intervalMs`, one run at a time (a tick
 * that comes while the previous run is still going is skipped), a failed run is logged and the next
 * tick tries again, and the timer never keeps the process alive. Answers the function that stops it.
 */
export function everyInterval(
  work: () => Promise<unknown>,
  log: { error(error: unknown): void },
  intervalMs: number,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((error: unknown) => log.error(error))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

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
