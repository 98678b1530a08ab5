import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The URL of the embedded PostgreSQL that `npm start` runs from `dir` (platform/embedded-postgres.ts keeps its
 * password there); null when that folder holds none. Read here rather than through that module, because importing
 * the `embedded-postgres` package installs exit hooks that end the process on SIGTERM before the workers stop.
 */
export async function embeddedPostgresUrl(dir: string, port: number): Promise<string | null> {
  const passwordFile = path.join(dir, 'password');
  if (!existsSync(passwordFile)) return null;
  const password = (await readFile(passwordFile, 'utf8')).trim();
  return `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
}
