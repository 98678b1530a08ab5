import type { Socket } from 'node:net';
import pg from 'pg';

/**
 * How a pool tells a database that does not answer at all (stopped, frozen, cut off) from one that is only slow.
 * A socket to a frozen server stays open (its kernel still acknowledges), so nothing fails by itself: only timeouts
 * end the wait, and a statement's client-side timeout has to allow for the slowest real statement (seconds).
 */
export const WATCHDOG_MS = {
  /** A connection checked out, or being opened, for this long makes the watchdog ask the database if it is there. */
  stallMs: 600,
  /** The question (`select 1` on a connection of its own) unanswered this long: the database is not answering. */
  probeMs: 900,
  /** How often the watchdog looks at the pool's connections. */
  tickMs: 50,
};

/** The error of a connection refused at once while the database is not answering (08006: connection_failure). */
export class DatabaseNotAnswering extends Error {
  readonly code = '08006';
  constructor() {
    super('The database is not answering');
  }
}

type ConnectCallback = Parameters<pg.Client['connect']>[0] & object;

/**
 * Watches one pool. When one of its connections has been checked out (or opening) for `stallMs`, it asks the database
 * `select 1` on a connection of its own. A slow statement leaves that question answered in milliseconds, and nothing
 * happens. With no answer within `probeMs` the database is taken as not answering: every connection of the pool is
 * closed, so the statements waiting on them fail now (and their requests answer 503 within 2 s of the freeze,
 * instead of when a statement's timeout ends), and new connections are refused at once until the question is
 * answered again (asked again every `probeMs`).
 */
export class DatabaseWatchdog {
  private readonly clients = new Set<pg.Client>();
  /** When each connection was checked out or began to open. */
  private readonly busySince = new Map<pg.Client, number>();
  private probeClient: pg.Client | null = null;
  private probing = false;
  private lastAnswerAt = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Whether the database is taken as not answering. */
  down = false;

  constructor(
    private readonly clientConfig: pg.ClientConfig,
    private readonly ms = WATCHDOG_MS,
  ) {}

  /** The pool's `Client` class: each connection registers itself, and none opens while the database is down. */
  clientClass(): typeof pg.Client {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the class below needs its watchdog
    const watchdog = this;
    return class WatchedClient extends pg.Client {
      constructor(config?: string | pg.ClientConfig) {
        super(config);
        watchdog.clients.add(this);
        // A connection closed under a checked-out client (by the watchdog or the network) must not crash the
        // process with an unhandled 'error': its statement already fails with the error.
        this.on('error', () => {});
        this.once('end', () => {
          watchdog.clients.delete(this);
          watchdog.busySince.delete(this);
        });
      }

      override connect(): Promise<pg.Client>;
      override connect(callback: ConnectCallback): void;
      override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
        if (watchdog.down) {
          watchdog.clients.delete(this);
          const error = new DatabaseNotAnswering();
          if (!callback) return Promise.reject(error);
          process.nextTick(() => (callback as (err: Error) => void)(error));
          return;
        }
        watchdog.busySince.set(this, Date.now());
        const done = () => {
          if (!watchdog.busyByPool.has(this)) watchdog.busySince.delete(this);
        };
        if (!callback) return super.connect().finally(done);
        super.connect(((err: Error | null, client: pg.Client) => {
          done();
          (callback as (err: Error | null, client: pg.Client) => void)(err, client);
        }) as ConnectCallback);
      }
    };
  }

  /** Connections the pool has handed out (between its 'acquire' and 'release'). */
  private readonly busyByPool = new Set<pg.Client>();

  /** Follows the pool's hand-outs and starts looking. */
  watch(pool: pg.Pool): void {
    // The watchdog's own connection opens with the pool's first, so that its question does not wait for one.
    pool.once('connect', () => {
      if (this.probeClient || this.down) return;
      const client = (this.probeClient = this.newProbeClient());
      client.connect().catch(() => {
        if (this.probeClient === client) this.probeClient = null;
      });
    });
    pool.on('acquire', (client) => {
      this.busyByPool.add(client as pg.Client);
      this.busySince.set(client as pg.Client, Date.now());
    });
    pool.on('release', (_err, client) => {
      this.busyByPool.delete(client as pg.Client);
      this.busySince.delete(client as pg.Client);
    });
    this.timer = setInterval(() => this.tick(), this.ms.tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.probeClient?.end().catch(() => undefined);
    this.probeClient = null;
  }

  private tick(): void {
    if (this.probing) return;
    const now = Date.now();
    if (this.down) {
      void this.probe();
      return;
    }
    let oldest = now;
    for (const since of this.busySince.values()) oldest = Math.min(oldest, since);
    // A connection has been busy past stallMs (a slow statement, or no answer), and the database has not answered
    // the watchdog for as long: ask it. A long statement is asked about every stallMs while it runs.
    if (now - oldest >= this.ms.stallMs && now - this.lastAnswerAt >= this.ms.stallMs) void this.probe();
  }

  /** Asks `select 1` on the watchdog's own connection; no answer within probeMs: the database is down. */
  private async probe(): Promise<void> {
    this.probing = true;
    let timer: NodeJS.Timeout | undefined;
    const client = (this.probeClient ??= this.newProbeClient());
    try {
      await Promise.race([
        (async () => {
          const state = client as unknown as { _connected: boolean; _connecting: boolean };
          if (!state._connected && !state._connecting) await client.connect();
          await client.query('select 1');
        })(),
        new Promise((_, reject) => {
          // setImmediate: when the process itself was busy (a stalled event loop: a saturated machine, a long
          // synchronous task), the answer may already be waiting on the socket while this timer fires first, as
          // timers run before I/O. One turn of the loop reads that answer; only a question still unanswered then
          // means the database is not answering.
          timer = setTimeout(() => setImmediate(() => reject(new DatabaseNotAnswering())), this.ms.probeMs);
        }),
      ]);
      this.lastAnswerAt = Date.now();
      this.down = false;
    } catch {
      if (this.probeClient === client) this.probeClient = null;
      destroy(client);
      if (!this.down) {
        this.down = true;
        for (const pooled of this.clients) destroy(pooled);
      }
    } finally {
      clearTimeout(timer);
      this.probing = false;
    }
  }

  private newProbeClient(): pg.Client {
    const client = new pg.Client({ ...this.clientConfig, statement_timeout: this.ms.probeMs });
    client.on('error', () => {});
    return client;
  }
}

/** Closes a client's socket at once (its statement, or its opening, fails with "Connection terminated"). */
function destroy(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: Socket } }).connection?.stream?.destroy();
}
