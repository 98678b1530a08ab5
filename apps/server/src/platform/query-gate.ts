import { AppError } from './errors';

/** How long a client told the server is busy should wait before trying again (seconds). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * Lets at most `concurrency` heavy queries run at once, with up to `queue` more waiting their turn (first come, first
 * served); past that the request is answered 503 with Retry-After at once. Heavy reads (a large class's progress
 * grid) then hold a bounded share of the pool's connections and of the CPU, and light requests (sign-in, /healthz)
 * keep theirs. A waiter whose client has gone away leaves the queue.
 */
export class QueryGate {
  private running = 0;
  private readonly waiting: { start: () => void; fail: (err: unknown) => void }[] = [];

  constructor(private readonly limits: { concurrency: number; queue: number }) {}

  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.enter(signal);
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  /** Queries running and waiting now (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private enter(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (this.running < this.limits.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queue) {
      return Promise.reject(
        new AppError('service_unavailable', 'The server is busy with other progress grids. Try again shortly.', {
          headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
        }),
      );
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        // The slot is handed over by leave(): `running` stays as it is.
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: reject,
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private leave(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running--;
  }
}
