/**
 * Periodic clean-up (safe to run from every process): expired sessions, a day's sign-in history,
 * quiet throttle keys, and delivered change events past their retention (the audit log keeps
 * what they said).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
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

/**
 * The embedded database (PGlite) runs PostgreSQL in single-user mode: no autovacuum daemon. Without
 * a vacuum its tables keep their dead rows, the visibility map is never set (so a count or a deep
 * page cannot be answered from an index alone) and the planner's statistics go stale as the account
 * grows. Housekeeping does the daemon's work there: `vacuum (analyze)` a minute after start, then
 * every interval. PostgreSQL's own autovacuum does it on a server.
 */
export async function vacuumEmbedded(db: Kysely<Database>): Promise<void> {
  await sql`vacuum (analyze)`.execute(db);
}

/** Sweeps now and then every interval; the timers never keep the process alive. */
export function startHousekeeping(
  tenancy: Tenancy,
  options: { intervalMs?: number; vacuum?: () => Promise<void> } = {},
): () => void {
  const intervalMs = options.intervalMs ?? 60 * 60 * 1000;
  const run = () => {
    sweepExpired(tenancy).catch(() => undefined);
  };
  const vacuum = () => {
    options.vacuum?.().catch(() => undefined);
  };
  run();
  const timer = setInterval(() => {
    run();
    vacuum();
  }, intervalMs);
  timer.unref();
  const first = options.vacuum ? setTimeout(vacuum, 60_000) : null;
  first?.unref();
  return () => {
    clearInterval(timer);
    if (first) clearTimeout(first);
  };
}
