import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Executor } from './db';
import type { AppDeps } from './deps';

/**
 * Background jobs on pg-boss 10 (ADR 006), in the app's PostgreSQL under the schema `pgboss`.
 *
 * Each job is declared once with `defineJob` (name, zod payload, handler, retry policy, optional cron) and its
 * payload type is added to `JobPayloads` by declaration merging, so `enqueue(name, payload)` is checked at compile
 * time without this module importing the features that own the jobs. The app lists every definition in
 * `src/jobs.ts`; the app server and `npm run worker` build `Jobs` from that one list.
 */

/** Job name → payload type. Each module that defines a job adds its entry (`declare module …/platform/jobs`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

/** The payload of periodic (cron) jobs: nothing. */
export const emptyPayload = z.object({});
export type EmptyPayload = z.infer<typeof emptyPayload>;

export const JOBS_SCHEMA = 'pgboss';
/** Suffix of each job's dead-letter queue: a job that has used up its retries is copied there for staff. */
export const DEAD_LETTER_SUFFIX = '__dead';
/** Dead letters are kept this long unless retried. */
const DEAD_LETTER_RETENTION_MINUTES = 30 * 24 * 60;

export type JobLog = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

export interface JobContext {
  deps: AppDeps;
  jobId: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** Whether a failure now is final (no retries left): the job then goes to its dead-letter queue. */
  lastAttempt: boolean;
  log: JobLog;
  /**
   * Records how far the run has got (e.g. `{done, total}`), for staff to read through `Jobs.latest` while it runs.
   * Written on a connection of its own, so it is seen at once even while the handler's transaction is open.
   */
  progress(value: object): Promise<void>;
}

/** The newest run of a job found by its singleton key: its state, which attempt, and its progress or error. */
export interface JobRun {
  id: string;
  /** pg-boss's state: created, retry (waiting for its next attempt), active, completed, cancelled, failed. */
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  /** The attempt running now, or the next one when waiting to retry (1 on the first run). */
  attempt: number;
  /** Attempts in all (the first run and its retries). */
  attempts: number;
  /** While active: the last `progress` value; after a failure: the error ({message}). */
  output: Record<string, unknown> | null;
}

export interface RetryPolicy {
  /** Retries after the first run (0: run once). */
  limit: number;
  /** Seconds before the first retry. */
  delaySeconds: number;
  /** Double the delay at each retry (pg-boss adds jitter in the upper half of each delay). */
  backoff: boolean;
}

export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  payload: z.ZodType<JobPayloads[N]>;
  handler: (payload: JobPayloads[N], context: JobContext) => Promise<void>;
  retry: RetryPolicy;
  /** A run still active after this long is failed (and retried): its process is taken to have died. */
  expireInSeconds: number;
  /** Periodic jobs: a cron expression (UTC), run by whichever processes run workers; the payload is `{}`. */
  cron?: string;
  /** How often an idle worker looks for jobs of this queue. */
  pollSeconds?: number;
  /** At most this many of these jobs at once per process, whatever WORKERS says (e.g. 1 for clean-ups). */
  maxConcurrency?: number;
}

/** Any one job's definition (the list the app hands to `Jobs`). */
export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];

/** Declares a job; the type parameter ties its payload schema and handler to its `JobPayloads` entry. */
export function defineJob<N extends JobName>(definition: JobDefinition<N>): JobDefinition<N> {
  return definition;
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Executor;
  /** pg-boss singleton key (dedupes on queues whose policy honours it; recorded either way). */
  singletonKey?: string;
  /** Run no earlier than this time, or this many seconds from now. */
  startAfter?: Date | number;
}

export interface JobsOptions {
  pool: pg.Pool;
  definitions: readonly AnyJobDefinition[];
  log: JobLog;
  /**
   * Run handlers in this process (needs `deps` at start): with 0 it only enqueues. Also decides whether this
   * process supervises (expires jobs of dead processes) and runs the cron schedules.
   */
  workers: number;
  /** pg-boss settings for tests (short polling and maintenance intervals; a worker that does not supervise). */
  boss?: Pick<
    PgBoss.ConstructorOptions,
    'maintenanceIntervalSeconds' | 'pollingIntervalSeconds' | 'supervise' | 'schedule'
  >;
}

export interface QueueCounts {
  name: string;
  queued: number;
  active: number;
  failed: number;
  deadLetters: number;
}

export interface DeadLetter {
  id: string;
  queue: string;
  data: unknown;
  output: unknown;
  failedAt: Date;
}

/** pg-boss's connection interface over a pool or over the client of an open transaction. */
function bossDb(client: pg.Pool | pg.PoolClient): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

/**
 * The pg client behind a Drizzle database or transaction, so pg-boss can insert a job on the same connection
 * (and so in the same transaction) as the caller's change. Drizzle keeps it on the transaction's session, a
 * detail it does not type; jobs.test.ts proves a rolled-back transaction leaves no job.
 */
