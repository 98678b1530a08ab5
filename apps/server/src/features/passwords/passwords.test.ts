import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { emailOutbox, passwordTokens, sessions, users } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createTeacher, createUser } from '../../../test/factories';
import { makeClient, useTestApp, type TestClient } from '../../../test/harness';
import { serializeRequest } from '../../platform/log-redaction';

const ctx = useTestApp();
const NEW_PASSWORD = 'a long new password';
let n = 0;

/** A signed-out browser with a CSRF cookie, from an IP of its own (the throttles count per IP). */
async function visitor(ip = `10.20.${++n}.1`): Promise<TestClient & { ip: string }> {
  const c = makeClient(ctx.app, {}, { remoteAddress: ip });
  await c.get('/api/v1/csrf/');
  return { ...c, ip };
}

/** The latest outbox message to an address, and the token in its link. */
async function latestLink(to: string) {
  const [message] = await ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!message) return null;
  const match = /\/account\/set-password\/([A-Za-z0-9_-]{43})\//.exec(message.text);
  return { message, token: match?.[1] ?? null };
}

async function outboxTo(to: string) {
  return ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
}

async function signIn(email: string, password: string) {
  const client = await visitor();
  return client.post('/api/v1/auth/login/', { email, password });
}

describe('the invitation journey', () => {
  it('class-list upload → email with a link → set the password → signed in; the link then stops working', async () => {
    const school = await createSchool(ctx.db, { name: 'Wattle Park School' });
    const klass = await createClass(ctx.db, school);
    const teacher = await createTeacher(ctx.db, school, [klass]);
    const upload = await (
      await ctx.client(teacher.user.id)
    ).post(`/api/v1/classes/${klass.id}/class-list/apply/`, {
      csv: 'first_name,last_name,email\nNoor,Haddad,noor.haddad@example.test\n',
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json().created_accounts).toBe(1);

    // The invitation was written with the upload: one message with the link, about the class's school.
    const link = await latestLink('noor.haddad@example.test');
    expect(link?.message).toMatchObject({
      template: 'password-invite',
      status: 'queued',
      schoolId: school.id,
      subject: 'Choose your password for Banksia',
    });
    expect(link!.message.html).toContain('Wattle Park School on Banksia');
    expect(link!.message.text).toContain(`${ctx.config.publicUrl}/account/set-password/`);
    const token = link!.token!;
    expect(token).toHaveLength(43);

    // Stored only as its SHA-256.
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'noor.haddad@example.test'));
    const stored = await ctx.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(7 * 24 * 3_600_000);

    const browser = await visitor();
    const info = await browser.get(`/api/v1/auth/password-token/${token}/`);
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    expect(info.json()).toEqual({ purpose: 'invite', email: 'n***@example.test', expires_at: expect.any(String) });

    // No password yet: signing in fails.
    expect((await signIn('noor.haddad@example.test', NEW_PASSWORD)).statusCode).toBe(400);

    const tooShort = await browser.post(`/api/v1/auth/password-token/${token}/`, { new_password: 'short' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().errors).toHaveProperty('new_password');

    const set = await browser.post(`/api/v1/auth/password-token/${token}/`, { new_password: NEW_PASSWORD });
    expect(set.statusCode).toBe(200);
    expect(set.json().user).toMatchObject({ id: user!.id, email: 'noor.haddad@example.test' });
    // Signed in, in this browser, with a CSRF token for the new session.
    expect(set.json().csrf_token).toBe(browser.cookies.csrftoken);
    expect((await browser.get('/api/v1/auth/me/')).json().user.id).toBe(user!.id);

    expect((await signIn('noor.haddad@example.test', NEW_PASSWORD)).statusCode).toBe(200);

    // The link is used up.
    const again = await (await visitor()).get(`/api/v1/auth/password-token/${token}/`);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'gone', detail: expect.stringContaining('already been used') });
    const reuse = await (
      await visitor()
    ).post(`/api/v1/auth/password-token/${token}/`, { new_password: 'another one!!' });
    expect(reuse.statusCode).toBe(410);
    expect((await signIn('noor.haddad@example.test', 'another one!!')).statusCode).toBe(400);
  });

  it('lets only one of two simultaneous uses of a link succeed', async () => {
    const school = await createSchool(ctx.db);
    const { user } = await createStudent(ctx.db, school, []);
    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    const sent = await (await ctx.client(admin.id)).post(`/api/v1/users/${user.id}/resend-invitation/`);
    expect(sent.statusCode).toBe(200);
    const { token } = (await latestLink(user.email))!;
    const [a, b] = [await visitor(), await visitor()];
    const results = await Promise.all([
      a.post(`/api/v1/auth/password-token/${token}/`, { new_password: 'first password!' }),
      b.post(`/api/v1/auth/password-token/${token}/`, { new_password: 'second password' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    const winner = results[0]!.statusCode === 200 ? 'first password!' : 'second password';
    expect((await signIn(user.email, winner)).statusCode).toBe(200);
  });

  it('refuses an expired link (410), and an unknown or malformed one (400)', async () => {
    const school = await createSchool(ctx.db);
    const { user } = await createStudent(ctx.db, school, []);
    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    await (await ctx.client(admin.id)).post(`/api/v1/users/${user.id}/resend-invitation/`);
    const { token } = (await latestLink(user.email))!;

    ctx.clock.advance(7 * 24 * 3_600_000 - 1000);
    const browser = await visitor();
    expect((await browser.get(`/api/v1/auth/password-token/${token}/`)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    const expired = await browser.get(`/api/v1/auth/password-token/${token}/`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toMatch(/expired/);
    expect(
      (await browser.post(`/api/v1/auth/password-token/${token}/`, { new_password: NEW_PASSWORD })).statusCode,
    ).toBe(410);

    expect((await browser.get(`/api/v1/auth/password-token/${'A'.repeat(43)}/`)).statusCode).toBe(400);
    expect((await browser.get('/api/v1/auth/password-token/short/')).statusCode).toBe(400);
    expect(
      (await browser.post(`/api/v1/auth/password-token/${'A'.repeat(43)}/`, { new_password: NEW_PASSWORD })).statusCode,
    ).toBe(400);
  });
});

describe('forgot password', () => {
  it('answers identically for an existing and an unknown address; only the existing one gets a link', async () => {
    const school = await createSchool(ctx.db, { name: 'Acacia College' });
    const { user } = await createTeacher(ctx.db, school, [], {
      email: 'known@example.test',
      password: 'old password 1',
    });
    const { client: oldDevice } = { client: await ctx.client(user.id) };

    const ask = async (email: string) => {
      const response = await (await visitor()).post('/api/v1/auth/password-reset/', { email });
      const { 'x-request-id': _id, date: _date, ...headers } = response.headers;
      return { status: response.statusCode, body: response.body, headers };
    };
    const known = await ask('Known@Example.test');
    const unknown = await ask('nobody@example.test');
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(JSON.parse(known.body).detail).toMatch(/If an account uses this email address/);

    // The request only enqueued a job; nothing is written for either address until it runs.
    expect(await outboxTo('known@example.test')).toEqual([]);
    expect(await ctx.jobs.runQueued('password-reset-request', ctx.deps)).toBe(2);
    expect(await outboxTo('nobody@example.test')).toEqual([]);
    const link = (await latestLink('known@example.test'))!;
    expect(link.message).toMatchObject({ template: 'password-reset', subject: 'Reset your Banksia password' });
    expect(link.message.html).toContain('Acacia College on Banksia');

    const browser = await visitor();
    expect((await browser.get(`/api/v1/auth/password-token/${link.token}/`)).json()).toMatchObject({
      purpose: 'reset',
      email: 'k***@example.test',
    });
    const set = await browser.post(`/api/v1/auth/password-token/${link.token}/`, { new_password: NEW_PASSWORD });
    expect(set.statusCode).toBe(200);
    // Sessions from before the reset are over; the old password no longer works.
    expect((await oldDevice.get('/api/v1/auth/me/')).statusCode).toBe(401);
    expect((await signIn('known@example.test', 'old password 1')).statusCode).toBe(400);
    expect((await signIn('known@example.test', NEW_PASSWORD)).statusCode).toBe(200);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });

  it('expires a reset link after an hour, and a newer link voids the older one', async () => {
    await createUser(ctx.db, { email: 'hour@example.test', password: 'old password 1' });
    const browser = await visitor();
    await browser.post('/api/v1/auth/password-reset/', { email: 'hour@example.test' });
    await ctx.jobs.runQueued('password-reset-request', ctx.deps);
    const first = (await latestLink('hour@example.test'))!.token;
    await browser.post('/api/v1/auth/password-reset/', { email: 'hour@example.test' });
    await ctx.jobs.runQueued('password-reset-request', ctx.deps);
    const second = (await latestLink('hour@example.test'))!.token;
    expect(second).not.toBe(first);
    expect((await browser.get(`/api/v1/auth/password-token/${first}/`)).statusCode).toBe(410);
    expect((await browser.get(`/api/v1/auth/password-token/${second}/`)).statusCode).toBe(200);
    ctx.clock.advance(3_600_000);
    expect((await browser.get(`/api/v1/auth/password-token/${second}/`)).statusCode).toBe(410);
  });

  it('needs the CSRF token, and throttles one address to 5 requests an hour', async () => {
    const browser = await visitor();
    const noCsrf = await browser.request({
      method: 'POST',
      url: '/api/v1/auth/password-reset/',
      payload: { email: 'a@example.test' },
      headers: { 'x-csrftoken': '' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await (await visitor()).post('/api/v1/auth/password-reset/', { email: 'spam@example.test' })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    ctx.clock.advance(3_600_000);
    expect(
      (await (await visitor()).post('/api/v1/auth/password-reset/', { email: 'spam@example.test' })).statusCode,
    ).toBe(200);
  });
});

describe('resend invitation', () => {
  it('is for content admins, and school admins of the user’s school; earlier links stop working', async () => {
    const school = await createSchool(ctx.db, { name: 'Hillview' });
    const elsewhere = await createSchool(ctx.db);
    const { user } = await createStudent(ctx.db, school, []);
    const schoolAdmin = await createTeacher(ctx.db, school, [], { roles: ['teacher', 'school_admin'] });
    const foreignAdmin = await createTeacher(ctx.db, elsewhere, [], { roles: ['teacher', 'school_admin'] });
    const teacher = await createTeacher(ctx.db, school, []);
    const contentAdmin = await createUser(ctx.db, { roles: ['content_admin'] });
    const url = `/api/v1/users/${user.id}/resend-invitation/`;

    const first = await (await ctx.client(contentAdmin.id)).post(url);
    expect(first.statusCode).toBe(200);
    const firstToken = (await latestLink(user.email))!.token;
    const second = await (await ctx.client(schoolAdmin.user.id)).post(url);
    expect(second.statusCode).toBe(200);
    const secondLink = (await latestLink(user.email))!;
    expect(secondLink.message.schoolId).toBe(school.id);
    expect(secondLink.message.html).toContain('Hillview');

    const browser = await visitor();
    expect((await browser.get(`/api/v1/auth/password-token/${firstToken}/`)).statusCode).toBe(410);
    expect((await browser.get(`/api/v1/auth/password-token/${secondLink.token}/`)).statusCode).toBe(200);

    expect((await (await ctx.client(foreignAdmin.user.id)).post(url)).statusCode).toBe(404);
    expect((await (await ctx.client(teacher.user.id)).post(url)).statusCode).toBe(403);
    expect((await (await ctx.client(contentAdmin.id)).post('/api/v1/users/999999/resend-invitation/')).statusCode).toBe(
      404,
    );

    // Once the password is set there is nothing to invite to.
    await browser.post(`/api/v1/auth/password-token/${secondLink.token}/`, { new_password: NEW_PASSWORD });
    const done = await (await ctx.client(contentAdmin.id)).post(url);
    expect(done.statusCode).toBe(409);
  });
});

describe('logs', () => {
  it('never hold a link’s token: request lines show it redacted (the serializer main.ts gives its logger)', async () => {
    const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    const lines: string[] = [];
    const logger = pino(
      { level: 'info', serializers: { req: serializeRequest } },
      { write: (l: string) => void lines.push(l) },
    );
    const app = await buildApp(ctx.deps, { logger });
    await app.inject({ method: 'GET', url: `/api/v1/auth/password-token/${token}/` });
    await app.inject({ method: 'GET', url: `/account/set-password/${token}/` });
    await app.close();
    expect(lines.join('\n')).toContain('/api/v1/auth/password-token/[redacted]/');
    expect(lines.join('\n')).not.toContain(token);
  });
});
