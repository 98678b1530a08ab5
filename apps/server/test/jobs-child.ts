/**
 * A worker process for platform/jobs.test.ts: it takes the `test-hang` job, says so on stdout, and hangs until
 * the test kills it with SIGKILL. Run with `node --import tsx test/jobs-child.ts <database url>`.
 */
import pg from 'pg';
import pino from 'pino';
import { FakeClock } from '../src/platform/clock';
import { loadConfig } from '../src/platform/config';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Jobs } from '../src/platform/jobs';
import { hangJob } from './test-jobs';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 2 });
const jobs = new Jobs({
  pool,
  definitions: [
    hangJob(async (_payload, { jobId }) => {
      process.stdout.write(`taken ${jobId}\n`);
      await new Promise(() => {});
    }),
  ],
  log: pino({ level: 'silent' }),
  workers: 1,
  // No supervision here: only the test's own worker expires the job after this process dies.
  boss: { pollingIntervalSeconds: 0.5, supervise: false, schedule: false },
});
const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });
await jobs.start({ config, db: drizzle(pool) as never, clock: new FakeClock(), secret: 'x'.repeat(32), jobs });
process.stdout.write('ready\n');
