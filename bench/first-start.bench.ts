/**
 * Benchmark: the first start. Spawns the real server (apps/server/src/main.ts) on a fresh data folder
 * (PGlite) or a fresh empty database (PostgreSQL) and prints the time from spawn to the first 200 of
 * `/ready` and to the first successful sign-in of a demo user, with the build's first-start snapshot
 * (apps/server/dist/first-start, made by `npm run build`) and without it (FIRST_START_SNAPSHOT='':
 * migrate and seed), with the server's own CPU time until ready (a figure a loaded machine disturbs
 * less). Then the process's resident memory once idle. Not a test.
 *   npm run bench:first-start -w @switchboard/bench
 *   BENCH_RUNS=5 (default 3) BENCH_DB=pglite|postgres BENCH_DATABASE_URL=postgres://...
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, '..');
const ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Start {
  readyMs: number;
  /** The server's CPU (user + system) until it was ready: less at the mercy of a loaded machine. */
  readyCpuMs: number;
  signInMs: number;
  rssMb: number;
}

async function until(port: number, t0: number, child: { exitCode: number | null }, what: () => Promise<boolean>) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (await what().catch(() => false)) return performance.now() - t0;
    if (performance.now() - t0 > 600_000) throw new Error(`the server on ${port} did not answer in 10 minutes`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A process's CPU time so far (user + system, /proc/PID/stat's utime and stime, at 100 ticks a second). */
function cpuMs(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One start: spawn, poll /ready, then sign in as the demo retail user. */
async function start(env: Record<string, string>): Promise<Start> {
  const port = 39000 + crypto.randomInt(900);
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const readyMs = await until(port, t0, child, async () => (await fetch(`${base}/ready`)).ok);
    const readyCpuMs = cpuMs(child.pid);
    const signInMs = await until(port, t0, child, async () => {
      const res = await fetch(`${base}/api/v1/users/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'retail', password: 'Switchboard-1' }),
      });
      return res.ok;
    });
    await new Promise((r) => setTimeout(r, 2000));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return { readyMs, readyCpuMs, signInMs, rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024 };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function pgliteStart(snapshot: boolean): Promise<Start> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-first-start-'));
  try {
    return await start({ DATA_DIR: dataDir, DATABASE_URL: '', ...(snapshot ? {} : { FIRST_START_SNAPSHOT: '' }) });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresStart(): Promise<Start> {
  const name = `sb_bench_${crypto.randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(ADMIN);
  url.pathname = `/${name}`;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-first-start-files-'));
  try {
    // The benchmark's superuser serves (the development override), as before the tenant login.
    return await start({
      DATABASE_URL: url.toString(),
      SEED_DEMO: 'true',
      DATA_DIR: files,
      ALLOW_PRIVILEGED_DATABASE_LOGIN: 'true',
    });
  } finally {
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    fs.rmSync(files, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;

async function measure(label: string, once: () => Promise<Start>): Promise<void> {
  const starts: Start[] = [];
  for (let i = 0; i < RUNS; i++) starts.push(await once());
  const ready = starts.map((s) => s.readyMs);
  const cpu = starts.map((s) => s.readyCpuMs);
  const signIn = starts.map((s) => s.signInMs);
  const rss = starts.map((s) => s.rssMb);
  console.log(
    `${label.padEnd(34)} ready ${median(ready).toFixed(0).padStart(5)} ms (${range(ready)}, CPU ${median(cpu)} ms)` +
      `  sign-in ${median(signIn).toFixed(0).padStart(5)} ms (${range(signIn)})  resident ${median(rss).toFixed(0)} MB`,
  );
}

const only = process.env.BENCH_DB;
console.log(
  `first start, ${RUNS} runs each, median (range); ${new Date().toISOString()}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${os.availableParallelism()} cores`,
);
const snapshotMade = fs.existsSync(path.join(root, 'apps/server/dist/first-start/snapshot.json'));
if (only !== 'postgres') {
  await measure('PGlite, migrate + seed', () => pgliteStart(false));
  if (snapshotMade) await measure('PGlite, from the build snapshot', () => pgliteStart(true));
  else console.log('PGlite, from the build snapshot: none made (npm run build)');
}
if (only !== 'pglite') {
  const reachable = await admin(async () => true).catch(() => false);
  if (reachable) await measure('PostgreSQL, migrate + seed', postgresStart);
  else console.log(`PostgreSQL: ${ADMIN} does not answer`);
}
