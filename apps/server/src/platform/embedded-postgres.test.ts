import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, startEmbeddedPostgres } from './embedded-postgres';

const child = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/embedded-child.ts');

/** Starts the stand-in app on a folder and waits for its report. */
async function startApp(dir: string) {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).once('line', resolve);
    proc.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
  });
  return { proc, ...(JSON.parse(line) as { pid: number; watchdogPid: number; url: string }) };
}

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

describe('the embedded database and the app process', () => {
  const dirs: string[] = [];
  const leftovers: number[] = [];
  afterEach(async () => {
    for (const pid of leftovers.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'banksia-embedded-'));
    dirs.push(dir);
    return dir;
  };

  it('stops the database when the app is killed with SIGKILL', async () => {
    const app = await startApp(await tempDir());
    leftovers.push(app.pid, app.watchdogPid);
    expect(isAlive(app.pid)).toBe(true);
    app.proc.kill('SIGKILL');
    expect(await eventually(() => !isAlive(app.pid)), 'the postmaster stopped').toBe(true);
    expect(await eventually(() => !isAlive(app.watchdogPid)), 'the watchdog ended').toBe(true);
  }, 60_000);

  it('takes over a database server an earlier process left running, with all its data', async () => {
    const dir = await tempDir();
    const app = await startApp(dir);
    leftovers.push(app.pid);
    // The worst case: the watchdog is gone too, so the old server keeps holding the folder.
    process.kill(app.watchdogPid, 'SIGKILL');
    app.proc.kill('SIGKILL');
    await eventually(() => !isAlive(app.proc.pid!));
    expect(isAlive(app.pid)).toBe(true);

    const database = await startEmbeddedPostgres({ dir, port: 0 });
    try {
      expect(isAlive(app.pid), 'the stale server was stopped').toBe(false);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query('select note from survivor');
      await client.end();
      expect(rows).toEqual([{ note: 'written before kill -9' }]);
    } finally {
      await database.stop();
    }
  }, 60_000);

  it('refuses a folder whose server belongs to a live app, and leaves that app its database', async () => {
    const dir = await tempDir();
    const app = await startApp(dir);
    leftovers.push(app.pid, app.watchdogPid, app.proc.pid!);
    await expect(startEmbeddedPostgres({ dir, port: 0 })).rejects.toThrow(/in use by another Banksia process/);
    expect(isAlive(app.pid)).toBe(true);
    app.proc.kill('SIGKILL');
    expect(await eventually(() => !isAlive(app.pid))).toBe(true);
  }, 60_000);
});
