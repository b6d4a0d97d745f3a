import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

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

/** E2E_PORT_BASE moves both panels (so two runs can share a machine). */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100);
export const MAIN_URL = `http://127.0.0.1:${PORT}`;
export const SHORT_IDLE_URL = `http://127.0.0.1:${PORT + 1}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: MAIN_URL,
    viewport: { width: 1280, height: 800 },
    // The panel honours reduced motion (no ripples, fades or spinning): less for the browser to draw.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    server(PORT, {}),
    // A second panel with the idle timings shortened, for the session-expiry test.
    server(PORT + 1, { PANEL_IDLE_TIMEOUT_MS: '3000', PANEL_LOGOUT_COUNTDOWN_SECONDS: '5' }),
  ],
});
