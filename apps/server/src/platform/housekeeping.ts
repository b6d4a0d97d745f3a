/**
 * Periodic clean-up (safe to run from every process): expired sessions, a day's sign-in history,
 * quiet throttle keys, and change events past their retention that every consumer has had (the audit
 * log keeps what they said) — the hourly `housekeeping` job.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type JobDefinition, job } from './jobs.ts';
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
    // Events every consumer has passed (a consumer's cursor is its last event's (txid, id)), but a
    // dead one: it is kept while a consumer may still be handed it again (Retry, migration 076).
    await sql`delete from change_events e where e.at < ${new Date(now.getTime() - EVENT_RETENTION_MS)}
      and not exists (select from change_consumers c where (c.txid, c.event_id) < (e.txid, e.id))
      and not exists (select from change_consumer_dead d where d.event_id = e.id)`.execute(db);
    return { sessions: Number(sessions.numDeletedRows), attempts: Number(attempts.numDeletedRows) };
  });
}

/** The sweep, hourly on the job queue (once across every process). */
export function housekeepingJob(tenancy: Tenancy): JobDefinition {
  return job('housekeeping', () => sweepExpired(tenancy), { schedule: '17 * * * *', singleton: true });
}

/**
 * The embedded database (PGlite) runs PostgreSQL in single-user mode: no autovacuum daemon. Without
 * a vacuum its tables keep their dead rows, the visibility map is never set (so a count or a deep
 * page cannot be answered from an index alone) and the planner's statistics go stale as the account
 * grows. Housekeeping does the daemon's work there: `vacuum (analyze)` a minute after start, then
 * after each burst of writes once the server is idle (`vacuumAfterWrites`). PostgreSQL's own
 * autovacuum does it on a server.
 */
export async function vacuumEmbedded(db: Kysely<Database>): Promise<void> {
  await sql`vacuum (analyze)`.execute(db);
}

export interface VacuumAfterWritesOptions {
  /** Writes (answered requests that change something) that make a burst. */
  writes?: number;
  /** How long no request may have been under way before a burst's vacuum runs. */
  idleMs?: number;
  /** Fewer writes are vacuumed too once the server has been idle this long. */
  quietMs?: number;
  now?: () => number;
}

/**
 * When PGlite's vacuum runs (issue 25): it holds the one connection, so every request waits behind
 * it (1.2 s at 80,000 seats), and an hourly one both froze requests at any moment and left a burst
 * of writes unvacuumed for up to an hour. It runs instead once `writes` writes have been made and no
 * request has been under way for `idleMs`, or after any write once the server has been quiet for
 * `quietMs`; one at a time. The server tells it of each request (`started`, `ended`); `tick` is the
 * check, which `vacuumWhenDue` runs when it could next be due (`nextCheckInMs`).
 */
export function vacuumAfterWrites(vacuum: () => Promise<void>, options: VacuumAfterWritesOptions = {}) {
  const { writes = 500, idleMs = 2000, quietMs = 10 * 60_000, now = Date.now } = options;
  let pending = 0;
  let underWay = 0;
  let lastActive = now();
  let running = false;
  return {
    started(): void {
      underWay++;
      lastActive = now();
    },
    ended(wrote: boolean): void {
      underWay = Math.max(0, underWay - 1);
      lastActive = now();
      if (wrote) pending++;
    },
    /** Whether a vacuum ran (it is due, the server idle and no other running). */
    async tick(): Promise<boolean> {
      const idle = underWay === 0 ? now() - lastActive : 0;
      const due = (pending >= writes && idle >= idleMs) || (pending > 0 && idle >= quietMs);
      if (!due || running) return false;
      running = true;
      const counted = pending;
      try {
        await vacuum();
        pending = Math.max(0, pending - counted);
        return true;
      } finally {
        running = false;
      }
    },
    get pendingWrites(): number {
      return pending;
    },
    /** How long until a check could find a vacuum due; null while no write waits for one. */
    nextCheckInMs(): number | null {
      if (pending === 0) return null;
      // A request under way: it tells `ended`, which asks again.
      if (underWay > 0) return idleMs;
      return Math.max(0, (pending >= writes ? idleMs : quietMs) - (now() - lastActive));
    },
  };
}

export type VacuumSchedule = ReturnType<typeof vacuumAfterWrites>;

/**
 * Runs `schedule`'s check when it could be due: `poke()` after each request (the next check is then
 * `idleMs` or `quietMs` away), again after each check while writes wait; and the embedded database's
 * first vacuum a minute after start. Not a queued job: the counts are this process's own (PGlite
 * has one serving process), and a check a second on the job queue would itself use the connection.
 * The timers never keep the process alive. Answers `poke` and `stop`.
 */
export function vacuumWhenDue(
  schedule: VacuumSchedule,
  vacuum: () => Promise<void>,
  log: { error(error: unknown): void },
  firstMs = 60_000,
): { poke: () => void; stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const poke = () => {
    clearTimeout(timer);
    const ms = schedule.nextCheckInMs();
    if (ms === null) return;
    // At most a check a second (a vacuum that failed is not retried in a loop).
    timer = setTimeout(
      () => {
        schedule
          .tick()
          .catch((error: unknown) => log.error(error))
          .finally(poke);
      },
      Math.max(ms, 1000),
    );
    timer.unref();
  };
  const first = setTimeout(() => {
    vacuum().catch((error: unknown) => log.error(error));
  }, firstMs);
  first.unref();
  return {
    poke,
    stop: () => {
      clearTimeout(timer);
      clearTimeout(first);
    },
  };
}
