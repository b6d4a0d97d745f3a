/**
 * Every query of the application runs in a transaction that has switched to one of the two database
 * roles of db/tenancy-sql.ts:
 * - `tenant(accountNo, fn)`: the tenant role, with the account set for the row-level security
 *   policies. The platform opens it for each request with the effective account (after disguise);
 *   an area only ever sees the transaction, so a query it writes without an account filter still
 *   reaches the caller's rows and nothing else.
 * - `crossAccount(use, fn)`: the escape hatch for work that is not one account's (signing in,
 *   resolving a session, the reseller's customers, the demo seed, jobs over every account). Each
 *   use is named from the closed list below, counted and logged, so every crossing of the tenant
 *   boundary can be found by reading one type.
 * On PostgreSQL the two run on different logins and pools (db/logins.ts): a tenant transaction's
 * connection is a member of the tenant role only, so nothing run in it can switch to the
 * cross-account role, the owner or anyone else; the named uses take a connection of the
 * cross-account login. PGlite has one connection, a superuser's: there the switch is all there is.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { CROSS_ACCOUNT_ROLE, TENANT_ROLE } from '../db/tenancy-sql.ts';

/** A transaction bound to one account (or to the escape hatch). */
export type Tx = Transaction<Database>;

/** Every reason the application may work across accounts. Adding one is a reviewed change. */
export const CROSS_ACCOUNT_USES = [
  /** Signing in: the user is looked up by name before any account is known. */
  'sign-in',
  /** Resolving a session token to its user and effective account; logout; keep-alive. */
  'session',
  /** A reseller acting as one of its customers (checks the customer is below the reseller). */
  'disguise',
  /** The reseller's customers list: accounts below the caller's own. */
  'customers',
  /** The demo estate and test fixtures. */
  'seed',
  /** Housekeeping: expired sessions and sign-in attempts, registrations past their expiry. */
  'housekeeping',
  /** The change-event outbox: its worker delivers every account's events; the provider admins' Change Events page (dead events, Retry). */
  'outbox',
  /** External registries answering for a number or an account (emergency-address registry). */
  'provider-callback',
  /** Money work on an account other than the caller's: a provider admin's ledger adjustment. */
  'billing',
  /** The e-mail outbox: its dispatcher, and the provider admins' Outbox page (every account's mails). */
  'mail',
  /** Checks at start-up (the demo password still in use). */
  'startup',
  /** The card provider's signed confirmation of a payment: the payment's account is found by the intent. */
  'payments',
  /** Public registration: a new account and its holder, before any session exists. */
  'registration',
  /** Set-password links (activation, reset): the link's user is found by the token, without a session. */
  'password-link',
  /** Deleting an account: its row and every session of its users and of anyone acting as it, in one transaction. */
  'account-deletion',
  /** Identity checks: the provider's signed result finds its session's account; the sandbox's sessions; the activation link's start. */
  'identity',
  /** Direct Debit collections: the collection run over every account, the bureau's signed webhooks. */
  'direct-debit',
  /** Advice of transfer links (/AOT): the request is found by its key, without a session. */
  'porting',
  /** The provider's own settings (support page): a provider admin's edit of a provider-level table. */
  'provider-settings',
  /** The inbound-webhook pipeline: a provider's verified events stored, claimed and swept (before any account is known). */
  'webhooks',
  /** The provider's rate deck: a provider admin's edit of a rate (no account's row). */
  'tariff',
  /**
   * Buying numbers: the stock is the provider's, and the setup charge goes to the ledger in the same
   * transaction as the allocation (modules/numbering); a provider admin's new stock and prices; the
   * quarantine job.
   */
  'numbering',
  /**
   * The provider's servers (switch, media server, recording server): their credentials checked on
   * each of their calls and managed by provider admins; a delivery whose items name their accounts.
   */
  'ingest',
] as const;
export type CrossAccountUse = (typeof CROSS_ACCOUNT_USES)[number];

/**
 * The demo estate and test fixtures are written as they stand, not as anyone's changes: the seed's
 * transactions are exempt from the change-event guard (migration 064), by name.
 */
