import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { journeyApp } from './apps';

const port = Number(process.env.E2E_PORT ?? 3310);
// A fresh data folder per run: the demo school is seeded anew and no sign-in throttle carries over.
const dataRoot = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'banksia-e2e-'));
// Workers load this file again: they inherit the folder (and the embedded databases' password files in it) from here.
process.env.E2E_DATA_DIR = dataRoot;
process.env.E2E_PORT = String(port);
// Two workers by default: one journey mostly waits (on the browser, the server, a debounce), so two side by side
// take about half as long on two cores. Each worker has its own app and database (apps.ts).
const workers = Number(process.env.E2E_WORKERS ?? 2);
const apps = Array.from({ length: workers }, (_, i) => journeyApp(i));
for (const dir of [dataRoot, ...apps.map((a) => a.dataDir)]) {
  mkdirSync(dir, { recursive: true });
  // Run as root, embedded PostgreSQL works as the `postgres` user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
}

/** Journeys that measure the page's responsiveness (see the `responsiveness` project). */
const RESPONSIVENESS = /authoring-editor-responsive\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  // Files are shared out between the workers; the journeys in one file run in order, in one worker.
  fullyParallel: false,
  workers,
  // No retries: a journey that fails once is fixed at its cause, never retried into passing.
  retries: 0,
  reporter: [['list']],
  // A journey's own budget: most visit several pages and check each with axe. Each wait inside still fails after
  // Playwright's 5 s (expect) when the state a user would see does not come. On 2026-11-28 three journeys of 18–21 s
  // alone took 32–34 s in CI on a slower machine, every step passing; the longest journeys set their own budget.
  timeout: 60_000,
  use: {
    // Each worker's pages go to its own app: `baseURL` is set per worker in tests/fixtures.ts.
    screenshot: 'only-on-failure',
    // A trace records every action of every journey, pass or fail (about a fifth of the journeys' time on two
    // cores). CI keeps only its log, so there it is off; on a workstation a failed journey keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
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
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: RESPONSIVENESS },
    // Journeys that time the page (each key answered within 200 ms) run once every other journey has finished, so a
    // second journey beside them on the two cores is not what they measure.
    {
      name: 'responsiveness',
      use: { ...devices['Desktop Chrome'] },
      testMatch: RESPONSIVENESS,
      dependencies: ['chromium'],
    },
  ],
  webServer: apps.map((app) => ({
    // The compiled server, as `npm start` runs it (`npm run test:e2e` builds it first).
    command: 'node --no-memory-reducer --enable-source-maps ../apps/server/dist/main.js',
    url: `${app.origin}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(app.port),
      // Links the app makes (the test payment provider's page, its webhooks, email links) use the journeys' host.
      PUBLIC_URL: app.origin,
      DATA_DIR: app.dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(app.dbPort),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Journeys check that class pages arrive rendered on the server. Two workers on two cores can hold a page's
      // data past the 1 s default, and the page then (correctly) arrives plain: a failure about the machine, not the
      // app. The plain page when a render declines or fails is tested in apps/server/src/page-render.test.ts.
      RENDER_DEADLINE_MS: '10000',
    },
  })),
});
