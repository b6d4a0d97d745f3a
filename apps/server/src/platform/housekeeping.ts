/**
 * Periodic clean-up (safe to run from every process): expired sessions, a day's sign-in history,
 * quiet throttle keys, and delivered change events past their retention (the audit log keeps
 * what they said).
 */
import type { Tenancy } from './tenancy.ts';
import { forgetQuiet } from './throttle.ts';

/** Delivered change events are kept this long (a consumer added later can still catch up). */
const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export async function sweepExpired(
  tenancy: Tenancy,
  now = new Date(),
): Promise<{ sessions: number; attempts: number }> {
  return tenancy.crossAccount('housekeeping', async (db) => {
    const sessions = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const attempts = await db.deleteFrom('login_attempts').where('at', '<', dayAgo).executeTakeFirst();
    await forgetQuiet(db, 24 * 60 * 60 * 1000);
    await db
      .deleteFrom('change_events')
      .where('processed_at', '<', new Date(now.getTime() - EVENT_RETENTION_MS))
      .execute();
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
