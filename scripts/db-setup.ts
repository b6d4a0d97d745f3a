/**
 * The PostgreSQL set-up of a Switchboard database (apps/server/src/db/logins.ts), run as a superuser:
 *   node scripts/db-setup.ts <superuser-url-of-the-database> [--password <p>] [--logins-only]
 * Creates the database when missing, the tenant and cross-account roles, the tenant login
 * (switchboard_web) and its cross-account login (switchboard_web_cross) and, for a database with no
 * tables yet, the owner login (switchboard_owner) that will own them; then prints the URLs to start
 * the server with. Safe to run again (a new password replaces the old). `--password` (or
 * SWITCHBOARD_DB_PASSWORD) sets the logins' password; without one they have none (local trust or
 * peer authentication). `--logins-only`: the logins and roles only (CI, the tests' set-up).
 */
import { OWNER_LOGIN, setUpLogins, TENANT_LOGIN, withClient, withUser } from '../apps/server/src/db/logins.ts';

const args = process.argv.slice(2);
const url = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--password');
const passwordAt = args.indexOf('--password');
const password = passwordAt >= 0 ? args[passwordAt + 1] : process.env.SWITCHBOARD_DB_PASSWORD || undefined;
if (!url || (passwordAt >= 0 && !password)) {
  console.error('usage: node scripts/db-setup.ts <superuser-url-of-the-database> [--password <p>] [--logins-only]');
  process.exit(2);
}

const database = decodeURIComponent(new URL(url).pathname.slice(1));
if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(database))
  throw new Error(`not a database name this script creates: '${database}'`);
const server = new URL(url);
server.pathname = '/postgres';
await withClient(server.toString(), async (c) => {
  const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [database]);
  if (!rowCount) {
    await c.query(`create database ${database}`);
    console.log(`created database ${database}`);
  }
});
const { superuser, tables } = await withClient(url, async (c) => {
  const who = await c.query<{ s: boolean }>('select rolsuper as s from pg_roles where rolname = current_user');
  const n = await c.query<{ n: number }>(
    "select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public' and c.relkind = 'r'",
  );
  return { superuser: Boolean(who.rows[0]?.s), tables: Number(n.rows[0]?.n ?? 0) };
});
if (!superuser) throw new Error('db-setup needs a superuser URL (it creates roles and gives the database its owner)');
const loginsOnly = args.includes('--logins-only');
// A database that has tables keeps their owner: its migrations go on as the user they ran as.
const owner = !loginsOnly && tables === 0;
await setUpLogins(url, { ...(password === undefined ? {} : { password }), owner });

const served = (user: string) => {
  const u = new URL(withUser(url, user));
  u.password = password === undefined ? '' : encodeURIComponent(password);
  return u.toString();
};
console.log(
  `logins ${TENANT_LOGIN} and ${TENANT_LOGIN}_cross ready${owner ? `, ${OWNER_LOGIN} owns ${database}` : ''}`,
);
if (!loginsOnly) {
  const migrations = owner ? served(OWNER_LOGIN) : url;
  if (!owner) console.log(`${database} has tables already: its migrations run as the user that made them`);
  console.log('Start the server with:');
  console.log(`  MIGRATION_DATABASE_URL=${migrations} DATABASE_URL=${served(TENANT_LOGIN)} npm start`);
}
