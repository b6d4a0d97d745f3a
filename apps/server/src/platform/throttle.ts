/**
 * Sign-in throttling that slows guessing down without locking people out.
 *
 * Each key — the (username, address) pair, the address, the username, a user's password checks —
 * has a count of failures and a time it may try again. An attempt is counted as a failure *before*
 * the password is checked, in one statement that also refuses it while the key is waiting (so
 * parallel attempts cannot all slip past a count taken earlier); a success wipes the pair's and the
 * username's counts and takes its own attempt back from the address's (notAFailure).
 * Once its free attempts are used up a key waits 1 s, then 2 s, 4 s... up to the cap: the owner of a username
 * is slowed only where the guessing comes from, never locked out by someone else's failures.
 */
import { sql } from 'kysely';
import { HttpError } from './errors.ts';
import type { Tx } from './tenancy.ts';

export interface ThrottleRule {
  /** Failures allowed before waiting starts. */
  free: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** A key quiet this long starts counting again. */
  windowMs: number;
}

/**
 * The wait after the `failures`-th failure under `rule`: none before the free attempts are used
 * up, then 1 s, doubling with each further failure up to the cap.
 */
export function delayAfter(failures: number, rule: ThrottleRule): number {
  if (failures < rule.free) return 0;
  return Math.min(1000 * 2 ** (failures - rule.free), rule.maxDelayMs);
}

export class ThrottledError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterMs: number) {
    super(429, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/**
 * Counts an attempt against every key (as a failure until `succeeded` clears it), or refuses it
 * with 429 when any key is still waiting. One statement per key; the row lock orders attempts.
 */
export async function takeAttempt(
  tx: Tx,
  keys: ReadonlyArray<{ key: string; rule: ThrottleRule }>,
  message: string,
): Promise<void> {
  for (const { key, rule } of keys) {
    // The wait is computed in SQL from the count being written, so check and count are one step.
    const { free, maxDelayMs, windowMs } = rule;
    const count = sql`(case when t.updated_at < now() - ${windowMs} * interval '1 millisecond' then 1
      else t.failures + 1 end)`;
    const { rows } = await sql<{ failures: number }>`
      insert into sign_in_throttle as t (key, failures, blocked_until, updated_at)
      values (${key}, 1, now() + case when 1 < ${free} then interval '0'
        else least(interval '1 second', ${maxDelayMs} * interval '1 millisecond') end, now())
      on conflict (key) do update set
        failures = ${count},
        updated_at = now(),
        blocked_until = now() + case when ${count} < ${free} then interval '0'
          else least(power(2, ${count} - ${free}) * interval '1 second', ${maxDelayMs} * interval '1 millisecond') end
      where t.blocked_until <= now()
      returning failures`.execute(tx);
    if (rows.length === 0) {
      const waiting = await tx
        .selectFrom('sign_in_throttle')
        .select(sql<number>`extract(epoch from (blocked_until - now())) * 1000`.as('ms'))
        .where('key', '=', key)
        .executeTakeFirst();
      throw new ThrottledError(message, Number(waiting?.ms ?? 1000));
    }
  }
}

/** A success: the keys' counts start again. */
export async function succeeded(tx: Tx, keys: ReadonlyArray<string>): Promise<void> {
  if (keys.length > 0)
    await tx
      .deleteFrom('sign_in_throttle')
      .where('key', 'in', [...keys])
      .execute();
}

/**
 * A success on keys shared with other people (an address: an office behind one NAT address): the
 * attempt counted before the check is taken back, and the wait it started with it — only failures
 * count there, and the failures already counted stay.
 */
export async function notAFailure(tx: Tx, keys: ReadonlyArray<string>): Promise<void> {
  if (keys.length > 0)
    await tx
      .updateTable('sign_in_throttle')
      .set({
        failures: sql`greatest(failures - 1, 0)`,
        blocked_until: sql`least(blocked_until, now())`,
      })
      .where('key', 'in', [...keys])
      .execute();
}

/** Forgets keys that have been quiet for `idleMs` (housekeeping). */
export async function forgetQuiet(tx: Tx, idleMs: number): Promise<number> {
  const res = await tx
    .deleteFrom('sign_in_throttle')
    .where('updated_at', '<', new Date(Date.now() - idleMs))
    .where('blocked_until', '<', new Date())
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
