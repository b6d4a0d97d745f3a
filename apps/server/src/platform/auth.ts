/**
 * Sessions: random 32-byte tokens stored hashed (sha-256), sliding expiry, looked up from
 * `Authorization: Bearer` or the one session cookie (its name ends with the auth-token name).
 */
import crypto from 'node:crypto';
import {
  ACCOUNT_TYPE_FEATURE,
  type Action,
  can,
  FEATURES,
  hasPanelAccess,
  type PermissionMap,
  type Resource,
} from '@switchboard/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/database.ts';
import { forbidden, HttpError, unauthorised } from './errors.ts';
import type { Tenancy, Tx } from './tenancy.ts';

export interface AuthContext {
  tokenHash: string;
  userId: number;
  username: string;
  name: string;
  surname: string;
  /** The effective account: the customer's while disguised. */
  accountNo: number;
  parent: number;
  accountType: 'prepay' | 'postpay';
  accountKind: 'wholesale' | 'retail' | 'standard';
  company: string;
  /** The user id of the impersonator while disguised (equal to userId), otherwise null. */
  puppeteer: number | null;
  /** The user's own account (the portal) — differs from accountNo while disguised. */
  homeAccountNo: number;
  permissions: PermissionMap;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Stored masks of a user, plus the account-type flags of the effective account. */
export async function permissionsFor(
  db: Tx,
  userId: number,
  account: { account_type: string; account_kind: string },
): Promise<PermissionMap> {
  const rows = await db
    .selectFrom('user_permissions')
    .select(['feature_id', 'mask'])
    .where('user_id', '=', userId)
    .execute();
  return permissionMap(rows, account);
}

/** A user's stored grants as the session's map, with the four the account type decides. */
function permissionMap(
  rows: ReadonlyArray<{ feature_id: number; mask: number }>,
  account: { account_type: string; account_kind: string },
): PermissionMap {
  const map: PermissionMap = {};
  for (const r of rows) map[String(r.feature_id)] = r.mask;
  // The account type decides these four; stored masks never override them.
  for (const id of Object.values(ACCOUNT_TYPE_FEATURE)) delete map[String(id)];
  map[String(ACCOUNT_TYPE_FEATURE[account.account_type as 'prepay' | 'postpay'])] = 15;
  if (account.account_kind === 'wholesale') map[String(ACCOUNT_TYPE_FEATURE.wholesale)] = 15;
  if (account.account_kind === 'retail') map[String(ACCOUNT_TYPE_FEATURE.retail)] = 15;
  return map;
}

/** What `app_session()` (migration 040) answers for a live session: its user, account and grants. */
interface SessionRow {
  user_id: number;
  account_no: number;
  puppeteer: number | null;
  username: string;
  name: string;
  surname: string;
  enabled: boolean;
  home_account_no: number;
  parent: number;
  account_type: AuthContext['accountType'];
  account_kind: AuthContext['accountKind'];
  company: string;
  grants: Array<{ feature_id: number; mask: number }>;
}

/**
 * The session of a token: one statement outside any transaction (`app_session()`, which also
 * refreshes its expiry at most once a minute); a disguised session's permissions need one more
 * look-up, in the escape hatch.
 */
export async function loadSession(
  db: DB,
  tenancy: Tenancy,
  tokenHash: string,
  config: Config,
): Promise<AuthContext | null> {
  const ttlSeconds = Math.max(1, Math.round(config.sessionTtlMs / 1000));
  const { rows } = await sql<{ session: SessionRow | null }>`
    select app_session(${tokenHash}, ${ttlSeconds}::integer) as session`.execute(db);
  const row = rows[0]?.session;
  if (!row?.enabled) return null;
  let permissions = permissionMap(row.grants, row);
  if (row.puppeteer !== null) {
    const disguised = await tenancy.crossAccount('session', (tx) => disguisedPermissions(tx, row));
    if (!disguised) return null;
    permissions = disguised;
  }
  return {
    tokenHash,
    userId: row.user_id,
    username: row.username,
    name: row.name,
    surname: row.surname,
    accountNo: row.account_no,
    parent: row.parent,
    accountType: row.account_type,
    accountKind: row.account_kind,
    company: row.company,
    puppeteer: row.puppeteer,
    homeAccountNo: row.home_account_no,
    permissions,
  };
}

/**
 * While disguised the session acts with the permissions of the customer account's holder; a
 * provider admin acting as a customer keeps the provider's switches (spec 2 §6). Null when the
 * account has no holder.
 */
async function disguisedPermissions(tx: Tx, row: SessionRow): Promise<PermissionMap | null> {
  const holder = await tx
    .selectFrom('users')
    .select('id')
    .where('account_no', '=', row.account_no)
    .where('is_holder', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (!holder) return null;
  const permissions =
    holder.id === row.user_id ? permissionMap(row.grants, row) : await permissionsFor(tx, holder.id, row);
  if (holder.id !== row.user_id) {
    const own = row.grants.find((g) => g.feature_id === FEATURES.vhAdmin);
    if (own) permissions[String(FEATURES.vhAdmin)] = own.mask;
  }
  return permissions;
}

/**
 * The session cookie's name. Behind TLS it is the `__Host-` one: Secure, for the whole site and
 * this host only, so no other site (a sibling subdomain, a page over plain HTTP) can set or shadow it.
 */
export function sessionCookieName(config: Pick<Config, 'authTokenName' | 'secureCookies'>): string {
  return config.secureCookies ? `__Host-${config.authTokenName}` : config.authTokenName;
}

/** Sets the session cookie (HttpOnly, SameSite=Lax; Secure behind TLS). */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

/** Clears the session cookie (signing out, a deleted account). */
export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { path: '/', secure: config.secureCookies });
}

