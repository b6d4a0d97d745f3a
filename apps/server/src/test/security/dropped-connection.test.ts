/**
 * PostgreSQL going away under load (a restart, a failover, an administrator ending sessions): the
 * app's connections are terminated while requests are in flight, then the database refuses new
 * connections for a while. The process must survive; every request must end cleanly — answered as
 * usual, or refused 503 with a JSON message and Retry-After (never a bare 500: the failure is the
 * database's, passing, and the client should retry); /ready must say unavailable and come back;
 * and once the database is back, requests succeed again.
 */
import { MESSAGES } from '@switchboard/domain';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, onPostgres, type TestContext } from '../harness.ts';

let t: TestContext;
let headers: Record<string, string>;
let admin: pg.Client;
let database: string;

/** Ends every connection of the app's database (not the admin's, which is on another database). */
const terminate = () =>
  admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1', [database]);
const allowConnections = (allow: boolean) =>
  admin.query(`alter database ${database} with allow_connections ${allow ? 'true' : 'false'}`);

/** A reply is clean when it is the usual one (2xx/4xx) or a 503 that says so in JSON, with Retry-After. */
function unclean(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 500) return undefined;
  const body = res.json() as { success?: boolean; message?: string };
  if (
    res.statusCode === 503 &&
    body.success === false &&
    body.message === MESSAGES.serviceUnavailable &&
    res.headers['retry-after'] !== undefined
  )
    return undefined;
  return `${res.statusCode} ${res.body.slice(0, 200)}`;
}

/** A mix of the app's work: reads, a list, a partial save, a create and delete, a session look-up. */
function traffic(i: number): Promise<LightMyRequestResponse> {
  switch (i % 5) {
    case 0:
      return t.api('GET', '/mobile/1', headers);
    case 1:
      return t.api('POST', '/seat/0/15', headers, {});
    case 2:
      return t.api('PATCH', '/mobile/2', headers, { active: i % 2 === 0 });
    case 3:
      return t.api('POST', '/accesscontrol', headers, { name: `Dropped ${i}`, description: '' });
    default:
      return t.api('GET', '/users/auth/session', headers);
  }
}

describe.runIf(onPostgres)('the database connections dropped mid-run', () => {
  beforeAll(async () => {
    t = await createTestContext();
    headers = await t.login('retail');
    const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(t.database.db);
    database = rows[0]?.db ?? '';
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await allowConnections(true);
    await admin?.end();
    await t?.close();
  });

  it('survives connections ended under load: every request answered cleanly, then all good again', async () => {
    const problems: string[] = [];
    let unavailable = 0;
    let terminated = 0;
    for (let round = 0; round < 8; round++) {
      const inFlight = Array.from({ length: 24 }, (_, i) => traffic(round * 24 + i));
      // End the connections while those requests hold them (in a transaction, or between queries).
      await new Promise((resolve) => setTimeout(resolve, 3 + round * 2));
      terminated += (await terminate()).rows[0]?.n ?? 0;
      for (const res of await Promise.all(inFlight)) {
        const why = unclean(res);
        if (why) problems.push(why);
        if (res.statusCode === 503) unavailable++;
      }
    }
    expect(problems).toEqual([]);
    expect(terminated).toBeGreaterThan(0);
    console.info(`dropped connections: ${terminated} backends ended, ${unavailable} requests answered 503`);
    // The pool replaced its connections: everything works again.
    for (let i = 0; i < 10; i++) expect((await traffic(i)).statusCode, `request ${i}`).toBeLessThan(500);
  });

  it('answers 503 with a message while the database refuses connections, and /ready tells; then recovers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    await allowConnections(false);
    await terminate();
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(json(ready).status).toBe('unavailable');
    for (let i = 0; i < 10; i++) {
      const res = await traffic(i);
      expect(res.statusCode, `request ${i} while the database is away`).toBe(503);
      expect(json(res)).toEqual({ success: false, message: MESSAGES.serviceUnavailable });
      expect(res.headers['retry-after']).toBe('5');
    }
    // /health is the process: it still answers.
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    await allowConnections(true);
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await t.app.inject({ method: 'GET', url: '/ready' })).statusCode;
      if (back !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(back).toBe(200);
    for (let i = 0; i < 10; i++) expect((await traffic(i)).statusCode, `request ${i} once back`).toBeLessThan(500);
    expect((await t.api('GET', '/mobile/1', headers)).statusCode).toBe(200);
  });
});
