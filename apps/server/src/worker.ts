import path from 'node:path';
import pino from 'pino';
import { jobDefinitions } from './jobs';
import { systemClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { openDatabase, runMigrations } from './platform/db';
import { embeddedPostgresUrl } from './platform/embedded-postgres-url';
import type { AppDeps } from './platform/deps';
import { Jobs } from './platform/jobs';
import { handleStopSignals } from './platform/lifecycle';
import { loadSecretKey } from './platform/secrets';

/**
 * `npm run worker`: runs the background jobs (ADR 006) and the periodic clean-ups, without serving HTTP. Run one or
 * more beside app servers started with WORKERS=0. It reads the same configuration as the app; WORKERS is how many
 * jobs of each queue it runs at once (at least 1 here). Without DATABASE_URL it joins the embedded PostgreSQL of an
 * `npm start` on this machine (same DATA_DIR and EMBEDDED_PG_PORT).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, base: { process: 'worker' } });
  const databaseUrl =
    config.databaseUrl ?? (await embeddedPostgresUrl(path.join(config.dataDir, 'postgres'), config.embeddedPgPort));
  if (!databaseUrl) {
    logger.fatal('no database: set DATABASE_URL, or start the app (npm start) first to create the embedded one');
    process.exit(1);
  }
  const database = openDatabase(databaseUrl, 5);
  const workers = Math.max(1, config.workers);
  const jobs = new Jobs({
    pool: database.pool,
    definitions: jobDefinitions,
    log: logger.child({ component: 'jobs' }),
    workers,
  });

  handleStopSignals(logger, async () => {
    logger.info({ timeoutMs: config.shutdownTimeoutMs }, 'finishing the jobs this worker runs');
    await jobs.stop(config.shutdownTimeoutMs).catch((err: unknown) => logger.error({ err }, 'stopping jobs failed'));
    await database.close().catch(() => {});
  });

  try {
    // A worker may start before any app server: the schema must be there before the handlers touch it.
    await runMigrations(database.pool, { schoolTimeZone: config.schoolTimeZone });
    const secret = await loadSecretKey(config.secretKey, config.dataDir);
    const deps: AppDeps = { config, db: database.db, clock: systemClock, secret, jobs };
    await jobs.start(deps);
  } catch (err) {
    logger.fatal({ err }, 'worker start-up failed');
    await jobs.stop().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
  logger.info(
    { workers, queues: jobs.names, smtp: !!config.smtpUrl },
    `worker running ${workers} job(s) of each queue at once`,
  );
}

void main();
