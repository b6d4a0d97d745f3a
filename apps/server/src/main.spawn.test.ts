/**
 * Issue 24 item 11: the real server (src/main.ts, spawned) on a fresh data folder or a fresh empty
 * database accepts no connection before it is ready: the first TCP connection it accepts is followed
 * at once by a sign-in as a demo user, which must succeed on the first attempt, and by `/`, which
 * must be the panel. On PGlite both ways of a first start (migrate and seed; the build's snapshot),
 * on PostgreSQL (SEED_DEMO=true) migrate as the owner and seed and serve as the tenant login; there a
 * superuser's DATABASE_URL is refused.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TENANT_LOGIN, withUser } from './db/logins.ts';
import { DEMO_PASSWORD } from './demo/seed.ts';
import { pgliteTemplateFile, snapshotFromTemplate } from './test/first-start-fixture.ts';
import { createPostgresDatabase } from './test/template.ts';

// Generous: a first start on a loaded 2-core machine has taken minutes.
const TIMEOUT = 600_000;
const PANEL = '<!doctype html><title>switchboard spawn test</title>';
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A port free now (the kernel's choice, released at once). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Spawns the server; at its first accepted connection, signs in and asks for `/` at once. */
async function firstAnswers(env: Record<string, string>) {
  const port = await freePort();
  const web = temporaryDir('sb-spawn-web-');
  fs.writeFileSync(path.join(web, 'index.html'), PANEL);
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'main.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: web, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  cleanups.push(() => stop(child));
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const base = `http://127.0.0.1:${port}`;
  const [login, page] = await Promise.all([
    fetch(`${base}/api/v1/users/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'retail', password: DEMO_PASSWORD }),
    }),
    fetch(`${base}/`),
  ]);
  return {
    login: { status: login.status, body: (await login.json()) as { success?: boolean; message?: string } },
    page: { status: page.status, body: await page.text() },
    output: () => output.join(''),
  };
}

function expectReady(answers: Awaited<ReturnType<typeof firstAnswers>>) {
  expect(answers.login, answers.output()).toEqual({ status: 200, body: expect.objectContaining({ success: true }) });
  expect(answers.page).toEqual({ status: 200, body: PANEL });
}

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(onPostgres)('the first start on PGlite', () => {
  it(
    'migrating and seeding: the first connection accepted signs in',
    async () => {
      const answers = await firstAnswers({
        DATA_DIR: temporaryDir('sb-spawn-data-'),
        DATABASE_URL: '',
        FIRST_START_SNAPSHOT: '',
      });
      expectReady(answers);
      expect(answers.output()).not.toMatch(/from the build's snapshot/);
    },
    TIMEOUT,
  );

  it.skipIf(!pgliteTemplateFile())(
    "from the build's snapshot: the first connection accepted signs in",
    async () => {
      const snapshot = await snapshotFromTemplate();
      cleanups.push(snapshot.remove);
      const dataDir = temporaryDir('sb-spawn-data-');
      const answers = await firstAnswers({ DATA_DIR: dataDir, DATABASE_URL: '', FIRST_START_SNAPSHOT: snapshot.dir });
      expectReady(answers);
      expect(answers.output()).toMatch(/first start from the build's snapshot/);
    },
    TIMEOUT,
  );
});

describe.skipIf(!onPostgres)('the first start on PostgreSQL', () => {
  it(
    'migrating and seeding an empty database: the first connection accepted signs in',
    async () => {
      const database = await createPostgresDatabase('sb_test');
      cleanups.push(database.drop);
      // The safe set-up (README): migrated by the owner, served by the tenant login.
      const answers = await firstAnswers({
        MIGRATION_DATABASE_URL: database.url,
        DATABASE_URL: withUser(database.url, TENANT_LOGIN),
        SEED_DEMO: 'true',
        DATA_DIR: temporaryDir('sb-spawn-files-'),
      });
      expectReady(answers);
    },
    TIMEOUT,
  );

  it(
    'refuses to serve as a superuser, in one line naming the fix',
    async () => {
      const database = await createPostgresDatabase('sb_test');
      cleanups.push(database.drop);
      const child = spawn(process.execPath, [path.join(import.meta.dirname, 'main.ts')], {
        env: { ...process.env, PORT: String(await freePort()), WEB_DIST: '', DATABASE_URL: database.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      cleanups.push(() => stop(child));
      const errors: string[] = [];
      child.stderr?.on('data', (chunk) => errors.push(String(chunk)));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(errors.join('')).toMatch(
        /\[switchboard\] not starting: DATABASE_URL connects as '[^']+', a superuser: .*scripts\/db-setup\.ts.*ALLOW_PRIVILEGED_DATABASE_LOGIN=true/,
      );
    },
    TIMEOUT,
  );
});
