import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The app's signing secret: SECRET_KEY when set, else one generated once and kept in DATA_DIR (mode 600). */
export async function loadSecretKey(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  await writeFile(file, key, { mode: 0o600 });
  return key;
}
