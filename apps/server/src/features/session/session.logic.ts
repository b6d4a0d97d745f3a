/** Sign-in throttling keys, password checks and the account tree, with their state in the database. */
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Tx } from '../../platform/tenancy.ts';
import type { ThrottleRule } from '../../platform/throttle.ts';

/**
 * The keys a sign-in attempt counts against: its (username, address) pair, the address (many
 * usernames tried from one place), and the username from anywhere (a slower, wider budget).
 */
export function signInKeys(config: Config, username: string, ip: string): Array<{ key: string; rule: ThrottleRule }> {
  const name = username.toLowerCase();
  const rule = (free: number): ThrottleRule => ({
    free,
    maxDelayMs: config.loginMaxDelayMs,
    windowMs: config.loginWindowMs,
  });
  return [
    { key: `pair:${name}|${ip}`, rule: rule(config.loginMaxPerUsername) },
    { key: `address:${ip}`, rule: rule(config.loginMaxPerAddress) },
    { key: `user:${name}`, rule: rule(config.loginMaxPerUsername * 4) },
  ];
}

/** A user's own budget of password checks (the confirmations before deleting an account, say). */
export function passwordCheckKeys(config: Config, userId: number): Array<{ key: string; rule: ThrottleRule }> {
  return [
    {
      key: `password-check:${userId}`,
      rule: { free: config.loginMaxPerUsername, maxDelayMs: config.loginMaxDelayMs, windowMs: config.loginWindowMs },
    },
  ];
}

/** Records a sign-in attempt in the history (housekeeping keeps a day of it). */
export async function recordAttempt(db: Tx, username: string, ip: string, success: boolean): Promise<void> {
  await db.insertInto('login_attempts').values({ username: username.toLowerCase(), ip, success }).execute();
}

/** A hash to verify against when there is no user, so an unknown username takes as long as a known one. */
let decoy: Promise<string> | null = null;
const decoyHash = () => {
  decoy ??= hash('not-a-password-of-anyone');
  return decoy;
};

/**
 * Verifies a password against a stored argon2id hash. A missing user or hash still costs one
 * verification (of a decoy), so the time taken does not tell whether a username exists.
 */
export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  const target = stored ?? (await decoyHash());
  try {
    const ok = await verify(target, password);
    return stored !== null && ok;
  } catch {
    return false;
  }
}

/** Accounts strictly below `accountNo` (children, grandchildren...). */
export async function isDescendant(db: Tx, ancestor: number, accountNo: number): Promise<boolean> {
  const row = await sql<{ found: boolean }>`
    with recursive below(account_no) as (
      select account_no from accounts where parent = ${ancestor} and account_no <> ${ancestor}
      union
      select a.account_no from accounts a join below b on a.parent = b.account_no
    )
    select exists(select 1 from below where account_no = ${accountNo}) as found`.execute(db);
  return Boolean(row.rows[0]?.found);
}
