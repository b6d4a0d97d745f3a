import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const node = path.join(root, 'node_modules/.bin/node');
const run = `${process.pid}`;
const server = (port: number, env: Record<string, string>) => ({
  command: `${node} apps/server/src/main.ts`,
  cwd: root,
  url: `http://127.0.0.1:${port}/api/v1/panel/config`,
  timeout: 120_000,
  reuseExistingServer: false,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(os.tmpdir(), `switchboard-e2e-${run}-${port}`),
    LOG_LEVEL: 'warn',
    // Each test signs in several times from one address: a wide window keeps throttling out of the way.
    LOGIN_MAX_PER_ADDRESS: '1000',
    // The tests pay, verify and mail through the sandbox providers: chosen explicitly.
    SANDBOX_PROVIDERS: 'true',
    ...env,
  },
});

/** E2E_PORT_BASE moves the panels (so two runs can share a machine). */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100);
/**
 * Two workers (E2E_WORKERS): the tests mostly wait on the browser and the server, not on a core.
 * Each worker has a main panel of its own (its own data folder and demo data), so no test sees
 * another worker's records; within a worker the spec files keep their alphabetical order.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const mainPort = (worker: number) => (worker === 0 ? PORT : PORT + 1 + worker);
/** The main panel of each worker (by its parallelIndex): base, base+2, base+3… */
export const MAIN_URLS = Array.from({ length: WORKERS }, (_, worker) => `http://127.0.0.1:${mainPort(worker)}`);
/** The panel with short idle timings (base+1), for the session-expiry tests. */
export const SHORT_IDLE_URL = `http://127.0.0.1:${PORT + 1}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // The first worker's panel; fixtures.ts gives each worker its own.
    baseURL: MAIN_URLS[0],
    viewport: { width: 1280, height: 800 },
    // The panel honours reduced motion (no ripples, fades or spinning): less for the browser to draw.
    reducedMotion: 'reduce',
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    ...MAIN_URLS.map((_, worker) => server(mainPort(worker), {})),
    // A panel with the idle timings shortened, for the session-expiry tests.
    server(PORT + 1, { PANEL_IDLE_TIMEOUT_MS: '3000', PANEL_LOGOUT_COUNTDOWN_SECONDS: '5' }),
  ],
});
