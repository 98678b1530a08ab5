import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index';

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

// Return DATE columns as 'YYYY-MM-DD' strings, not JS Dates shifted by the server's time zone.
pg.types.setTypeParser(1082, (value) => value);

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Opens a connection pool to `url`. */
export function openDatabase(url: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/**
 * Applies the committed SQL migrations that have not run yet. An advisory lock makes app processes
 * that start together take turns, so each migration runs once.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('banksia-migrations'))`);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query(`select pg_advisory_unlock(hashtext('banksia-migrations'))`).catch(() => undefined);
    client.release();
  }
}

/** Swaps the database name in a PostgreSQL connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
