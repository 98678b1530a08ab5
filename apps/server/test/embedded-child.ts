/**
 * A stand-in for the app in the embedded-database tests: starts the embedded server on a folder, writes a row, prints
 * what the test needs on one line and waits to be killed.
 */
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres';

const dir = process.argv[2]!;
const database = await startEmbeddedPostgres({ dir, port: 0 });
const client = new pg.Client({ connectionString: database.url });
await client.connect();
await client.query('create table if not exists survivor (note text)');
await client.query(`insert into survivor values ('written before kill -9')`);
await client.end();
process.stdout.write(
  `${JSON.stringify({ pid: database.pid, watchdogPid: database.watchdogPid, url: database.url })}\n`,
);
setInterval(() => {}, 60_000);