const SEED_EXEMPTION = `, set_config('app.change_recorded', 'exempt:seed', true)`;

export interface TenantOptions {
  /** A read-only transaction (list and read routes): a write in it fails. */
  readOnly?: boolean;
  /**
   * Who acts, in a request's transaction (the session's user, and the provider admin acting as the
   * account): the transaction-local `app.user_id` and `app.puppeteer` the row events of the state
   * machines name (migration 076). A job's or a webhook's transaction has none.
   */
  actor?: { userId: number | null; puppeteer?: number | null };
}

/** An actor's settings for the setup statement: whole numbers or nothing (it carries no parameters). */
function actorSettings(actor: TenantOptions['actor']): string {
  if (!actor) return '';
  const id = (n: number | null | undefined, what: string) => {
    if (n === null || n === undefined) return '';
    if (!Number.isInteger(n)) throw new Error(`Not a ${what}: ${n}`);
    return String(n);
  };
  return `, set_config('app.user_id', '${id(actor.userId, 'user')}', true), set_config('app.puppeteer', '${id(actor.puppeteer, 'user')}', true)`;
}

export interface Tenancy {
  tenant<T>(accountNo: number, fn: (tx: Tx) => Promise<T>, options?: TenantOptions): Promise<T>;
  crossAccount<T>(use: CrossAccountUse, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Statements that cross the boundary by themselves, outside any transaction: calls of a
   * SECURITY DEFINER function owned by the cross-account role (`app_session`, migration 040), which
   * reads only what its arguments prove. Named and counted as crossAccount is.
   */
  crossAccountCall<T>(use: CrossAccountUse, fn: (db: DB) => Promise<T>): Promise<T>;
  /** How often each escape-hatch use ran since start (for the logs and tests). */
  readonly crossAccountCounts: ReadonlyMap<CrossAccountUse, number>;
}

/** `cross`: the cross-account login's connections (default: the same as the tenant transactions'). */
export function createTenancy(db: DB, log?: (use: CrossAccountUse) => void, cross: DB = db): Tenancy {
  const counts = new Map<CrossAccountUse, number>();
  const begin = (readOnly: boolean | undefined) =>
    readOnly ? (db as Kysely<Database>).transaction().setAccessMode('read only') : db.transaction();
  /**
   * A transaction's first statement: its account, then its role. No parameters (a whole number and a
   * role name): on PostgreSQL it goes with the BEGIN in one round trip (db/begin-coalescing.ts). The
   * account is entered by the database (`app_enter_account`, migration 090) while the connection is
   * still the login itself — the select's columns are evaluated in order — and once per transaction:
   * the tenant role it then becomes cannot enter another. A cross-account transaction enters none.
   */
  const setup = (role: string, accountNo: number | null, more = '') =>
    sql.raw(
      `select ${accountNo === null ? `set_config('app.account_no', '', true)` : `app_enter_account(${accountNo})`}, set_config('role', '${role}', true)${more}`,
    );
  /** Each use of the escape hatch is counted and logged. */
  const counted = (use: CrossAccountUse) => {
    counts.set(use, (counts.get(use) ?? 0) + 1);
    log?.(use);
  };
  return {
    async tenant(accountNo, fn, options = {}) {
      if (!Number.isInteger(accountNo) || accountNo <= 0) throw new Error(`Not an account: ${accountNo}`);
      return begin(options.readOnly).execute(async (tx) => {
        await setup(TENANT_ROLE, accountNo, actorSettings(options.actor)).execute(tx);
        return fn(tx);
      });
    },
    async crossAccount(use, fn) {
      counted(use);
      return cross.transaction().execute(async (tx) => {
        await setup(CROSS_ACCOUNT_ROLE, null, use === 'seed' ? SEED_EXEMPTION : '').execute(tx);
        return fn(tx);
      });
    },
    async crossAccountCall(use, fn) {
      counted(use);
      return fn(cross);
    },
    crossAccountCounts: counts,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the builders query tables an area names at run time.
export type LooseTx = Kysely<any>;
/** The transaction for queries over a table named at run time (the builders' generic SQL). */
export function loose(tx: Tx): LooseTx {
  return tx as LooseTx;
}
