/**
 * scripts/db-setup.ts, run as a provider would on a new PostgreSQL database: it creates the database,
 * the owner that will own its tables and the two serving logins; run again it changes nothing it
 * should not; the database migrated as the owner is then served by the tenant login, which the
 * server's start-up check accepts, while the superuser it was set up with is refused.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAll } from '../areas.ts';
import { onPostgres } from '../test/harness.ts';
import { openDatabase } from './database.ts';
import { OWNER_LOGIN, servingLoginProblem, TENANT_LOGIN, withClient, withUser } from './logins.ts';
import { TENANT_ROLE } from './tenancy-sql.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const name = `sb_setup_${process.pid}_${Date.now() % 100000}`;
const superuserUrl = () => {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.username = 'postgres';
  url.password = '';
  url.pathname = `/${name}`;
  return url.toString();
};
const setUp = () => run(process.execPath, [path.join(root, 'scripts/db-setup.ts'), superuserUrl()], { cwd: root });

afterAll(async () => {
  if (!onPostgres) return;
  const server = new URL(superuserUrl());
  server.pathname = '/postgres';
  await withClient(server.toString(), (c) => c.query(`drop database if exists ${name} with (force)`));
});

describe.runIf(onPostgres)('db-setup', () => {
  it('creates the database owned by the owner login, and logins that can only be what they are for', async () => {
    const first = await setUp();
    expect(first.stdout).toContain(`created database ${name}`);
    expect(first.stdout).toContain(`${OWNER_LOGIN} owns ${name}`);
    expect(first.stdout).toContain(`DATABASE_URL=${withUser(superuserUrl(), TENANT_LOGIN)}`);
    const again = await setUp();
    expect(again.stdout).not.toContain('created database');
    const roles = await withClient(superuserUrl(), async (c) => {
      const owner = await c.query<{ owner: string }>(
        'select pg_get_userbyid(datdba) as owner from pg_database where datname = current_database()',
      );
      const logins = await c.query(
        `select rolname, rolsuper, rolbypassrls, rolinherit, rolcanlogin, rolcreaterole, rolcreatedb
         from pg_roles where rolname in ($1, $2) order by rolname`,
        [TENANT_LOGIN, `${TENANT_LOGIN}_cross`],
      );
      return { owner: owner.rows[0]?.owner, logins: logins.rows };
    });
    expect(roles.owner).toBe(OWNER_LOGIN);
    const safe = { rolsuper: false, rolbypassrls: false, rolinherit: false, rolcanlogin: true };
    expect(roles.logins).toEqual([
      { rolname: TENANT_LOGIN, ...safe, rolcreaterole: false, rolcreatedb: false },
      { rolname: `${TENANT_LOGIN}_cross`, ...safe, rolcreaterole: false, rolcreatedb: false },
    ]);
  });

  it('gives a database that, migrated as the owner, the tenant login serves and the superuser may not', async () => {
    const owner = await openDatabase({ databaseUrl: withUser(superuserUrl(), OWNER_LOGIN), dataDir: '' });
    try {
      await migrateAll(owner.db);
      const tables = await sql<{ n: number }>`
        select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner <> ${OWNER_LOGIN}`.execute(
        owner.db,
      );
      expect(tables.rows[0]?.n).toBe(0);
    } finally {
      await owner.close();
    }
    for (const [user, refused] of [
      [TENANT_LOGIN, false],
      ['postgres', true],
    ] as const) {
      const handle = await openDatabase({ databaseUrl: withUser(superuserUrl(), user), dataDir: '' });
      try {
        const problem = await servingLoginProblem(handle.db, TENANT_ROLE, 'DATABASE_URL');
        if (refused) expect(problem).toMatch(/DATABASE_URL/);
        else expect(problem).toBeUndefined();
      } finally {
        await handle.close();
      }
    }
  });
});
