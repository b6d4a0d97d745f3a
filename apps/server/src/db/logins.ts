/**
 * The database logins of a PostgreSQL install (issue 26 item 1; DESIGN "Isolation by the database").
 *
 * - The owner (MIGRATION_DATABASE_URL): runs the migrations, owns every table and function.
 * - The tenant login (DATABASE_URL, `switchboard_web` by default): LOGIN, NOSUPERUSER, NOBYPASSRLS,
 *   NOINHERIT, owns nothing, a member of the tenant role only. On its own it may read no table:
 *   every request's transaction switches to the tenant role, and from there it cannot become the
 *   owner, the cross-account role or anyone else (it is a member of none of them).
 * - The cross-account login (CROSS_ACCOUNT_DATABASE_URL, default: the tenant login's name with
 *   `_cross`, same password): the same but a member of the cross-account role only, which it is from
 *   its first statement (`role` set for the login and by the pool). The named cross-account uses run
 *   on its own pool (platform/tenancy.ts), so no tenant transaction's connection could ever switch to it.
 *
 * `setUpLogins` (scripts/db-setup.ts, run as a superuser; the tests' global set-up) creates them;
 * `checkServingLogin` is the server's check at start that it connected as such a login.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { DB } from './database.ts';
import { CROSS_ACCOUNT_ROLE, TENANT_ROLE } from './tenancy-sql.ts';

export const TENANT_LOGIN = 'switchboard_web';
export const OWNER_LOGIN = 'switchboard_owner';
/** The cross-account login of a tenant login: its name with this suffix. */
export const CROSS_LOGIN_SUFFIX = '_cross';
/** The setting that lets a development server run as a privileged login (named by the refusal). */
export const PRIVILEGED_LOGIN_OVERRIDE = 'ALLOW_PRIVILEGED_DATABASE_LOGIN';

/** `url` with its user replaced by `user` (same password, host and database). */
export function withUser(url: string, user: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  return u.toString();
}