export function pgClientOf(executor: Executor): pg.Pool | pg.PoolClient {
  if ('$client' in executor) return (executor as { $client: pg.Pool }).$client;
  const client = (executor as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('Cannot find the connection of this transaction (did drizzle-orm change?)');
  }
  return client;
}

/** The name of a job's dead-letter queue. */
export function deadLetterQueue(name: string): string {
  return `${name}${DEAD_LETTER_SUFFIX}`;
}

/** Starts and stops pg-boss, creates the queues, enqueues, runs handlers, and reads queue state for staff. */
export class Jobs {
  readonly boss: PgBoss;
  private readonly definitions: Map<string, JobDefinition>;
  private started = false;

  constructor(private readonly options: JobsOptions) {
    // Each handler takes its own payload; here they are handled alike, their payload checked by their own schema.
    this.definitions = new Map(options.definitions.map((d) => [d.name, d as unknown as JobDefinition]));
    const runsWorkers = options.workers > 0;
    this.boss = new PgBoss({
      db: bossDb(options.pool),
      schema: JOBS_SCHEMA,
      migrate: true,
      // Only processes that run jobs expire the jobs of dead processes, archive, and fire the cron schedules.
      supervise: runsWorkers,
      schedule: runsWorkers,
      ...options.boss,
    });
    this.boss.on('error', (err) => options.log.error({ err }, 'pg-boss error'));
  }

  /** Whether pg-boss is started here: jobs can be enqueued (and, with workers, run). */
  get running(): boolean {
    return this.started;
  }

  get names(): string[] {
    return [...this.definitions.keys()];
  }

