import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled server (ADR 051), built once per test run by the global setup: what `npm start` and the images run. */
export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

export interface ServerProcess {
  proc: ChildProcess;
  /** Everything it printed so far (standard output and error). */
  output(): string;
  /** Its exit code once it has exited (null when a signal ended it). */
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Starts dist/<entry> (main.js: an app server; worker.js: a worker) as npm start does, with `env` over this one's. */
export function startBuilt(entry: 'main.js' | 'worker.js', env: Record<string, string>): ServerProcess {
  const proc = spawn(process.execPath, ['--enable-source-maps', path.join(DIST, entry)], {
    env: { ...process.env, LOG_LEVEL: 'info', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  let output = '';
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => {
      running.delete(proc);
      resolve(code);
    }),
  );
  return { proc, output: () => output, exited };
}

/** Polls until `check` answers something truthy (every 100 ms, up to `ms`), and answers it. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  ms = 20_000,
  what = 'a condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits (polling) until `check` is true, failing with `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  await waitFor(check, timeoutMs, what);
}

/** Waits until the server at `url` answers `probe` with 200 (it fails at once if the process exits first). */
export async function untilAnswering(server: ServerProcess, url: string, probe = '/readyz'): Promise<void> {
  await until(`${url}${probe}`, async () => {
    if (server.proc.exitCode !== null) throw new Error(`exited with ${server.proc.exitCode}:\n${server.output()}`);
    return fetch(`${url}${probe}`).then(
      (r) => r.status === 200,
      () => false,
    );
  });
}

/** SIGTERM, and waits for the exit. */
export async function stopProcess(server: Pick<ServerProcess, 'proc'>): Promise<void> {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  const exited = new Promise((resolve) => server.proc.once('exit', resolve));
  server.proc.kill('SIGTERM');
  await exited;
}

/** Kills whatever a test file left running (afterAll). */
export function killAll(): void {
  for (const proc of running) proc.kill('SIGKILL');
}
