/**
 * A user's links: one mechanism for a registered account's activation, a new control-panel user's
 * first password, password resets and the confirmation of an e-mail change from the old address.
 * A link carries a random 32-byte token; the database keeps only its sha-256 hash, when it expires
 * and when it was used. A new link for the same user and purpose ends the older ones; using a link
 * is one statement (so it works once, even when two requests race), in the same transaction that
 * makes its change.
 */
import crypto from 'node:crypto';
import './tables.ts';
import type { Config } from '../../config.ts';
import { hashToken } from '../../platform/auth.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { emailChangeMail, queueMail, setPasswordMail } from '../mail/index.ts';

export type TokenPurpose = 'activation' | 'reset' | 'email';
/** The links that set a password. */
export type SetPasswordPurpose = Exclude<TokenPurpose, 'email'>;
export const SET_PASSWORD_PURPOSES: readonly SetPasswordPurpose[] = ['activation', 'reset'];

/** How long a link works: an activation three days, a reset one hour, an e-mail change a day. */
export const TOKEN_VALID_HOURS: Record<TokenPurpose, number> = { activation: 72, reset: 1, email: 24 };

/** The page a link opens. */
export const SET_PASSWORD_PATH = '/activate';
export const CONFIRM_EMAIL_PATH = '/confirm-email';

/** The address of a page of the panel ('/login'), with `query`, as users reach it (for e-mails). */
export function panelLink(config: Pick<Config, 'publicUrl'>, path: string, query: Record<string, string> = {}): string {
  // Relative to the panel's address, which may carry a path of its own ('https://host/panel/').
  const base = config.publicUrl.endsWith('/') ? config.publicUrl : `${config.publicUrl}/`;
  const url = new URL(path.slice(1), base);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

export function setPasswordLink(config: Pick<Config, 'publicUrl'>, token: string, path = SET_PASSWORD_PATH): string {
  return panelLink(config, path, { token });
}

interface LinkUser {
  id: number;
  accountNo: number;
  username: string;
  name: string;
  email: string;
}

/** A new link of `purpose` for `user`, ending the user's earlier unused links of that purpose; answers its token. */
async function issueToken(tx: Tx, user: LinkUser, purpose: TokenPurpose, now: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await tx
    .updateTable('password_tokens')
    .set({ expires_at: now })
    .where('user_id', '=', user.id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  const validHours = TOKEN_VALID_HOURS[purpose];
  await tx
    .insertInto('password_tokens')
    .values({
      account_no: user.accountNo,
      user_id: user.id,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + validHours * 3_600_000),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Issues a link for `user` (ending the user's earlier unused links of that purpose) and queues its
 * e-mail in `tx` — the transaction of its cause, so the mail exists exactly when the cause commits.
 * Works in a tenant transaction (the user's account) or the escape hatch.
 */
export async function sendSetPasswordLink(
  tx: Tx,
  config: Pick<Config, 'publicUrl'>,
  user: LinkUser,
  purpose: SetPasswordPurpose,
  options: { newAccount?: boolean; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const token = await issueToken(tx, user, purpose, now);
  const validHours = TOKEN_VALID_HOURS[purpose];
  const mail = setPasswordMail({
    purpose,
    newAccount: options.newAccount ?? false,
    name: user.name,
    username: user.username,
    accountNo: user.accountNo,
    link: setPasswordLink(config, token),
    validHours,
  });
  await queueMail(tx, { accountNo: user.accountNo, to: user.email, ...mail });
}

/**
 * Asks `user`'s present address (`user.email`) to confirm a change to `newEmail`: a link of
 * purpose 'email' mailed there, which also tells the owner of the change and who asked for it.
 */
export async function sendEmailChangeLink(
  tx: Tx,
  config: Pick<Config, 'publicUrl'>,
  user: LinkUser,
  change: { newEmail: string; requestedBy: string },
): Promise<void> {
  const token = await issueToken(tx, user, 'email', new Date());
  const mail = emailChangeMail({
    name: user.name,
    username: user.username,
    accountNo: user.accountNo,
    ...change,
    link: setPasswordLink(config, token, CONFIRM_EMAIL_PATH),
    validHours: TOKEN_VALID_HOURS.email,
  });
  await queueMail(tx, { accountNo: user.accountNo, to: user.email, ...mail });
}

export interface LiveToken {
  id: number;
  userId: number;
  accountNo: number;
  purpose: TokenPurpose;
  username: string;
  /**
   * The activation link of a newly registered account's holder: the account's holder (not a
   * control-panel user added later), the account still pending activation.
   */
  newAccount: boolean;
}

/** The unused, unexpired link of `token` for one of `purposes` with its user (enabled, account not deleted), or null. */
export async function findToken(tx: Tx, token: string, purposes: readonly TokenPurpose[]): Promise<LiveToken | null> {
  const row = await tx
    .selectFrom('password_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('accounts as a', 'a.account_no', 't.account_no')
    .select(['t.id', 't.user_id', 't.account_no', 't.purpose', 'u.username', 'u.is_holder', 'a.pending_activation'])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.purpose', 'in', [...purposes])
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .where('u.enabled', '=', true)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        userId: row.user_id,
        accountNo: row.account_no,
        purpose: row.purpose,
        username: row.username,
        newAccount: row.purpose === 'activation' && row.is_holder && row.pending_activation,
      }
    : null;
}

/**
 * Uses the link of `token`: marks it used (one statement: of two racing requests one wins) and
 * answers it, or null when it is unknown, used, expired, or its user or account is gone.
 */
export async function useToken(tx: Tx, token: string, purposes: readonly TokenPurpose[]): Promise<LiveToken | null> {
  const live = await findToken(tx, token, purposes);
  if (!live) return null;
  const used = await tx
    .updateTable('password_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', live.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('id')
    .executeTakeFirst();
  return used ? live : null;
}
