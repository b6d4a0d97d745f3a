/**
 * A stalled PostgreSQL (connections accepted, nothing answered — a hung server, a network black
 * hole): a request is answered 503 with the spec's 'no response' text once the pool's timeouts
 * pass, never a 500; /ready answers 503 within 2 s whatever the database does; and the pool is not
 * left wedged — once the database answers again, so does the app. PostgreSQL only: PGlite runs in
 * this process and cannot stall this way (a statement it is given runs to its end).
 */
import net from 'node:net';
import { MESSAGES } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { onPostgres } from '../harness.ts';
import { createPostgresDatabase } from '../template.ts';

/** A TCP proxy in front of the PostgreSQL server that can stop passing anything on, either way. */
function stallingProxy(target: URL) {
  let stalled = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (d) => {
      if (!stalled) upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (!stalled) client.write(d);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    stall: (on: boolean) => {
      stalled = on;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const STATEMENT_TIMEOUT_MS = 300;
const CONNECT_TIMEOUT_MS = 300;
let proxy: ReturnType<typeof stallingProxy>;
let handle: DatabaseHandle;
let app: FastifyInstance;
let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  // A copy of the run's migrated template (the job queue's schema and every table are there).
  const template = inject('serverTemplate');
  database = await createPostgresDatabase('sb_test', template?.kind === 'postgres' ? template.database : undefined);
  const target = new URL(database.url);
  proxy = stallingProxy(target);
  const port = await proxy.listen();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  handle = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'memory',
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
  });
  // The test server's superuser, through the proxy: serving as it is the development override.
  const config = loadConfig({}, { webDist: undefined, logLevel: 'silent', allowPrivilegedDatabaseLogin: true });
  app = await buildApp(config, { database: handle, logger: false });
  await app.ready();
});
afterAll(async () => {
  if (!onPostgres) return;
  proxy.stall(false);
  await app?.close();
  await handle?.close();
  await proxy?.close();
  await database?.drop();
});

const timed = async <T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
};

describe.skipIf(!onPostgres)('a stalled database', () => {
  it('answers 503 with the spec’s text within the timeouts, /ready 503 within 2 s, and recovers', async () => {
    expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    proxy.stall(true);
    // A statement on a connection the pool already holds: the query timeout.
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users/auth/login',
        payload: { username: 'retail', password: 'Switchboard-1' },
      });
    const replies = await timed(() => Promise.all([login(), login()]));
    for (const res of replies.value) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.serviceUnavailable });
      expect(res.headers['retry-after']).toBeDefined();
    }
    // The pool's query timeout is the statement timeout and 5 s, waited once: the transaction's
    // connection is thrown away without a ROLLBACK the silent server would never answer.
    expect(replies.ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 5_000 + 2_000);
    // A new connection is made (TCP accepted) but never answered: the connection timeout.
    for (let i = 0; i < 3; i++) {
      const ready = await timed(() => app.inject({ method: 'GET', url: '/ready' }));
      expect(ready.value.statusCode).toBe(503);
      expect(ready.ms).toBeLessThanOrEqual(2_000);
    }
    const fresh = await timed(login);
    expect(fresh.value.statusCode, fresh.value.body).toBe(503);
    // The database answers again: so does the app (the stalled connections were thrown away).
    proxy.stall(false);
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      status = (await app.inject({ method: 'GET', url: '/ready' })).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  }, 60_000);
});
