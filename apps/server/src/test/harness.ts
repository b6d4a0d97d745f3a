/**
 * Test harness: one real database per test file — PGlite in memory, or a throw-away database on
 * the PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres — migrated and seeded with the
 * demo data, and the real app built over it.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, migrate, openDatabase } from '../db/database.ts';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Signs in and returns headers carrying the session cookie. */
  login: (username: string, password?: string) => Promise<Record<string, string>>;
  /** A call to the API (the /api/v1 prefix is added) as the holder of `headers`. */
  api: (
    method: Method,
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `sb_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' });
    return {
      handle,
      drop: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const handle = await openDatabase({ dataDir: 'memory' });
  return { handle, drop: () => handle.close() };
}

export async function createTestContext(overrides: Parameters<typeof loadConfig>[1] = {}): Promise<TestContext> {
  const { handle, drop } = await openTestDatabase();
  await migrate(handle.db);
  await seedDemo(handle.db);
  const config = loadConfig({}, { webDist: undefined, logLevel: 'silent', ...overrides });
  const app = await buildApp(config, { database: handle, logger: false });
  await app.ready();
  const login = async (username: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/users/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return { authorization: `Bearer ${res.json().token as string}` };
  };
  const api: TestContext['api'] = (method, url, headers, payload) =>
    app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  return {
    app,
    database: handle,
    login,
    api,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
