import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema/index';
import { REQUEST_POOL_SIZE } from './config';
import { DatabaseWatchdog } from './db-watchdog';
import { MIGRATIONS_DIR } from './paths';

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs reads side by side on the pool, or one after another inside a transaction: a transaction holds one
 * connection, which takes one query at a time (overlapping queries on one client are deprecated in pg 8 and refused
 * in pg 9).
 */
export async function sideBySide<T extends readonly unknown[]>(
  db: Executor,
  tasks: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(tasks.map((task) => task()))) as unknown as T;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as unknown as T;
}

// Return DATE columns as 'YYYY-MM-DD' strings, not JS Dates shifted by the server's time zone.
pg.types.setTypeParser(1082, (value) => value);

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Connections a pool keeps open however long they stay idle. */
export const WARM_CONNECTIONS = 4;

/** How long a request may wait for the database before it is told the service is unavailable (503). */
export const DB_TIMEOUTS = {
  /** To open a connection, or to wait for a free one in the pool. */
  connectMs: 2_000,
  /** One statement, cancelled by the server (a runaway query); the slowest page's query takes well under a second. */
  statementMs: 5_000,
  /**
   * One statement, given up by the client: the last resort for a server that does not answer at all (frozen, cut
   * off). The pool's watchdog (db-watchdog.ts) notices such a server well before, within 2 s.
   */
  queryMs: 6_000,
  /** A transaction left open without work (a crashed request) releases its locks. */
  idleInTransactionMs: 30_000,
};

/**
 * Opens a connection pool to `url`. Every wait is bounded (DB_TIMEOUTS), and a watchdog closes the pool's
 * connections within 2 s of the database no longer answering (WATCHDOG_MS), so requests fail fast with 503 instead of
 * hanging; `statementMs` may be raised, or lifted (null), for long work.
 */
export function openDatabase(
  url: string,
  max = REQUEST_POOL_SIZE,
  { statementMs = DB_TIMEOUTS.statementMs }: { statementMs?: number | null } = {},
): DatabaseHandle {
  // Tells a database that does not answer from a slow one, and fails the waits on it within 2 s (db-watchdog.ts).
  const watchdog = new DatabaseWatchdog({ connectionString: url });
  const pool = new pg.Pool({
    Client: watchdog.clientClass(),
    connectionString: url,
    max,
    // Idle connections past WARM_CONNECTIONS close after 30 s; these stay open. A new connection costs a backend
    // start and cold catalog caches (a sign-in that opened two took 70-100 ms instead of 25), and sign-in runs four
    // statements side by side: after a quiet half-minute the first one paid it.
    min: Math.min(max, WARM_CONNECTIONS),
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
    // null: no statement limit (start-up work: migrations, the demo seed).
    ...(statementMs === null
      ? {}
      : {
          statement_timeout: statementMs,
          query_timeout: statementMs + (DB_TIMEOUTS.queryMs - DB_TIMEOUTS.statementMs),
        }),
    idle_in_transaction_session_timeout: DB_TIMEOUTS.idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {});
  watchdog.watch(pool);
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    close: () => {
      watchdog.stop();
      return pool.end();
    },
  };
}

/**
 * Applies the committed SQL migrations that have not run yet. An advisory lock makes app processes
 * that start together take turns, so each migration runs once. `schoolTimeZone` (config's SCHOOL_TIME_ZONE) is what
 * the migration adding schools.time_zone gives the schools that exist then (ADR 048); it reads the session setting
 * banksia.school_time_zone.
 */
export async function runMigrations(
  pool: pg.Pool,
  { schoolTimeZone }: { schoolTimeZone?: string } = {},
): Promise<void> {
  // A connection of its own without the request timeouts: migrations may rewrite big tables and wait for another
  // process's turn.
  const client = new pg.Client({ ...pool.options, statement_timeout: 0, query_timeout: undefined });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('banksia-migrations'))`);
    if (schoolTimeZone)
      await client.query(`select set_config('banksia.school_time_zone', $1, false)`, [schoolTimeZone]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query(`select pg_advisory_unlock(hashtext('banksia-migrations'))`).catch(() => undefined);
    await client.end();
  }
}

/** Swaps the database name in a PostgreSQL connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
