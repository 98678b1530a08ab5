import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';
import { access } from './authz';
import type { AppDeps } from './deps';
import { errorBody } from './errors';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: a scraper on this machine (the socket's own address, never X-Forwarded-For, which a
 * client can write), or one that sends `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time).
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (LOOPBACK.has(request.socket.remoteAddress ?? '')) return true;
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at GET /metrics, in a registry of this app's own: request durations by route template (bounded
 * labels), Node's defaults (event-loop delay and lag, heap, GC, handles), the database pool, and the job queues.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        // The template (/api/v1/classes/:classId/), never the URL itself: one series per route, whatever the ids.
        route: request.routeOptions.url ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  const pool = (deps.db as unknown as { $client: pg.Pool }).$client;
  new client.Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the database pool: total open, idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new client.Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs per queue: waiting, running, failed, and in the dead-letter queue.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await deps.jobs.counts()) {
        this.set({ queue: q.name, state: 'queued' }, q.queued);
        this.set({ queue: q.name, state: 'active' }, q.active);
        this.set({ queue: q.name, state: 'failed' }, q.failed);
        this.set({ queue: q.name, state: 'dead_letter' }, q.deadLetters);
      }
    },
  });

  app.get('/metrics', { config: { access: access.public }, schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, deps.config.metricsToken)) {
      return reply.status(403).send(errorBody('forbidden', 'Metrics are for this machine or a holder of the token.'));
    }
    void reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
