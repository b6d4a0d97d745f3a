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

/** The most users of one name a sign-in checks the password against (each check costs tens of ms of CPU). */
export const MAX_SIGN_IN_CANDIDATES = 10;

export interface SignInCandidate {
  id: number;
  account_no: number;
  password_hash: string | null;
}

/**
 * The users a sign-in may be of: enabled users of live accounts with that name, whatever its case
 * (usernames are unique per account, so one per account), by account number; only `accountNo`'s
 * when given. One more than the cap is read, to tell that there are too many to check.
 */
export function signInCandidates(tx: Tx, username: string, accountNo?: number): Promise<SignInCandidate[]> {
  let query = tx
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.account_no', 'users.account_no')
    .select(['users.id', 'users.account_no', 'users.password_hash'])
    .where((eb) => eb(eb.fn('lower', ['users.username']), '=', username.toLowerCase()))
    .where('users.enabled', '=', true)
    .where('accounts.deleted_at', 'is', null);
  if (accountNo !== undefined) query = query.where('users.account_no', '=', accountNo);
  return query
    .orderBy('users.account_no')
    .limit(MAX_SIGN_IN_CANDIDATES + 1)
    .execute();
}

/**
 * Whose password it is: the one candidate it matches; 'refused' when it matches none (however many
 * users have the name, or none: the same answer); 'ambiguous' when it matches several, or one of
 * more candidates than are checked — then the account number must say which. The checks run at
 * once; with no candidate the decoy is checked, so an unknown name takes as long as a known one.
 */
export async function matchCandidates(
  candidates: SignInCandidate[],
  password: string,
): Promise<{ user: SignInCandidate } | 'refused' | 'ambiguous'> {
  const checked = candidates.slice(0, MAX_SIGN_IN_CANDIDATES);
  if (checked.length === 0) {
    await passwordMatches(null, password);
    return 'refused';
  }
  const results = await Promise.all(checked.map((c) => passwordMatches(c.password_hash, password)));
  const matched = checked.filter((_, i) => results[i]);
  const [user] = matched;
  if (!user) return 'refused';
  if (matched.length > 1 || candidates.length > MAX_SIGN_IN_CANDIDATES) return 'ambiguous';
  return { user };
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
