import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { demoAccounts, DEMO_PASSWORD, seedDemoSchool } from './db/seed/demo-school';
import { rebuildRollup } from './features/progress/index';
import { seedDemoReviews } from './features/review/index';
import { syncChargesAndLocks } from './features/payments/index';
import { jobDefinitions } from './jobs';
import { systemClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { openDatabase, runMigrations } from './platform/db';
import type { EmbeddedDatabase } from './platform/embedded-postgres';
import { Jobs } from './platform/jobs';
import { deadline, drainHttp, handleStopSignals } from './platform/lifecycle';
import { serializeRequest } from './platform/log-redaction';
import { DEFAULT_WEB_DIST } from './platform/paths';
import { loadSecretKey } from './platform/secrets';
import { s3StorageFor, storageFor } from './platform/storage';

/**
 * The app server (`npm start`; compiled to dist/main.js, ADR 051): the embedded PostgreSQL when there is no
 * DATABASE_URL, migrations, the demo school on first start, the jobs (in this process with WORKERS > 0), then HTTP.
 * On SIGTERM or SIGINT it drains: no new connections, requests in flight and running jobs finish (SHUTDOWN_TIMEOUT_MS,
 * 10 s by default), then the pools and the embedded database close, it logs `stopped` and exits 0.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers["x-csrftoken"]', 'res.headers["set-cookie"]'],
    // Request lines without the tokens of set-password links.
    serializers: { req: serializeRequest },
  });
  let embedded: EmbeddedDatabase | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: Jobs | undefined;
  const pools: { close(): Promise<void> }[] = [];
  const release = async (timeLeft: () => number) => {
    if (app) await drainHttp(app, timeLeft(), logger);
    await jobs?.stop(timeLeft()).catch((err: unknown) => logger.error({ err }, 'stopping the jobs failed'));
    for (const pool of pools) await pool.close().catch(() => {});
    await embedded?.stop().catch((err: unknown) => logger.error({ err }, 'stopping the embedded database failed'));
  };
  handleStopSignals(logger, () => release(deadline(config.shutdownTimeoutMs)));

  // How long each step of start-up took, logged once the server listens.
  const took: Record<string, number> = {};
  let stepStarted = 0; // the process's start: the first step is loading the server's code
  const step = (name: string) => {
    const now = performance.now();
    took[name] = Math.round(now - stepStarted);
    stepStarted = now;
  };
  step('load');
  let databaseUrl = config.databaseUrl;
  try {
    if (!databaseUrl) {
      const dir = path.join(config.dataDir, 'postgres');
      logger.info({ dir }, 'starting embedded PostgreSQL');
      // Loaded only when used: a server on DATABASE_URL never loads the package (nor its exit hooks).
      const { startEmbeddedPostgres } = await import('./platform/embedded-postgres');
      embedded = await startEmbeddedPostgres({
        dir,
        port: config.embeddedPgPort,
        log: (m) => logger.debug({ postgres: m }),
        notice: (m) => logger.warn(m),
      });
      databaseUrl = embedded.url;
      step('database');
    }
    const database = openDatabase(databaseUrl);
    // pg-boss polls on a small pool of its own, so busy requests and busy queues do not wait for each other.
    const jobsDatabase = openDatabase(databaseUrl, 3);
    pools.push(jobsDatabase, database);
    jobs = new Jobs({
      pool: jobsDatabase.pool,
      definitions: jobDefinitions,
      log: logger.child({ component: 'jobs' }),
      workers: config.workers,
    });
    // Start-up work may take longer than any request: it runs without the per-statement limits.
    const setup = openDatabase(databaseUrl, 2, { statementMs: null });
    try {
      await runMigrations(setup.pool, { schoolTimeZone: config.schoolTimeZone });
      step('migrations');
      if (config.seedDemo) {
        const { created } = await seedDemoSchool(setup.db, storageFor(config), new Date(), {
          timeZone: config.schoolTimeZone,
          reviews: seedDemoReviews,
          rollup: (tx) => rebuildRollup(tx),
          fees: (tx, o) => syncChargesAndLocks(tx, { schoolId: o.schoolId, calendarYear: o.calendarYear, at: o.now }),
        });
        if (created) logger.info('demo school created');
        step('demo');
      }
    } finally {
      await setup.close();
    }
    await s3StorageFor(config, 'public')?.checkBucket();
    const secret = await loadSecretKey(config.secretKey, config.dataDir);
    const webDist = config.webDist ?? DEFAULT_WEB_DIST;
    const deps = { config: { ...config, webDist }, db: database.db, clock: systemClock, secret, jobs };
    // Installs pg-boss's schema and the queues; with WORKERS > 0 also runs the jobs and the periodic clean-ups here.
    await jobs.start(deps);
    step('jobs');
    app = await buildApp(deps, { logger });
    step('app');
    await app.listen({ port: config.port, host: config.host });
    step('listen');
    logger.info({ ms: took, uptimeMs: Math.round(process.uptime() * 1000) }, 'started');
  } catch (err) {
    logger.fatal({ err }, 'start-up failed');
    await release(deadline(0));
    process.exit(1);
  }

  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Banksia is running at ${url}`,
    `  Database: ${embedded ? `embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')}` : 'DATABASE_URL'}`,
    `  Files: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : `local disk in ${config.dataDir}`}`,
    `  Jobs: ${config.workers > 0 ? `run in this process (WORKERS=${config.workers})` : 'enqueued only (WORKERS=0): run `npm run worker`'}`,
    `  Email: ${config.smtpUrl ? 'sent by SMTP (SMTP_URL)' : `not sent (no SMTP_URL): read it at ${url}/content/admin/outbox/`}`,
    '',
    ...(config.seedDemo
      ? [
          `  Demo accounts (password "${DEMO_PASSWORD}"):`,
          ...demoAccounts.map((a) => `    ${a.email.padEnd(24)} ${a.role}`),
          '',
        ]
      : []),
    '  Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

void main();
