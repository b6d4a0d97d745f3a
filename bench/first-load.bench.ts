/**
 * Benchmark: the JavaScript a new visitor's browser fetches from the login page to an idle dashboard
 * (issue 25 item 5). Starts the built server (`npm run build` first) on a fresh data folder, opens
 * the login page in Debian's Chromium (a fresh profile: nothing cached), signs in as a demo user,
 * waits until the dashboard's counts show and the network has been quiet for a while, and records
 * every JavaScript response: its size gzip-compressed (the body gzipped here, level 9), the size
 * the server actually sent (brotli), split into the login page's and the ones after sign-in.
 * Budget: at most 180 KB gzip from the login page to the idle dashboard, at most 40 JavaScript
 * requests after sign-in; exits 1 when a user's first load is over it.
 *   npm run build && npm run bench:first-load -w @switchboard/bench [-- retail admin reseller]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page, type Response } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.ts';

const BUDGET_BYTES = 180 * 1024;
const BUDGET_REQUESTS_AFTER_SIGN_IN = 40;
/** The network counts as idle once nothing has been asked for or answered for this long. */
const QUIET_MS = 1000;
const PASSWORD = 'Switchboard-1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3502);
const base = `http://127.0.0.1:${port}`;
/** The demo users to measure: the retail holder (every feature), the provider admin, the reseller. */
const users = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['retail', 'admin', 'reseller'];

interface Script {
  url: string;
  phase: 'login' | 'after';
  gzip: number;
  sent: number;
}

async function startServer(): Promise<{ server: ChildProcess; dataDir: string }> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.error('No apps/web/dist: build the panel first (npm run build).');
    process.exit(2);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-first-load-'));
  const server = spawn(path.join(root, 'node_modules/.bin/node'), ['apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SANDBOX_PROVIDERS: 'true',
    },
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const up = await fetch(`${base}/api/v1/panel/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { server, dataDir };
    if (Date.now() > deadline) {
      await stopServer(server, dataDir);
      throw new Error('the server did not start within 5 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopServer(server: ChildProcess, dataDir: string): Promise<void> {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    // A server that does not stop within 10 s (a busy machine) is stopped for good.
    const hard = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(hard);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Resolves once no request has been in flight, started or finished for QUIET_MS. */
function networkIdle(page: Page): () => Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const touch = (delta: number) => () => {
    inFlight += delta;
    last = Date.now();
  };
  page.on('request', touch(1));
  page.on('requestfinished', touch(-1));
  page.on('requestfailed', touch(-1));
  return async () => {
    while (inFlight > 0 || Date.now() - last < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, 100));
  };
}

async function recordScript(response: Response, phase: Script['phase'], into: Script[]): Promise<void> {
  const type = response.headers()['content-type'] ?? '';
  if (!type.includes('javascript') || response.status() !== 200) return;
  const body = await response.body();
  const sizes = await response.request().sizes();
  into.push({
    url: new URL(response.url()).pathname,
    phase,
    gzip: gzipSync(body, { level: 9 }).length,
    sent: sizes.responseBodySize,
  });
}

/** From the login page to the idle dashboard in a fresh browser context, as `username`. */
async function firstLoad(browser: Browser, username: string): Promise<Script[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const scripts: Script[] = [];
  const pending: Promise<void>[] = [];
  let phase: Script['phase'] = 'login';
  page.on('response', (response) => pending.push(recordScript(response, phase, scripts)));
  const idle = networkIdle(page);
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').waitFor();
  await idle();
  phase = 'after';
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The counts show: every count of the dashboard holds a number (or '—' for one that failed).
  await page.waitForFunction(() => {
    const counts = [...document.querySelectorAll('[data-testid^="count-"]')];
    return counts.length > 0 && counts.every((c) => /^(\d+|—)$/.test(c.textContent ?? ''));
  });
  await idle();
  await Promise.all(pending);
  await context.close();
  return scripts;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (scripts: Script[], key: 'gzip' | 'sent') => scripts.reduce((total, s) => total + s[key], 0);

function report(username: string, scripts: Script[]): boolean {
  const login = scripts.filter((s) => s.phase === 'login');
  const after = scripts.filter((s) => s.phase === 'after');
  const total = sum(scripts, 'gzip');
  const within = total <= BUDGET_BYTES && after.length <= BUDGET_REQUESTS_AFTER_SIGN_IN;
  console.log(
    `${username}: ${kb(total)} gzip JS from the login page to the idle dashboard (budget ${kb(BUDGET_BYTES)}), ` +
      `${after.length} JS requests after sign-in (budget ${BUDGET_REQUESTS_AFTER_SIGN_IN}): ${within ? 'within' : 'OVER'}`,
  );
  console.log(
    `  login page: ${kb(sum(login, 'gzip'))} gzip in ${login.length} requests (${kb(sum(login, 'sent'))} sent)`,
  );
  console.log(
    `  after sign-in: ${kb(sum(after, 'gzip'))} gzip in ${after.length} requests (${kb(sum(after, 'sent'))} sent)`,
  );
  const largest = [...scripts]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 8)
    .map((s) => `${path.basename(s.url)} ${kb(s.gzip)}`);
  console.log(`  largest: ${largest.join(', ')}`);
  if (process.env.BENCH_VERBOSE) for (const s of scripts) console.log(`    ${s.phase}: ${s.url} ${kb(s.gzip)}`);
  return within;
}

const { server, dataDir } = await startServer();
let allWithin = true;
try {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    for (const username of users) allWithin = report(username, await firstLoad(browser, username)) && allWithin;
  } finally {
    await browser.close();
  }
} finally {
  await stopServer(server, dataDir);
}
console.log(
  `(${new Date().toISOString()}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
process.exit(allWithin ? 0 : 1);