  /**
   * Installs or upgrades pg-boss's schema (under its own advisory lock) and creates each queue with its retry
   * policy and dead-letter queue. With workers, starts them (handlers get `deps`) and registers the schedules.
   */
  async start(deps?: AppDeps): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
    for (const d of this.definitions.values()) {
      const dead = deadLetterQueue(d.name);
      await this.boss.createQueue(dead, { name: dead, retentionMinutes: DEAD_LETTER_RETENTION_MINUTES });
      const queue: PgBoss.Queue = {
        name: d.name,
        retryLimit: d.retry.limit,
        retryDelay: d.retry.delaySeconds,
        retryBackoff: d.retry.backoff,
        expireInSeconds: d.expireInSeconds,
        deadLetter: dead,
      };
      await this.boss.createQueue(d.name, queue);
      // createQueue keeps an existing queue as it was: bring its policy up to date.
      await this.boss.updateQueue(d.name, queue);
    }
    if (this.options.workers === 0) return;
    if (!deps) throw new Error('Jobs.start needs deps to run workers');
    for (const d of this.definitions.values()) {
      const concurrency = Math.min(this.options.workers, d.maxConcurrency ?? this.options.workers);
      for (let i = 0; i < concurrency; i++) {
        await this.boss.work<unknown>(
          d.name,
          {
            includeMetadata: true,
            batchSize: 1,
            ...(d.pollSeconds ? { pollingIntervalSeconds: d.pollSeconds } : {}),
          },
          async ([job]) => {
            if (job) await this.run(d, job, deps);
          },
        );
      }
      if (d.cron) await this.boss.schedule(d.name, d.cron, {}, { tz: 'UTC' });
      else await this.boss.unschedule(d.name).catch(() => undefined);
    }
  }

  private async run(definition: JobDefinition, job: PgBoss.JobWithMetadata<unknown>, deps: AppDeps): Promise<void> {
    const log = this.options.log;
    const attempt = job.retryCount + 1;
    const context: JobContext = {
      deps,
      jobId: job.id,
      attempt,
      lastAttempt: job.retryCount >= job.retryLimit,
      log,
      progress: async (value) => {
        await this.options.pool.query(
          `update ${JOBS_SCHEMA}.job set output = $3::jsonb where name = $1 and id = $2 and state = 'active'`,
          [definition.name, job.id, JSON.stringify(value)],
        );
      },
    };
    const started = Date.now();
    try {
      const payload = definition.payload.parse(job.data);
      await definition.handler(payload, context);
      log.debug({ job: definition.name, jobId: job.id, attempt, ms: Date.now() - started }, 'job done');
    } catch (err) {
      log.warn({ err, job: definition.name, jobId: job.id, attempt, last: context.lastAttempt }, 'job failed');
      throw err;
    }
  }

  /**
   * Runs the jobs of one queue that are due now, in this process, whatever `workers` says; answers how many ran.
   * For tests and one-off scripts: the normal path is the workers started by `start`.
   */
  async runQueued(name: JobName, deps: AppDeps): Promise<number> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    const jobs = await this.boss.fetch<unknown>(name, { batchSize: 100, includeMetadata: true });
    for (const job of jobs) {
      try {
        await this.run(definition, job, deps);
        await this.boss.complete(name, job.id);
      } catch (err) {
        await this.boss.fail(name, job.id, err as object);
      }
    }
    return jobs.length;
  }

  /**
   * Stops the workers, letting each running job finish (for up to `timeoutMs`; a job still running then is failed and
   * retried by another process, as after a crash), and pg-boss; the pool stays open (it is the caller's).
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, close: false, timeout: Math.max(1, timeoutMs), wait: true });
  }

  /**
   * Enqueues a job after checking its payload against the job's schema. With `tx`, the job is inserted through the
   * transaction's connection, so it exists only if the transaction commits.
   */
  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<string> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    const data = definition.payload.parse(payload) as object;
    const send: PgBoss.SendOptions = {};
    if (options.tx) send.db = bossDb(pgClientOf(options.tx));
    if (options.singletonKey) send.singletonKey = options.singletonKey;
    if (options.startAfter !== undefined) send.startAfter = options.startAfter;
    const id = await this.boss.send(name, data, send);
    if (!id) throw new Error(`Job ${name} was not enqueued (is its queue created?)`);
    return id;
  }

  /**
   * Enqueues several jobs of one queue in one statement (with `tx`, in that transaction), each payload checked
   * against the job's schema: a thousand invitations cost one round trip, not a thousand.
   */
  async enqueueMany<N extends JobName>(
    name: N,
    payloads: readonly JobPayloads[N][],
    options: Pick<EnqueueOptions, 'tx'> = {},
  ): Promise<void> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    if (payloads.length === 0) return;
    const jobs = payloads.map((p) => ({ name, data: definition.payload.parse(p) as object }));
    await this.boss.insert(jobs, options.tx ? { db: bossDb(pgClientOf(options.tx)) } : {});
  }

  /**
   * The newest job of a queue enqueued with this singleton key (e.g. the apply of one roster dataset), or null when
   * there is none (never enqueued, or archived after it finished).
   */
  async latest(name: JobName, singletonKey: string): Promise<JobRun | null> {
    const { rows } = await this.options.pool.query<{
      id: string;
      state: JobRun['state'];
      retry_count: number;
      retry_limit: number;
      started_on: Date | null;
      output: Record<string, unknown> | null;
    }>(
      `select id, state::text as state, retry_count, retry_limit, started_on, output from ${JOBS_SCHEMA}.job
       where name = $1 and singleton_key = $2 order by created_on desc, id desc limit 1`,
      [name, singletonKey],
    );
    const row = rows[0];
    if (!row) return null;
    // pg-boss counts a retry when it starts the job again: waiting to retry, the next attempt is one further on.
    const attempt = row.retry_count + 1 + (row.state === 'retry' && row.started_on ? 1 : 0);
    return {
      id: row.id,
      state: row.state,
      attempt,
      attempts: row.retry_limit + 1,
      output: row.output,
    };
  }

  /** Queued (created or waiting to retry), active and failed jobs per queue, and the dead letters waiting. */
  async counts(): Promise<QueueCounts[]> {
    const names = this.names;
    const { rows } = await this.options.pool.query<{ name: string; state: string; n: string }>(
      `select name, state::text as state, count(*) as n from ${JOBS_SCHEMA}.job
       where name = any($1::text[]) group by name, state`,
      [[...names, ...names.map(deadLetterQueue)]],
    );
    const count = (name: string, states: string[]) =>
      rows.filter((r) => r.name === name && states.includes(r.state)).reduce((n, r) => n + Number(r.n), 0);
    return names.map((name) => ({
      name,
      queued: count(name, ['created', 'retry']),
      active: count(name, ['active']),
      failed: count(name, ['failed']),
      deadLetters: count(deadLetterQueue(name), ['created', 'retry', 'active']),
    }));
  }

  /** The newest dead letters across the queues. */
  async deadLetters(limit: number): Promise<DeadLetter[]> {
    const { rows } = await this.options.pool.query<{
      id: string;
      name: string;
      data: unknown;
      output: unknown;
      created_on: Date;
    }>(
      `select id, name, data, output, created_on from ${JOBS_SCHEMA}.job
       where name = any($1::text[]) and state in ('created', 'retry')
       order by created_on desc, id limit $2`,
      [this.names.map(deadLetterQueue), limit],
    );
    return rows.map((r) => ({
      id: r.id,
      queue: r.name.slice(0, -DEAD_LETTER_SUFFIX.length),
      data: r.data,
      output: r.output,
      failedAt: r.created_on,
    }));
  }

  /**
   * Sends a dead letter back to its queue as a new job (with fresh retries) and removes the dead letter, in one
   * transaction. Returns the new job's id, or null when there is no such dead letter.
   */
  async retryDeadLetter(id: string): Promise<string | null> {
    const client = await this.options.pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ name: string; data: unknown }>(
        `delete from ${JOBS_SCHEMA}.job where id = $1 and name = any($2::text[]) and state in ('created', 'retry')
         returning name, data`,
        [id, this.names.map(deadLetterQueue)],
      );
      const dead = rows[0];
      if (!dead) {
        await client.query('rollback');
        return null;
      }
      const name = dead.name.slice(0, -DEAD_LETTER_SUFFIX.length);
      const newId = await this.boss.send(name, (dead.data ?? {}) as object, { db: bossDb(client) });
      if (!newId) throw new Error(`Job ${name} was not enqueued`);
      await client.query('commit');
      return newId;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