/** The names of a Cookie header's cookies, each as often as it is sent (a parser keeps only the first). */
function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(';').flatMap((pair) => {
    const at = pair.indexOf('=');
    return at < 0 ? [] : [pair.slice(0, at).trim()];
  });
}

/**
 * The session cookie's token, when the request carries exactly one candidate: a cookie of the
 * configured name or (the spec's rule for reading a provider's cookie) one whose name ends with it;
 * behind TLS only the exact `__Host-` cookie. Two candidates (the same name twice, or a look-alike
 * beside it) are ambiguous — a cookie set by another site to pick the session (cookie tossing) —
 * and the request is signed out rather than guessed for.
 */
function sessionCookieToken(request: FastifyRequest, config: Config): string | undefined {
  const exact = sessionCookieName(config);
  const candidates = cookieNames(request.headers.cookie).filter((name) =>
    config.secureCookies ? name === exact : name.endsWith(config.authTokenName),
  );
  const [name] = candidates;
  if (candidates.length !== 1 || name === undefined) return undefined;
  return request.cookies?.[name];
}

/** Candidate tokens: the bearer token first, then the session cookie (at most one, above). */
export function candidateTokens(request: FastifyRequest, config: Config): string[] {
  const tokens: string[] = [];
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) tokens.push(header.slice(7).trim());
  const cookie = sessionCookieToken(request, config);
  if (cookie) tokens.push(cookie);
  return [...new Set(tokens)].filter((t) => t.length > 0 && t.length <= 200);
}

export async function resolveAuth(
  db: DB,
  tenancy: Tenancy,
  request: FastifyRequest,
  config: Config,
): Promise<AuthContext | null> {
  for (const token of candidateTokens(request, config)) {
    const auth = await loadSession(db, tenancy, hashToken(token), config);
    if (auth) return auth;
  }
  return null;
}

/** The signed-in session with panel access, or a 401 / 403. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorised();
  if (!hasPanelAccess(request.auth)) throw forbidden();
  return request.auth;
}

export interface PermissionRule {
  resource: Resource;
  action: Action;
}

/** Resources that must all allow (e.g. mobile: retail account and callGroups read). */
export function requirePermission(request: FastifyRequest, ...rules: PermissionRule[]): AuthContext {
  const auth = requireAuth(request);
  for (const rule of rules) {
    if (!can(auth, rule.resource, rule.action)) throw forbidden();
  }
  return auth;
}

export class RateLimitedError extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}