/** The cross-account login's URL for a tenant login's URL: the user's name plus `_cross`. */
export function crossAccountUrl(tenantUrl: string): string {
  const user = decodeURIComponent(new URL(tenantUrl).username || 'postgres');
  return withUser(tenantUrl, `${user}${CROSS_LOGIN_SUFFIX}`);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A role created when missing; safe when another session creates it at the same moment. */
const createRole = (name: string, attributes: string) => `do $$ begin
    if not exists (select from pg_roles where rolname = ${quoteLiteral(name)}) then
      create role ${quoteIdent(name)} ${attributes};
    end if;
  exception when duplicate_object or unique_violation then null;
  end $$`;

/** Membership granted when missing (the same race). */
const grantRole = (role: string, to: string) => `do $$ begin
    if not pg_has_role(${quoteLiteral(to)}, ${quoteLiteral(role)}, 'member') then
      grant ${quoteIdent(role)} to ${quoteIdent(to)};
    end if;
  exception when duplicate_object or unique_violation then null;
  end $$`;

const LOGIN = 'login nosuperuser nobypassrls noinherit nocreatedb nocreaterole noreplication';

/** The statements that set up the roles and logins (cluster-wide; the owner's database rights: `setUpDatabase`). */
export function loginStatements(tenantLogin = TENANT_LOGIN, password?: string): string[] {
  const cross = `${tenantLogin}${CROSS_LOGIN_SUFFIX}`;
  const withPassword = (name: string) =>
    password === undefined ? [] : [`alter role ${quoteIdent(name)} password ${quoteLiteral(password)}`];
  return [
    createRole(TENANT_ROLE, 'nologin'),
    createRole(CROSS_ACCOUNT_ROLE, 'nologin'),
    createRole(tenantLogin, LOGIN),
    createRole(cross, LOGIN),
    // Attributes as they must be, also for a login made before (alter role is idempotent).
    `alter role ${quoteIdent(tenantLogin)} ${LOGIN}`,
    `alter role ${quoteIdent(cross)} ${LOGIN}`,
    grantRole(TENANT_ROLE, tenantLogin),
    grantRole(CROSS_ACCOUNT_ROLE, cross),
    // Any client of the cross-account login (a job queue's own connection) is the cross-account role.
    `alter role ${quoteIdent(cross)} set role = ${quoteLiteral(CROSS_ACCOUNT_ROLE)}`,
    ...withPassword(tenantLogin),
    ...withPassword(cross),
  ];
}

/**
 * The owner login of a new database (`scripts/db-setup.ts --owner`): it owns the database (and so,
 * on PostgreSQL 15+, its public schema) and may switch to both roles to give them their grants.
 */
export function ownerStatements(database: string, password?: string): string[] {
  return [
    createRole(OWNER_LOGIN, 'login nosuperuser nobypassrls inherit nocreatedb nocreaterole'),
    ...(password === undefined ? [] : [`alter role ${quoteIdent(OWNER_LOGIN)} password ${quoteLiteral(password)}`]),
    grantRole(TENANT_ROLE, OWNER_LOGIN),
    grantRole(CROSS_ACCOUNT_ROLE, OWNER_LOGIN),
    `alter database ${quoteIdent(database)} owner to ${quoteIdent(OWNER_LOGIN)}`,
    `alter schema public owner to ${quoteIdent(OWNER_LOGIN)}`,
  ];
}

/** Runs `fn` on a connection of its own to `url`, ended afterwards. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Runs the login set-up on the server of `adminUrl` (a superuser's URL). */
export async function setUpLogins(
  adminUrl: string,
  options: { tenantLogin?: string; password?: string; owner?: boolean } = {},
): Promise<void> {
  await withClient(adminUrl, async (client) => {
    for (const statement of loginStatements(options.tenantLogin, options.password)) await client.query(statement);
    if (options.owner) {
      const database = decodeURIComponent(new URL(adminUrl).pathname.slice(1));
      for (const statement of ownerStatements(database, options.password)) await client.query(statement);
    }
  });
}

interface LoginFacts {
  login: string;
  superuser: boolean;
  bypassrls: boolean;
  inherit: boolean;
  /** Roles it may become (every role it is a member of, directly or not). */
  roles: string[];
  /** Some object of this database is its (a table's owner may lift its row-level security). */
  owns: boolean;
  /** Tables under row-level security it may read as itself, without choosing a role. */
  readable: string[];
}

async function loginFacts(db: DB): Promise<LoginFacts> {
  const { rows } = await sql<LoginFacts>`
    select r.rolname as login, r.rolsuper as superuser, r.rolbypassrls as bypassrls, r.rolinherit as inherit,
      array(select b.rolname from pg_roles b
        where b.oid <> r.oid and pg_has_role(r.oid, b.oid, 'member') order by 1)::text[] as roles,
      exists (select 1 from pg_class c where c.relowner = r.oid)
        or exists (select 1 from pg_proc p where p.proowner = r.oid)
        or exists (select 1 from pg_namespace n where n.nspowner = r.oid and n.nspname = 'public') as owns,
      array(select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relrowsecurity and n.nspname = 'public' and has_table_privilege(r.oid, c.oid, 'select')
        order by 1 limit 5)::text[] as readable
    from pg_roles r where r.rolname = session_user`.execute(db);
  const facts = rows[0];
  if (!facts) throw new Error('the database did not say who this connection is');
  return facts;
}

/** What is wrong with `facts` for a serving login that may become `role` only, or undefined. */
function wrongWith(facts: LoginFacts, role: string): string | undefined {
  if (facts.superuser) return 'a superuser';
  if (facts.bypassrls) return 'a role that bypasses row-level security';
  if (facts.owns) return 'the owner of objects of this database (an owner may lift row-level security)';
  if (facts.readable.length > 0) return `able to read ${facts.readable.join(', ')} without choosing a role`;
  const others = facts.roles.filter((r) => r !== role);
  if (others.length > 0) return `able to become ${others.join(', ')} (it must be a member of ${role} only)`;
  return undefined;
}

/**
 * Refuses a serving connection that could read tenant tables without choosing a role, or become
 * anyone but its one role: answers why, naming the fix, or undefined when it is safe.
 */
export async function servingLoginProblem(db: DB, role: string, setting: string): Promise<string | undefined> {
  const facts = await loginFacts(db);
  const wrong = wrongWith(facts, role);
  if (!wrong) return undefined;
  return (
    `${setting} connects as '${facts.login}', ${wrong}: it could read every account's rows. ` +
    `Serve as a login that can only become ${role}: run 'node scripts/db-setup.ts <superuser-url-of-the-database>' ` +
    `and set DATABASE_URL to the '${TENANT_LOGIN}' login it prints (migrations run as MIGRATION_DATABASE_URL). ` +
    `For development only, ${PRIVILEGED_LOGIN_OVERRIDE}=true serves anyway.`
  );
}
