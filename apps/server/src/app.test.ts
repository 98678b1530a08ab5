import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { countRows } from '../test/count-rows';
import { TEST_SECRET, useTestApp } from '../test/harness';
import { DEMO_PASSWORD, seedDemoSchool } from './db/seed/demo-school';
import { schoolClasses, schools, users } from './db/schema/index';
import { createLocalStorage } from './platform/storage';

const ctx = useTestApp();

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
    const dist = await mkdtemp(path.join(os.tmpdir(), 'banksia-web-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Banksia</title>');
    const app = await buildApp({
      config: { ...ctx.config, webDist: dist },
      db: ctx.db,
      clock: ctx.clock,
      secret: TEST_SECRET,
    });
    const page = await app.inject({ method: 'GET', url: '/class/12/lesson/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Banksia</title>');
    const api = await app.inject({ method: 'GET', url: '/api/v1/nothing/' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    await app.close();
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
