import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rebuildRollup } from './features/progress/index';
import { loadConfig } from './platform/config';
import { openDatabase, runMigrations } from './platform/db';
import { embeddedPostgresUrl } from './platform/embedded-postgres-url';

const log = (line: string) => process.stdout.write(`${line}\n`);

/**
 * `npm run rollup:rebuild`: recomputes the progress grids' rollup from the facts, one school per transaction (a
 * school's grids stay readable meanwhile, and a long rebuild does not hold every school's rows at once), printing the
 * counts. Safe beside running app servers: each school's rebuild locks the rollup against concurrent refreshes. Reads
 * the app's configuration; without DATABASE_URL it joins the embedded PostgreSQL of an `npm start` on this machine.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const databaseUrl =
    config.databaseUrl ?? (await embeddedPostgresUrl(path.join(config.dataDir, 'postgres'), config.embeddedPgPort));
  if (!databaseUrl) {
    process.stderr.write('no database: set DATABASE_URL, or start the app (npm start) first\n');
    return 1;
  }
  // No statement timeout: rebuilding a large school is long work, not a runaway request.
  const database = openDatabase(databaseUrl, 2, { statementMs: null });
  try {
    await runMigrations(database.pool, { schoolTimeZone: config.schoolTimeZone });
    const { rows } = await database.db.execute<{ id: number; name: string }>(
      sql`select id, name from schools order by id`,
    );
    let total = 0;
    for (const school of rows) {
      const t0 = performance.now();
      const counts = await rebuildRollup(database.db, { schoolId: school.id });
      total += counts.inserted;
      log(
        `school ${school.id} (${school.name}): ${counts.deleted} cells removed, ${counts.inserted} recomputed ` +
          `in ${(performance.now() - t0).toFixed(0)} ms`,
      );
    }
    log(`rollup rebuilt: ${rows.length} schools, ${total} cells`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
