import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { demoAccounts, DEMO_PASSWORD, seedDemoSchool } from './db/seed/demo-school';
import { rebuildRollup } from './features/progress/progress-rollup';
import { seedDemoReviews } from './features/review/review.demo';
import { syncChargesAndLocks } from './features/payments/locks';
import { jobDefinitions } from './jobs';
import { systemClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { openDatabase, runMigrations } from './platform/db';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/embedded-postgres';
import { Jobs } from './platform/jobs';
import { serializeRequest } from './platform/log-redaction';
import { loadSecretKey } from './platform/secrets';
import { s3StorageFor, storageFor } from './platform/storage';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers["x-csrftoken"]', 'res.headers["set-cookie"]'],
    // Request lines without the tokens of set-password links.
    serializers: { req: serializeRequest },
  });
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = path.join(config.dataDir, 'postgres');
    logger.info({ dir }, 'starting embedded PostgreSQL');
    try {
      embedded = await startEmbeddedPostgres({
        dir,
        port: config.embeddedPgPort,
        log: (m) => logger.debug({ postgres: m }),
        notice: (m) => logger.warn(m),
      });
    } catch (err) {
      logger.fatal({ err }, 'the embedded database did not start');
      process.exit(1);
    }
    databaseUrl = embedded.url;
  }
  const database = openDatabase(databaseUrl);
  // pg-boss polls on a small pool of its own, so busy requests and busy queues do not wait for each other.
  const jobsDatabase = openDatabase(databaseUrl, 3);
  const jobs = new Jobs({
    pool: jobsDatabase.pool,
    definitions: jobDefinitions,
    log: logger.child({ component: 'jobs' }),
    workers: config.workers,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await app?.close().catch(() => {});
    await jobs.stop().catch(() => {});
    await jobsDatabase.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    // Start-up work may take longer than any request: it runs without the per-statement limits.
    const setup = openDatabase(databaseUrl, 2, { statementMs: null });
    try {
      await runMigrations(setup.pool, { schoolTimeZone: config.schoolTimeZone });
      if (config.seedDemo) {
        const { created } = await seedDemoSchool(setup.db, storageFor(config), new Date(), {
          timeZone: config.schoolTimeZone,
          reviews: seedDemoReviews,
          rollup: (tx) => rebuildRollup(tx),
          fees: (tx, o) => syncChargesAndLocks(tx, { schoolId: o.schoolId, calendarYear: o.calendarYear, at: o.now }),
        });
        if (created) logger.info('demo school created');
      }
    } finally {
      await setup.close();
    }
    await s3StorageFor(config, 'public')?.checkBucket();
    const secret = await loadSecretKey(config.secretKey, config.dataDir);
    const webDist = config.webDist ?? path.resolve(here, '../../web/dist');
    const deps = { config: { ...config, webDist }, db: database.db, clock: systemClock, secret, jobs };
    // Installs pg-boss's schema and the queues; with WORKERS > 0 also runs the jobs and the periodic clean-ups here.
    await jobs.start(deps);
    app = await buildApp(deps, { logger });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    logger.fatal({ err }, 'start-up failed');
    await jobs.stop().catch(() => {});
    await jobsDatabase.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
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
