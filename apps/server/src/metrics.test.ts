import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { TEST_SECRET, useTestApp } from '../test/harness';

const ctx = useTestApp();

/** The value of one series in Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers on loopback in Prometheus text: request durations by route template, the event loop, the pool, the queues', async () => {
    await ctx.app.inject({ method: 'GET', url: '/healthz' }); // opens a database connection
    await ctx.app.inject({ method: 'GET', url: '/api/v1/csrf/' });
    await ctx.app.inject({ method: 'GET', url: '/api/v1/classes/123/' });
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    // Every line is a comment or a well-formed sample.
    for (const line of text.split('\n').filter(Boolean)) {
      expect(line, line).toMatch(
        /^(# (HELP|TYPE) .+|[a-zA-Z_:][a-zA-Z0-9_:]*(\{.*\})? -?[0-9.e+-]+|.* (NaN|Nan|\+Inf|-Inf))$/,
      );
    }
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/v1/csrf/',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    // The template, never the ids in the URL.
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/v1/classes/:classId/' })).toBe(1);
    expect(text).not.toContain('/api/v1/classes/123/');
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'job_queue_depth', { queue: 'sessions-cleanup', state: 'queued' })).toBeGreaterThanOrEqual(0);
  });

  it('refuses other addresses, even claiming loopback in X-Forwarded-For, unless they carry the token', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const app = await buildApp({
      config: { ...ctx.config, metricsToken: token, trustProxy: true },
      db: ctx.db,
      clock: ctx.clock,
      secret: TEST_SECRET,
    });
    try {
      const from = (headers: Record<string, string> = {}) =>
        app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers });
      const refused = await from({ 'x-forwarded-for': '127.0.0.1' });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('http_request_duration_seconds');
      expect((await from({ authorization: 'Bearer wrong-token-0123456789abcd' })).statusCode).toBe(403);
      expect((await from({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    // Without a token configured, nobody off the machine gets in.
    const open = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(open.statusCode).toBe(403);
  });
});
