/** Periodic clean-up of expired sessions and old sign-in attempts (safe to run from every process). */
import type { DB } from '../db/database.ts';

export async function sweepExpired(db: DB, now = new Date()): Promise<{ sessions: number; attempts: number }> {
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const attempts = await db.deleteFrom('login_attempts').where('at', '<', dayAgo).executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), attempts: Number(attempts.numDeletedRows) };
}

/** Sweeps now and then every interval; the timer never keeps the process alive. */
export function startHousekeeping(db: DB, intervalMs = 60 * 60 * 1000): () => void {
  const run = () => {
    sweepExpired(db).catch(() => undefined);
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
