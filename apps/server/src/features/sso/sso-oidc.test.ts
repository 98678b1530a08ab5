import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIns, ssoIdentities, ssoLoginStates } from '../../db/schema/index';
import { createSchool, createStudent, createTeacher, createUser } from '../../../test/factories';
import { makeClient, useTestApp, type TestClient } from '../../../test/harness';
import { startTestOidcProvider, type TestOidcProvider } from './test-oidc-provider';

const ctx = useTestApp();
let idp: TestOidcProvider;
let callback: string;

beforeAll(async () => {
  callback = `${ctx.config.publicUrl}/auth/sso/oidc/callback/`;
  idp = await startTestOidcProvider(callback);
});
afterAll(async () => idp?.close());
// Tokens are dated by the provider's (real) clock; the app's clock follows it unless a test moves it.
beforeEach(() => ctx.clock.set(new Date()));

let domainCount = 0;
async function connection(options: Record<string, unknown> = {}) {
  const school = await createSchool(ctx.db);
  const admin = await createUser(ctx.db, { roles: ['content_admin'] });
  const staff = await ctx.client(admin.id);
  domainCount += 1;
  const domain = `school${domainCount}-${Date.now()}.example.edu.au`;
  const response = await staff.post('/api/v1/admin/sso-connections/', {
    school_id: school.id,
    name: 'State IdP',
    protocol: 'oidc',
    provider: 'generic',
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    email_domains: [domain],
    allow_password: false,
    ...options,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { school, domain, id: response.json().id as number };
}

/** A browser: starts at Banksia, signs in at the provider, comes back to the callback. */
async function roundTrip(connectionId: number, next = '/class/7/') {
  const browser = makeClient(ctx.app);
  const start = await browser.get(`/auth/sso/${connectionId}/start/?next=${encodeURIComponent(next)}`);
  expect(start.statusCode, start.body).toBe(302);
  const authUrl = new URL(String(start.headers.location));
  const back = await idp.followToRedirect(authUrl.href, callback);
  return { browser, authUrl, back, finish: () => browser.get(back.pathname + back.search) };
}

const signedInAs = async (browser: TestClient) => (await browser.get('/api/v1/auth/session/')).json().me?.user?.email;

describe('OpenID Connect sign-in against a real provider', () => {
  it('discovers, starts with PKCE, state and nonce, links by verified email, then by subject', async () => {
    const { id, domain } = await connection();
    const { user } = await createStudent(ctx.db, await createSchool(ctx.db), [], { email: `ava@${domain}` });

    const discovered = await makeClient(ctx.app).get(`/api/v1/auth/sso/discover/?email=AVA@${domain}`);
    expect(discovered.json()).toEqual({
      method: 'sso',
      connection_id: id,
      start_url: `/auth/sso/${id}/start/`,
      label: 'Continue with State IdP',
    });
    const unknown = await makeClient(ctx.app).get(`/api/v1/auth/sso/discover/?email=nobody@${domain}`);
    expect(unknown.json()).toEqual(discovered.json());
    expect((await makeClient(ctx.app).get('/api/v1/auth/sso/discover/?email=a@elsewhere.test')).json()).toEqual({
      method: 'password',
    });

    idp.signInAs('sub-ava', { email: `ava@${domain}`, email_verified: true });
    const trip = await roundTrip(id);
    expect(trip.authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(trip.authUrl.searchParams.get('code_challenge')).toBeTruthy();
    expect(trip.authUrl.searchParams.get('nonce')).toBeTruthy();
    expect(trip.authUrl.searchParams.get('state')).toBeTruthy();
    const done = await trip.finish();
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe('/class/7/');
    expect(await signedInAs(trip.browser)).toBe(`ava@${domain}`);
    const [identity] = await ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, user.id));
    expect(identity).toMatchObject({ issuer: idp.issuer, subject: 'sub-ava', connectionId: id });
    const [history] = await ctx.db.select().from(signIns).where(eq(signIns.userId, user.id));
    expect(history).toMatchObject({ method: 'sso', ssoConnectionId: id, success: true });

    // The school changes her address: the subject still identifies her.
    idp.signInAs('sub-ava', { email: `ava.new@${domain}`, email_verified: true });
    const again = await roundTrip(id, 'https://evil.example/');
    const second = await again.finish();
    expect(second.headers.location).toBe('/');
    expect(await signedInAs(again.browser)).toBe(`ava@${domain}`);
  });

  it('answers a page, not a server error, when the identity provider cannot be reached', async () => {
    // A loopback port nothing listens on: discovery is refused at once.
    const { id } = await connection({ issuer: 'http://127.0.0.1:9/unreachable' });
    const start = await makeClient(ctx.app).get(`/auth/sso/${id}/start/`);
    expect(start.statusCode).toBe(502);
    expect(start.body).toContain('sign-in service could not be reached');
  });

  it('rotates the session id at sign-in', async () => {
    const { id, domain } = await connection();
    const { user } = await createTeacher(ctx.db, await createSchool(ctx.db), [], { email: `tom@${domain}` });
    const browser = await ctx.client(user.id);
    const before = browser.cookies.banksia_session;
    idp.signInAs('sub-tom', { email: `tom@${domain}`, email_verified: true });
    const start = await browser.get(`/auth/sso/${id}/start/`);
    const back = await idp.followToRedirect(String(start.headers.location), callback);
    expect((await browser.get(back.pathname + back.search)).statusCode).toBe(302);
    expect(browser.cookies.banksia_session).toBeTruthy();
    expect(browser.cookies.banksia_session).not.toBe(before);
    expect(await signedInAs(makeClient(ctx.app, { banksia_session: before! }))).toBeUndefined();
  });

  it('refuses a password sign-in and reset, with how to sign in, at a domain with passwords off', async () => {
    const { domain } = await connection();
    await createUser(ctx.db, { email: `pat@${domain}`, password: 'correct horse battery' });
    const client = makeClient(ctx.app);
    await client.get('/api/v1/csrf/');
    const response = await client.post('/api/v1/auth/login/', {
      email: `pat@${domain}`,
      password: 'correct horse battery',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toContain('Continue with State IdP');
    for (const email of [`pat@${domain}`, `nobody@${domain}`]) {
      const reset = await client.post('/api/v1/auth/password-reset/', { email });
      expect(reset.statusCode).toBe(403);
      expect(reset.json().detail).toContain('Continue with State IdP');
    }
    // An address at a domain without single sign-on keeps its password.
    await createUser(ctx.db, { email: 'pw@elsewhere.example.org', password: 'correct horse battery' });
    const elsewhere = await client.post('/api/v1/auth/login/', {
      email: 'pw@elsewhere.example.org',
      password: 'correct horse battery',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  describe('refuses, with a page and nothing linked', () => {
    async function refusedTrip(
      id: number,
      subject: string,
      alter?: (t: Awaited<ReturnType<typeof roundTrip>>) => Promise<void>,
    ) {
      const trip = await roundTrip(id);
      await alter?.(trip);
      const done = await trip.finish();
      expect(done.statusCode, done.body).toBe(400);
      expect(done.headers['content-type']).toContain('text/html');
      expect(done.body).toContain('We couldn&#39;t sign you in');
      const linked = await ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, subject));
      expect(linked).toEqual([]);
      return done;
    }

    it('an unverified email', async () => {
      const { id, domain } = await connection();
      await createUser(ctx.db, { email: `uv@${domain}` });
      idp.signInAs('sub-uv', { email: `uv@${domain}`, email_verified: false });
      await refusedTrip(id, 'sub-uv');
    });

    it('a person the school has not added', async () => {
      const { id, domain } = await connection();
      idp.signInAs('sub-new', { email: `new@${domain}`, email_verified: true });
      const page = await refusedTrip(id, 'sub-new');
      expect(page.body).toContain('added you to Banksia yet: ask your teacher');
    });

    it('a tampered ID token', async () => {
      const { id, domain } = await connection();
      await createUser(ctx.db, { email: `tt@${domain}` });
      idp.signInAs('sub-tt', { email: `tt@${domain}`, email_verified: true });
      idp.tamperNextIdToken();
      await refusedTrip(id, 'sub-tt');
    });

    it('an expired ID token (beyond two minutes of skew), but not one within it', async () => {
      const { id, domain } = await connection();
      await createUser(ctx.db, { email: `ex@${domain}` });
      idp.signInAs('sub-ex', { email: `ex@${domain}`, email_verified: true });
      // The provider's ID tokens live 60 s: 60 + 100 s is within the tolerance, 60 + 140 s is not.
      const late = await roundTrip(id);
      ctx.clock.advance(160_000);
      expect((await late.finish()).statusCode).toBe(302);
      ctx.clock.set(new Date());
      await refusedTrip(id, 'sub-ex-none', async () => ctx.clock.advance(200_000));
    });

    it('a replayed state, and a state from another browser', async () => {
      const { id, domain } = await connection();
      await createUser(ctx.db, { email: `rs@${domain}` });
      idp.signInAs('sub-rs', { email: `rs@${domain}`, email_verified: true });
      const trip = await roundTrip(id);
      const stolen = makeClient(ctx.app);
      const other = await stolen.get(trip.back.pathname + trip.back.search);
      expect(other.statusCode).toBe(400);
      // The state was taken by that attempt: the real browser's replay of it is refused too.
      expect((await trip.finish()).statusCode).toBe(400);
      expect(await ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'sub-rs'))).toEqual([]);
    });

    it('a nonce that does not match', async () => {
      const { id, domain } = await connection();
      await createUser(ctx.db, { email: `nm@${domain}` });
      idp.signInAs('sub-nm', { email: `nm@${domain}`, email_verified: true });
      await refusedTrip(id, 'sub-nm', async (trip) => {
        const state = trip.authUrl.searchParams.get('state')!;
        await ctx.db.update(ssoLoginStates).set({ nonce: 'another-nonce' }).where(eq(ssoLoginStates.state, state));
      });
    });

    it("Google's hd for another domain, and a personal account without hd", async () => {
      const { id, domain } = await connection({ provider: 'google' });
      await createUser(ctx.db, { email: `g@${domain}` });
      idp.signInAs('sub-g1', { email: `g@${domain}`, email_verified: true, hd: 'other.example.org' });
      await refusedTrip(id, 'sub-g1');
      idp.signInAs('sub-g2', { email: `g@${domain}`, email_verified: true });
      await refusedTrip(id, 'sub-g2');
      idp.signInAs('sub-g3', { email: `g@${domain}`, email_verified: true, hd: domain });
      expect((await (await roundTrip(id)).finish()).statusCode).toBe(302);
    });

    it("Entra's tid of another tenant", async () => {
      const tenant = '11111111-2222-3333-4444-555555555555';
      const { id, domain } = await connection({ provider: 'microsoft', tenant_id: tenant });
      await createUser(ctx.db, { email: `m@${domain}` });
      idp.signInAs('sub-m1', { email: `m@${domain}`, tid: '99999999-2222-3333-4444-555555555555' });
      await refusedTrip(id, 'sub-m1');
      idp.signInAs('sub-m2', { email: `m@${domain}`, tid: tenant });
      expect((await (await roundTrip(id)).finish()).statusCode).toBe(302);
      expect(
        await ctx.db
          .select()
          .from(ssoIdentities)
          .where(and(eq(ssoIdentities.subject, 'sub-m2'))),
      ).toHaveLength(1);
    });
  });

  it('finds a rotated signing key', async () => {
    const { id, domain } = await connection();
    await createUser(ctx.db, { email: `rk@${domain}` });
    idp.signInAs('sub-rk', { email: `rk@${domain}`, email_verified: true });
    expect((await (await roundTrip(id)).finish()).statusCode).toBe(302);
    await idp.rotateKeys();
    expect((await (await roundTrip(id)).finish()).statusCode).toBe(302);
  });
});
