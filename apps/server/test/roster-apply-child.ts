/**
 * A worker process for features/rosters/apply/crash.test.ts: it runs the real `roster-apply` job, and when the
 * apply is nearly done (about to write its change log, every enrolment written in its open transaction) it says
 * `mid-apply` on stdout and hangs there until the test kills it with SIGKILL.
 * Run with `node --import tsx test/roster-apply-child.ts <database url>`.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import pino from 'pino';
import * as schema from '../src/db/schema/index';
import { rosterApplyJob } from '../src/features/rosters/index';
import { FakeClock } from '../src/platform/clock';
import { loadConfig } from '../src/platform/config';
import { Jobs } from '../src/platform/jobs';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 3 });
pool.on('connect', (client) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : first?.text;
    if (text?.includes('insert into roster_changes')) {
      process.stdout.write('mid-apply\n');
      return new Promise(() => {});
    }
    return query(...args);
  };
});
const jobs = new Jobs({
  pool,
  definitions: [rosterApplyJob],
  log: pino({ level: 'silent' }),
  workers: 1,
  // No supervision here: the test's own supervisor expires the job after this process dies.
  boss: { pollingIntervalSeconds: 0.5, supervise: false, schedule: false },
});
const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });
await jobs.start({ config, db: drizzle(pool, { schema }), clock: new FakeClock(), secret: 'x'.repeat(32), jobs });
process.stdout.write('ready\n');
