import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp, IMMUTABLE_CACHE_CONTROL, ME_PRELOAD_LINK } from './app';
import { countRows } from '../test/count-rows';
import { TEST_SECRET, useTestApp } from '../test/harness';
import { DEMO_PASSWORD, seedDemoSchool } from './db/seed/demo-school';
import { schoolClasses, schools, users } from './db/schema/index';
import { SESSION_COOKIE } from './platform/session';
import { createLocalStorage } from './platform/storage';

const ctx = useTestApp();

/** A built web app's folder holding only index.html (the tests add assets to it). */
async function webDist(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'banksia-web-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Banksia</title>');
  return dist;
}

/** The app serving the web app from `dist`. */
function appServingWeb(dist: string) {
  return buildApp({ config: { ...ctx.config, webDist: dist }, db: ctx.db, clock: ctx.clock, secret: TEST_SECRET });
}

describe('the app', () => {
  it('answers /healthz when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login/', '/api/v1/classes/{classId}/']),
    );
  });

  it('never sends a stack trace for an unexpected error', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, secret: TEST_SECRET });
    app.get('/boom', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret internals');
    expect(response.json()).toMatchObject({ code: 'internal', detail: 'A server error occurred.' });
    await app.close();
  });

  it('answers malformed JSON with a 400', async () => {
    const client = await ctx.client();
    const response = await client.request({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('bad_request');
  });

  it('serves the web app for page paths and JSON 404 for unknown API paths', async () => {
    const app = await appServingWeb(await webDist());
    const page = await app.inject({ method: 'GET', url: '/class/12/lesson/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Banksia</title>');
    const api = await app.inject({ method: 'GET', url: '/api/v1/nothing/' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    await app.close();
  });

  it("tells a browser with a session to fetch who is signed in alongside a page's scripts", async () => {
    const app = await appServingWeb(await webDist());
    const signedOut = await app.inject({ method: 'GET', url: '/class/12/lesson/' });
    expect(signedOut.headers.link).toBeUndefined();
    const withSession = await app.inject({
      method: 'GET',
      url: '/class/12/lesson/',
      cookies: { [SESSION_COOKIE]: 'any-token' },
    });
    expect(withSession.headers.link).toBe(ME_PRELOAD_LINK);
    // The preloaded address is the question the web app asks (getMe): the session route, which answers null, not 401,
    // for a cookie that is no longer valid.
    const preloaded = ME_PRELOAD_LINK.match(/^<([^>]+)>/)![1]!;
    expect(preloaded).toBe('/api/v1/auth/session/');
    const me = await app.inject({ method: 'GET', url: preloaded, cookies: { [SESSION_COOKIE]: 'any-token' } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ me: null });
    // API answers and files carry no such hint.
    expect((await app.inject({ method: 'GET', url: '/api/v1/nothing/' })).headers.link).toBeUndefined();
    await app.close();
  });
  it('sends hashed assets precompressed and cached for a year, pages revalidated, and never a source map or the build manifest', async () => {
    const dist = await webDist();
    await mkdir(path.join(dist, 'assets'));
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), script);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(script));
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
    const app = await appServingWeb(dist);

    const asset = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(script);

    const gzipOnly = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipOnly.rawPayload).toString()).toBe(script);

    const page = await app.inject({ method: 'GET', url: '/class/12/lesson/' });
    expect(page.headers['cache-control']).toBe('no-cache');

    const map = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).not.toBe(200);
    expect(map.body).not.toContain('secret.ts');
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, '.vite', 'manifest.json'), '{"src/secret.tsx":{"file":"assets/x.js"}}');
    // The build's manifest (read by the server render) is not served: the static files skip dot-folders.
    const manifest = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.headers['content-type']).not.toMatch(/json/);
    expect(manifest.body).not.toContain('secret');
    await app.close();
  });

  it('compresses JSON answers for clients that accept it', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(doc.rawPayload).toString()).openapi).toMatch(/^3\./);
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe('the demo school seed', () => {
  it('creates the two schools, five classes and the demo accounts once, however often it runs', async () => {
    const storage = createLocalStorage(await mkdtemp(path.join(os.tmpdir(), 'banksia-seed-')));
    expect((await seedDemoSchool(ctx.db, storage)).created).toBe(true);
    const counts = {
      schools: await countRows(ctx.db, schools),
      classes: await countRows(ctx.db, schoolClasses),
      users: await countRows(ctx.db, users),
    };
    expect((await seedDemoSchool(ctx.db, storage)).created).toBe(false);
    expect({
      schools: await countRows(ctx.db, schools),
      classes: await countRows(ctx.db, schoolClasses),
      users: await countRows(ctx.db, users),
    }).toEqual(counts);
    expect(counts).toMatchObject({ schools: 2, classes: 5 });
    const client = await ctx.client();
    const login = await client.post('/api/v1/auth/login/', { email: 'teacher@banksia.test', password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(
      login
        .json()
        .classes.map((c: { class_type: string }) => c.class_type)
        .sort(),
    ).toEqual(['N', 'ST', 'TT']);
    // The second school's admin sees only her own school and class.
    const wattle = await (
      await ctx.client()
    ).post('/api/v1/auth/login/', {
      email: 'teacher@wattle.test',
      password: DEMO_PASSWORD,
    });
    expect(wattle.json().classes.map((c: { title: string }) => c.title)).toEqual(['10SCI-W']);
  });
});
