import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3310);
// A fresh data folder per run: the demo school is seeded anew and no sign-in throttle carries over.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'banksia-e2e-'));
// Run as root, embedded PostgreSQL works as the `postgres` user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
// Workers load this file again: they inherit the folder (and the embedded database's password file in it) from here.
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_PORT = String(port);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // No retries: a journey that fails once is fixed at its cause, never retried into passing.
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npx tsx ../apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      // Links the app makes (the test payment provider's page, its webhooks, email links) use the journeys' host.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(port + 20000),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  },
});
