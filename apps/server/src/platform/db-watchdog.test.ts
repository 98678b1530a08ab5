import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { DatabaseWatchdog } from './db-watchdog';

/** Keeps the process busy, as a saturated machine or a long synchronous task does: nothing else runs meanwhile. */
function stallEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe('the database watchdog', () => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  });

  afterAll(async () => {
    await testDatabase?.drop();
  });

  it('does not take a stalled event loop for a database that is not answering', async () => {
    const ms = { stallMs: 50, probeMs: 150, tickMs: 10 };
    const watchdog = new DatabaseWatchdog({ connectionString: testDatabase.url }, ms);
    // The first question the watchdog asks is sent, then the process stalls for longer than probeMs: the answer
    // arrives meanwhile, and the watchdog's timer has expired too by the time the loop turns again.
    let stalls = 0;
    const newProbeClient = (watchdog as unknown as { newProbeClient: () => pg.Client }).newProbeClient.bind(watchdog);
    (watchdog as unknown as { newProbeClient: () => pg.Client }).newProbeClient = () => {
      const client = newProbeClient();
      const query = client.query.bind(client) as (text: string) => Promise<unknown>;
      (client as unknown as { query: (text: string) => Promise<unknown> }).query = (text: string) => {
        const answer = query(text);
        if (stalls++ === 0) setImmediate(() => stallEventLoop(ms.probeMs * 3));
        return answer;
      };
      return client;
    };
    const pool = new pg.Pool({ Client: watchdog.clientClass(), connectionString: testDatabase.url, max: 2 });
    pool.on('error', () => {});
    watchdog.watch(pool);
    try {
      // A statement that runs past stallMs makes the watchdog ask.
      const slow = await pool.query('select pg_sleep(0.6) as slept');
      expect(slow.rowCount).toBe(1);
      expect(stalls).toBeGreaterThan(0);
      expect(watchdog.down).toBe(false);
    } finally {
      watchdog.stop();
      await pool.end();
    }
  });
});
