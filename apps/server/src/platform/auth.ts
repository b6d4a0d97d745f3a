/**
 * Sessions: random 32-byte tokens stored hashed (sha-256), sliding expiry, looked up from
 * `Authorization: Bearer` or any cookie whose name ends with the auth-token name.
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
import type { FastifyRequest } from 'fastify';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Config } from '../config.ts';
import { forbidden, HttpError, unauthorised } from './errors.ts';
import './account-tables.ts';
import type { Tx } from './tenancy.ts';

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

export async function loadSession(db: Tx, tokenHash: string, config: Config): Promise<AuthContext | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('accounts as a', 'a.account_no', 's.account_no')
    .select([
      's.token_hash',
      's.user_id',
      's.account_no',
      's.puppeteer',
      's.last_seen_at',
      'u.username',
      'u.name',
      'u.surname',
      'u.enabled',
      'u.account_no as home_account_no',
      'a.parent',
      'a.account_type',
      'a.account_kind',
      'a.company',
      // The user's own grants in the same round trip (a request's first query: every request pays it).
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('user_permissions as p')
            .select(['p.feature_id', 'p.mask'])
            .whereRef('p.user_id', '=', 's.user_id'),
        ).as('grants'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', new Date())
    // A deleted account (migration 028) has no sessions; none resolves to it either.
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row?.enabled) return null;

  // While disguised the session acts with the permissions of the customer account's holder.
  let permissionUser = row.user_id;
  if (row.puppeteer !== null) {
    const holder = await db
      .selectFrom('users')
      .select('id')
      .where('account_no', '=', row.account_no)
      .where('is_holder', '=', true)
      .orderBy('id')
      .executeTakeFirst();
    if (!holder) return null;
    permissionUser = holder.id;
  }
  const permissions =
    permissionUser === row.user_id ? permissionMap(row.grants, row) : await permissionsFor(db, permissionUser, row);
  if (permissionUser !== row.user_id) {
    // A provider admin acting as a customer keeps the provider's switches (spec 2 §6).
    const own = await db
      .selectFrom('user_permissions')
      .select('mask')
      .where('user_id', '=', row.user_id)
      .where('feature_id', '=', FEATURES.vhAdmin)
      .executeTakeFirst();
    if (own) permissions[String(FEATURES.vhAdmin)] = own.mask;
  }

  const now = Date.now();
  if (now - new Date(row.last_seen_at).getTime() > 60_000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now), expires_at: new Date(now + config.sessionTtlMs) })
      .where('token_hash', '=', tokenHash)
      .execute();
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

/** At most this many cookies are tried (a request cannot make the server check hundreds). */
const MAX_COOKIE_CANDIDATES = 3;

/**
 * Candidate tokens: the bearer token first, then the cookie of exactly the configured name, then
 * (the spec's rule for reading a provider's cookie) a few other cookies whose name ends with it.
 */
export function candidateTokens(request: FastifyRequest, tokenName: string): string[] {
  const tokens: string[] = [];
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) tokens.push(header.slice(7).trim());
  const cookies = request.cookies ?? {};
  const exact = cookies[tokenName];
  if (exact) tokens.push(exact);
  const others = Object.entries(cookies)
    .filter(([name, value]) => name !== tokenName && name.endsWith(tokenName) && value)
    .slice(0, MAX_COOKIE_CANDIDATES - (exact ? 1 : 0))
    .map(([, value]) => value as string);
  tokens.push(...others);
  return [...new Set(tokens)].filter((t) => t.length > 0 && t.length <= 200);
}

export async function resolveAuth(db: Tx, request: FastifyRequest, config: Config): Promise<AuthContext | null> {
  for (const token of candidateTokens(request, config.authTokenName)) {
    const auth = await loadSession(db, hashToken(token), config);
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
