/** Periodic clean-up of expired sessions and old sign-in attempts (safe to run from every process). */
import type { Tenancy } from './tenancy.ts';

export async function sweepExpired(
  tenancy: Tenancy,
  now = new Date(),
): Promise<{ sessions: number; attempts: number }> {
  return tenancy.crossAccount('housekeeping', async (db) => {
    const sessions = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const attempts = await db.deleteFrom('login_attempts').where('at', '<', dayAgo).executeTakeFirst();
    return { sessions: Number(sessions.numDeletedRows), attempts: Number(attempts.numDeletedRows) };
  });
}

/** Sweeps now and then every interval; the timer never keeps the process alive. */
export function startHousekeeping(tenancy: Tenancy, intervalMs = 60 * 60 * 1000): () => void {
  const run = () => {
    sweepExpired(tenancy).catch(() => undefined);
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
