/** The load the benches put on the app: open-loop request rates, latency percentiles, keep-alive HTTP. */
import http from 'node:http';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const TRACE = Boolean(process.env.BENCH_TRACE);
const REQUEST_TIMEOUT_MS = 20_000;

export const log = (line = '') => process.stdout.write(`${line}\n`);

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface Stats {
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  count: number;
}

export function stats(latencies: number[], errors: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
    count: latencies.length + errors,
  };
}

/**
 * Fires `fn` at `rate` per second for `seconds` whatever the answers' speed; latency counts from the scheduled start
 * and includes a failure's (a failed request is counted as an error, not as a latency).
 */
export async function openLoop(fn: () => Promise<Answer | void>, rate: number, seconds: number): Promise<Stats> {
  // With BENCH_TRACE: every answer slower than 25 ms, and the bench's own event-loop delay (to tell its stalls from
  // the app's).
  const loopDelay = TRACE ? monitorEventLoopDelay({ resolution: 5 }) : null;
  loopDelay?.enable();
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const start = performance.now() + 10;
  for (let i = 0; i < rate * seconds; i++) {
    const at = start + i * interval;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(
      fn().then(
        (answer) => {
          const ms = performance.now() - at;
          latencies.push(ms);
          if (TRACE && ms > 25) {
            const parts = answer ? ` (headers ${answer.headersMs.toFixed(1)}, body ${answer.bodyMs.toFixed(1)})` : '';
            log(`    slow #${i} at ${(at - start).toFixed(0)} ms: ${ms.toFixed(1)} ms${parts}`);
          }
        },
        (err: unknown) => {
          const why = err instanceof Error ? err.message : String(err);
          failures.set(why, (failures.get(why) ?? 0) + 1);
        },
      ),
    );
  }
  await Promise.all(pending);
  if (loopDelay) {
    loopDelay.disable();
    log(`    bench event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms`);
  }
  for (const [why, n] of failures) log(`    ${n} × ${why}`);
  return stats(
    latencies,
    [...failures.values()].reduce((a, b) => a + b, 0),
  );
}

/** The median time of `fn` run one at a time: the service time with nothing queued. */
export async function sequential(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return stats(times, 0).p50;
}

/**
 * The load generator's HTTP client: keep-alive connections without Nagle's algorithm, asking for gzip as a browser
 * does over plain HTTP. An answer's time runs until its last byte has arrived: the server's part. Decompressing it is
 * the client's own work (a teacher's browser does it on the teacher's machine), and here it would run on the same two
 * cores as the app and PostgreSQL: inflating the 300-student grid's 87 KB into 3.8 MB twenty times a second took a
 * share of a core from the server, and the decompression's trips to the thread pool waited for a core too (measured
 * back to back on 2026-11-28: 30×200 p99 36.8 ms with it in the timing, 16.4 ms without). Every 50th grid answer is
 * still decompressed and checked after the load (checkGrids); BENCH_DECOMPRESS=1 times each answer decompressed as
 * well, as the bench did before. Not `fetch`: undici's fetch decompresses through a zlib stream, one round trip to
 * the libuv thread pool per 16 KB of output.
 */
export const agent = new http.Agent({ keepAlive: true });

export const DECOMPRESS_IN_TIMING = Boolean(process.env.BENCH_DECOMPRESS);

export interface Answer {
  status: number;
  /** How the body came (gzip for JSON over the threshold). */
  encoding: string | undefined;
  /** The body as it came over the wire. */
  raw: Buffer;
  /** ms until the answer's headers arrived, then until its last byte did (and, with BENCH_DECOMPRESS, was inflated). */
  headersMs: number;
  bodyMs: number;
}

/**
 * Decompresses an answer's body off the event loop in ONE trip to the thread pool: gzip's trailer gives the size, and
 * an output buffer that large takes it all at once (a stream would make a trip per 16 KB of output).
 */
export async function decompress(raw: Buffer, encoding: string | undefined): Promise<Buffer> {
  if (encoding === 'gzip' && raw.length >= 18) {
    const size = raw.readUInt32LE(raw.length - 4);
    return promisify(zlib.gunzip)(raw, { chunkSize: Math.max(64 * 1024, size + 1) });
  }
  if (encoding === 'gzip') return zlib.gunzipSync(raw);
  if (encoding === 'deflate') return zlib.inflateSync(raw);
  if (encoding === 'br') return zlib.brotliDecompressSync(raw);
  return raw;
}

/**
 * Checks sampled grid answers after a load: each decompresses to a grid of `students` rows (and the item columns),
 * so answers timed to their last byte were whole, well-formed grids.
 */
export async function checkGrids(samples: Answer[], students: number, columns: number): Promise<void> {
  for (const answer of samples) {
    const grid = JSON.parse((await decompress(answer.raw, answer.encoding)).toString('utf8')) as {
      rows: unknown[];
      columns: unknown[];
    };
    if (grid.rows.length !== students || grid.columns.length !== columns) {
      throw new Error(`a sampled grid answer had ${grid.rows.length} rows and ${grid.columns.length} columns`);
    }
  }
  log(`  checked ${samples.length} sampled answers: whole grids of ${students} rows`);
}

export function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const t0 = performance.now();
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const req = http.request(
      url,
      {
        method: init.method ?? 'GET',
        agent,
        headers: {
          'accept-encoding': 'gzip, deflate',
          ...(body ? { 'content-length': String(body.length) } : {}),
          ...init.headers,
        },
      },
      (res) => {
        const t1 = performance.now();
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const done = (err: Error | null) => {
            if (err) reject(err);
            else
              resolve({
                status: res.statusCode ?? 0,
                encoding,
                raw,
                headersMs: t1 - t0,
                bodyMs: performance.now() - t1,
              });
          };
          if (DECOMPRESS_IN_TIMING) decompress(raw, encoding).then(() => done(null), done);
          else done(null);
        });
      },
    );
    req.on('socket', (socket) => socket.setNoDelay(true));
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** GET or POST that fails unless the answer is 200, reading the whole body. */
export async function expect200(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const answer = await request(url, init);
  if (answer.status !== 200) {
    throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${answer.status}`);
  }
  return answer;
}

/** A school, a 200-item course in one topic and two classes (30 and 300 students) with their learning records. */
