import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { demoAccounts, DEMO_PASSWORD, seedDemoSchool } from './db/seed/demo-school';
import { seedDemoReviews } from './features/review/review.demo';
import { systemClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { openDatabase, runMigrations } from './platform/db';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/embedded-postgres';
import { loadSecretKey } from './platform/secrets';
import { s3StorageFor, storageFor } from './platform/storage';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers["x-csrftoken"]', 'res.headers["set-cookie"]'],
  });
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = path.join(config.dataDir, 'postgres');
    logger.info({ dir }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dir,
      port: config.embeddedPgPort,
      log: (m) => logger.debug({ postgres: m }),
    });
    databaseUrl = embedded.url;
  }
  const database = openDatabase(databaseUrl);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await runMigrations(database.pool);
    await s3StorageFor(config, 'public')?.checkBucket();
    if (config.seedDemo) {
      const { created } = await seedDemoSchool(database.db, storageFor(config), new Date(), {
        reviews: seedDemoReviews,
      });
      if (created) logger.info('demo school created');
    }
    const secret = await loadSecretKey(config.secretKey, config.dataDir);
    const webDist = config.webDist ?? path.resolve(here, '../../web/dist');
    app = await buildApp({ config: { ...config, webDist }, db: database.db, clock: systemClock, secret }, { logger });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    logger.fatal({ err }, 'start-up failed');
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
