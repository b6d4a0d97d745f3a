/** Sign-in throttling and password checks, with their state in the database (no process memory). */
import { verify } from '@node-rs/argon2';
import { MESSAGES } from '@switchboard/domain';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import { RateLimitedError } from '../../platform/auth.ts';
import type { Tx } from '../../platform/tenancy.ts';

/** Refuses with 429 when the username or the address has too many recent failures. */
export async function assertNotThrottled(db: Tx, config: Config, username: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - config.loginWindowMs);
  const row = await db
    .selectFrom('login_attempts')
    .select([
      sql<number>`count(*) filter (where lower(username) = ${username.toLowerCase()})::int`.as('byUser'),
      sql<number>`count(*) filter (where ip = ${ip})::int`.as('byIp'),
    ])
    .where('success', '=', false)
    .where('at', '>', since)
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb('ip', '=', ip)]))
    .executeTakeFirst();
  if (Number(row?.byUser ?? 0) >= config.loginMaxPerUsername || Number(row?.byIp ?? 0) >= config.loginMaxPerAddress) {
    throw new RateLimitedError(MESSAGES.loginRateLimited);
  }
}

/** Records a sign-in attempt; a good one also forgives the username's earlier failures (one transaction). */
export async function recordAttempt(db: Tx, username: string, ip: string, success: boolean): Promise<void> {
  await db.insertInto('login_attempts').values({ username: username.toLowerCase(), ip, success }).execute();
  if (success) {
    await db
      .deleteFrom('login_attempts')
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .where('success', '=', false)
      .execute();
  }
}

/** Verifies a password against a stored argon2id hash; a missing hash never verifies. */
export async function passwordMatches(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await verify(hash, password);
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
