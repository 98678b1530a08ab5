import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createUser } from '../test/factories';
import { createTestDatabase, makeClient, TEST_SECRET, type TestDatabase } from '../test/harness';
import { FakeClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { mintCsrfToken } from './platform/csrf';
import { openDatabase, type DatabaseHandle } from './platform/db';
import { createSession, SESSION_COOKIE } from './platform/session';
import type { FastifyInstance } from 'fastify';

/**
 * A TCP proxy between the app and PostgreSQL that can freeze: bytes stop flowing both ways (and new connections are
 * held) until it thaws, as when the database server is stopped (SIGSTOP) or the network drops packets.
 */
class FreezableProxy {
  frozen = false;
  private readonly server: net.Server;
  private readonly waiting: (() => void)[] = [];
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  private accept(client: net.Socket) {
    const upstream = net.connect(this.target.port, this.target.host);
    const forward = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => {
        if (!this.frozen) to.write(chunk);
        else this.waiting.push(() => to.write(chunk));
      });
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    };
    forward(client, upstream);
    forward(upstream, client);
  }

  freeze() {
    this.frozen = true;
  }

  thaw() {
    this.frozen = false;
    for (const send of this.waiting.splice(0)) send();
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('when the database stops answering', () => {
  let testDatabase: TestDatabase;
  let proxy: FreezableProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let userId: number;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const direct = new URL(testDatabase.url);
    proxy = new FreezableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.listen();
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = openDatabase(viaProxy.toString(), 4);
    const clock = new FakeClock();
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });
    app = await buildApp({ config, db: database.db, clock, secret: TEST_SECRET });
    userId = (await createUser(database.db)).id;
  });

  afterAll(async () => {
    proxy?.thaw();
    await app?.close();
    await database?.close();
    await proxy?.close();
    await testDatabase?.drop();
  });

  async function timed(run: () => Promise<{ statusCode: number }>) {
    const started = performance.now();
    const { statusCode } = await run();
    return { statusCode, ms: performance.now() - started };
  }

  it('answers every call 503 within 2 s, the first included, and recovers when it answers again', async () => {
    const clock = new FakeClock();
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });
    const session = await createSession({ db: database.db, clock, config }, userId);
    const client = makeClient(app, {
      [SESSION_COOKIE]: session.token,
      csrftoken: mintCsrfToken(TEST_SECRET, session.hash),
    });
    // The pool's connections are open and idle, as on a server that has been answering.
    await Promise.all([1, 2, 3].map(() => client.get('/api/v1/auth/me/')));
    expect((await client.get('/api/v1/auth/me/')).statusCode).toBe(200);

    proxy.freeze();
    // The first call after the freeze waited 6 s for its statement's timeout (later ones 2 s for a connection).
    const first = await timed(() => client.get('/api/v1/auth/me/'));
    expect(first.statusCode).toBe(503);
    expect(first.ms).toBeLessThan(2_000);
    // Then several at once, a write among them, and one more after them: each within 2 s.
    const together = await Promise.all([
      timed(() => client.get('/api/v1/auth/me/')),
      timed(() => client.get('/api/v1/auth/me/')),
      timed(() => client.post('/api/v1/auth/logout/', {})),
      timed(() => app.inject({ method: 'GET', url: '/healthz' })),
    ]);
    for (const answer of [...together, await timed(() => client.get('/api/v1/auth/me/'))]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.ms).toBeLessThan(2_000);
    }

    proxy.thaw();
    await expect.poll(async () => (await client.get('/api/v1/auth/me/')).statusCode, { timeout: 5_000 }).toBe(200);
  }, 30_000);

  it('/healthz answers 503 within 2 s, calls fail fast with 503, and both recover when it answers again', async () => {
    const clock = new FakeClock();
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });
    const session = await createSession({ db: database.db, clock, config }, userId);
    const client = makeClient(app, {
      [SESSION_COOKIE]: session.token,
      csrftoken: mintCsrfToken(TEST_SECRET, session.hash),
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await client.get('/api/v1/auth/me/')).statusCode).toBe(200);

    proxy.freeze();
    const [health, call] = await Promise.all([
      timed(() => app.inject({ method: 'GET', url: '/healthz' })),
      timed(() => client.get('/api/v1/auth/me/')),
    ]);
    expect(health.statusCode).toBe(503);
    expect(health.ms).toBeLessThan(2_000);
    expect(call.statusCode).toBe(503);
    // A call waits at most 2 s (the pool's watchdog), far less than the outage.
    expect(call.ms).toBeLessThan(2_000);
    const again = await timed(() => app.inject({ method: 'GET', url: '/healthz' }));
    expect(again).toMatchObject({ statusCode: 503 });
    expect(again.ms).toBeLessThan(2_000);

    proxy.thaw();
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await client.get('/api/v1/auth/me/')).statusCode).toBe(200);
  }, 30_000);
});
