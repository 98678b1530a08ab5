import path from 'node:path';

/**
 * The journeys' app servers: one per Playwright worker, each on its own port, embedded database and data folder, so
 * two journeys running side by side never see each other's data or sign-in throttle. Worker `i` (its
 * `parallelIndex`) uses app `i`. The config starts them all before the first journey; a journey that starts an extra
 * server for itself (the autosave crash test) uses `extraPort`, which no other app uses.
 */
export interface JourneyApp {
  /** The app's HTTP port; `baseURL` of the worker's pages. */
  port: number;
  /** A second port that belongs to this app's journeys alone. */
  extraPort: number;
  /** The embedded PostgreSQL's port. */
  dbPort: number;
  /** The app's DATA_DIR (its embedded database lives in `postgres/` below it). */
  dataDir: string;
  origin: string;
}

/** Ports are spaced by 10 from `E2E_PORT` (default 3310); the database's is the app's + 20000. */
export function journeyApp(index: number, env: NodeJS.ProcessEnv = process.env): JourneyApp {
  const base = Number(env.E2E_PORT ?? 3310);
  const root = env.E2E_DATA_DIR;
  if (!root) throw new Error('E2E_DATA_DIR is set by playwright.config.ts; run the journeys with `npm run test:e2e`');
  const port = base + index * 10;
  return {
    port,
    extraPort: port + 2,
    dbPort: port + 20000,
    dataDir: path.join(root, `app-${index}`),
    origin: `http://127.0.0.1:${port}`,
  };
}
