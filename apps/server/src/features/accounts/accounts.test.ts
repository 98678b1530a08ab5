import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, enrolments, profiles, sessions, userRoles, users } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createTeacher, createUser } from '../../../test/factories';
import { makeClient, TEST_SECRET, useTestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { ADDRESS_MAX_FAILURES, PAIR_FREE_FAILURES } from './login-throttle';

const ctx = useTestApp();

async function grantRoleTo(userId: number, role: 'school_admin') {
  await ctx.db.insert(userRoles).values({ userId, role });
}
const PASSWORD = 'correct horse battery';

async function signIn(email: string, password = PASSWORD, ip = '10.1.1.1') {
  const client = makeClient(ctx.app);
  await client.get('/api/v1/csrf/');
  const response = await client.request({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { email, password },
    remoteAddress: ip,
  });
  return { client, response };
}

describe('sign-in', () => {
  it('opens a session in an HttpOnly SameSite cookie and answers with the user, profiles and classes', async () => {
    const school = await createSchool(ctx.db, { name: 'Hillview High' });
    const taught = await createClass(ctx.db, school, { title: '8SCI2' });
    const { user } = await createTeacher(ctx.db, school, [taught], {
      email: 'mr.lee@hillview.test',
      password: PASSWORD,
    });
    const { client, response } = await signIn('Mr.Lee@Hillview.test ');
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((c) => c.name === 'banksia_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const csrf = response.cookies.find((c) => c.name === 'csrftoken');
    expect(csrf?.httpOnly).toBeFalsy();
    const body = response.json();
    expect(body.csrf_token).toBe(csrf?.value);
    expect(body.user).toMatchObject({ id: user.id, email: 'mr.lee@hillview.test' });
    expect(body.roles).toEqual(['teacher']);
    expect(body.profiles).toEqual([
      expect.objectContaining({ school_id: school.id, school_name: 'Hillview High', kind: 'teacher' }),
    ]);
    expect(body.classes).toEqual([
      expect.objectContaining({ id: taught.id, title: '8SCI2', role: 'teacher', calendar_year: 2026 }),
    ]);
    const me = await client.get('/api/v1/auth/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  });

  it('names the cookies __Host- with secure cookies (Secure, Path=/, no Domain), and reads only those', async () => {
    const school = await createSchool(ctx.db);
    const { user } = await createTeacher(ctx.db, school, [], { password: PASSWORD });
    const secure = await buildApp({
      config: { ...ctx.config, cookieSecure: true },
      db: ctx.db,
      clock: ctx.clock,
      secret: TEST_SECRET,
    });
    try {
      const client = makeClient(secure);
      const csrf = (await client.get('/api/v1/csrf/')).cookies;
      expect(csrf).toEqual([expect.objectContaining({ name: '__Host-csrftoken', secure: true, path: '/' })]);
      const login = await client.post('/api/v1/auth/login/', { email: user.email, password: PASSWORD });
      expect(login.statusCode).toBe(200);
      const names = login.cookies.map((c) => c.name).sort();
      expect(names).toEqual(['__Host-banksia_session', '__Host-csrftoken']);
      for (const cookie of login.cookies) {
        expect(cookie).toMatchObject({ secure: true, path: '/' });
        expect(cookie.domain).toBeUndefined();
      }
      expect(client.cookies).not.toHaveProperty('banksia_session');
      expect((await client.get('/api/v1/auth/me/')).json().user.id).toBe(user.id);
      // A write carries the token of the __Host- cookie; the bare names (which another host could set) are not read.
      const token = client.cookies['__Host-csrftoken']!;
      const bare = await secure.inject({
        method: 'POST',
        url: '/api/v1/auth/logout/',
        cookies: { banksia_session: client.cookies['__Host-banksia_session']!, csrftoken: token },
        headers: { 'x-csrftoken': token },
      });
      expect(bare.json().detail).toMatch(/CSRF cookie not set/);
      const me = await secure.inject({
        method: 'GET',
        url: '/api/v1/auth/me/',
        cookies: { banksia_session: client.cookies['__Host-banksia_session']! },
      });
      expect(me.statusCode).toBe(401);
      const out = await client.post('/api/v1/auth/logout/');
      expect(out.statusCode).toBeLessThan(300);
      expect(out.cookies.find((c) => c.name === '__Host-banksia_session')).toMatchObject({ value: '', secure: true });
    } finally {
      await secure.close();
    }
  });

  it('lists roles, profiles (by school, then kind) and classes (newest year first, then title) in order', async () => {
    const zeta = await createSchool(ctx.db, { name: 'Zeta College' });
    const alpha = await createSchool(ctx.db, { name: 'Alpha Grammar' });
    const older = await createClass(ctx.db, zeta, { title: 'A old', calendarYear: 2025 });
    const b = await createClass(ctx.db, zeta, { title: 'B new', calendarYear: 2026 });
    const a = await createClass(ctx.db, alpha, { title: 'A new', calendarYear: 2026 });
    const { user } = await createTeacher(ctx.db, zeta, [older, b], { password: PASSWORD });
    await grantRoleTo(user.id, 'school_admin');
    const [studentProfile] = await ctx.db
      .insert(profiles)
      .values({ userId: user.id, schoolId: alpha.id, kind: 'student' })
      .returning();
    await ctx.db
      .insert(enrolments)
      .values({ schoolId: alpha.id, classId: a.id, profileId: studentProfile!.id, accessStatus: 30 });
    const body = (await signIn(user.email)).response.json();
    expect(body.roles).toEqual(['school_admin', 'teacher']);
    expect(body.profiles.map((p: { school_name: string; kind: string }) => `${p.school_name} ${p.kind}`)).toEqual([
      'Alpha Grammar student',
      'Zeta College teacher',
    ]);
    expect(body.classes.map((c: { title: string; role: string }) => `${c.title} ${c.role}`)).toEqual([
      'A new student',
      'B new teacher',
      'A old teacher',
    ]);
  });

  it.each([
    ['ADR 007', 19_456, 2],
    ['ADR 044', 12_288, 3],
  ])('rehashes a password stored with older argon2 parameters (%s) at the next successful sign-in', async (_, m, t) => {
    const school = await createSchool(ctx.db);
    const { user } = await createTeacher(ctx.db, school, [], { password: PASSWORD });
    const old = await hash(PASSWORD, { algorithm: 2, memoryCost: m, timeCost: t, parallelism: 1 });
    await ctx.db.update(users).set({ passwordHash: old }).where(eq(users.id, user.id));
    expect((await signIn(user.email, 'not the password')).response.statusCode).toBe(400);
    const [afterFailure] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(afterFailure!.passwordHash).toBe(old);
    expect((await signIn(user.email)).response.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect((await signIn(user.email)).response.statusCode).toBe(200);
  });

  it('stores only a hash of the session id', async () => {
    await createUser(ctx.db, { email: 'hash@x.test', password: PASSWORD });
    const { response } = await signIn('hash@x.test');
    const token = response.cookies.find((c) => c.name === 'banksia_session')!.value;
    const rows = await ctx.db.select().from(sessions);
    expect(rows.some((r) => r.idHash === token)).toBe(false);
  });

  it.each([
    ['a wrong password', 'known@x.test', 'not the password'],
    ['an unknown email', 'nobody@x.test', PASSWORD],
  ])('refuses %s with one message', async (_case, email, password) => {
    await createUser(ctx.db, { email: 'known@x.test', password: PASSWORD }).catch(() => undefined);
    const { response } = await signIn(email, password, '10.9.9.9');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_credentials', detail: 'Incorrect email or password.' });
    expect(response.cookies.find((c) => c.name === 'banksia_session')).toBeUndefined();
  });

  it('refuses a deactivated user', async () => {
    await createUser(ctx.db, { email: 'gone@x.test', password: PASSWORD, isActive: false });
    const { response } = await signIn('gone@x.test');
    expect(response.statusCode).toBe(400);
  });

  it('names the fields at fault on bad input', async () => {
    const client = makeClient(ctx.app);
    await client.get('/api/v1/csrf/');
    const response = await client.post('/api/v1/auth/login/', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: ['Enter a valid email address.'],
      password: ['This field is required.'],
    });
  });

  it('gives a new session id at every sign-in and ends the previous one', async () => {
    await createUser(ctx.db, { email: 'twice@x.test', password: PASSWORD });
    const { client } = await signIn('twice@x.test');
    const first = client.cookies.banksia_session;
    const again = await client.post('/api/v1/auth/login/', { email: 'twice@x.test', password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(client.cookies.banksia_session).not.toBe(first);
    const old = makeClient(ctx.app, { banksia_session: first! });
    expect((await old.get('/api/v1/auth/me/')).statusCode).toBe(401);
  });
});

describe('sign-in throttling', () => {
  it('never lets a stranger lock a teacher out: 50 failures from one address, and she signs in from hers', async () => {
    await createUser(ctx.db, { email: 'teacher@x.test', password: PASSWORD });
    for (let i = 0; i < 50; i++) {
      await signIn('teacher@x.test', 'guess', '203.0.113.9');
      ctx.clock.advance(1000);
    }
    expect((await signIn('teacher@x.test', 'guess', '203.0.113.9')).response.statusCode).toBe(429);
    expect((await signIn('teacher@x.test', PASSWORD, '198.51.100.20')).response.statusCode).toBe(200);
  });

  it('slows one account from one address with growing delays, and a success forgives them', async () => {
    await createUser(ctx.db, { email: 'slowly@x.test', password: PASSWORD });
    const at = '10.2.0.1';
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
      expect((await signIn('slowly@x.test', 'guess', at)).response.statusCode).toBe(400);
    }
    // Blocked for 30 s, then 60 s after the next failure, then 120 s: even the right password waits.
    for (const seconds of [30, 60, 120]) {
      const blocked = await signIn('slowly@x.test', PASSWORD, at);
      expect(blocked.response.statusCode).toBe(429);
      expect(Number(blocked.response.headers['retry-after'])).toBe(seconds);
      ctx.clock.advance(seconds * 1000);
      expect((await signIn('slowly@x.test', 'guess', at)).response.statusCode).toBe(400);
    }
    ctx.clock.advance(240_000);
    expect((await signIn('slowly@x.test', PASSWORD, at)).response.statusCode).toBe(200);
    // The next mistake from there starts again from nothing.
    expect((await signIn('slowly@x.test', 'guess', at)).response.statusCode).toBe(400);
    expect((await signIn('slowly@x.test', PASSWORD, at)).response.statusCode).toBe(200);
  });

  it('lets a school network mistype freely: 60 failures across accounts from one address', async () => {
    await createUser(ctx.db, { email: 'pupil@x.test', password: PASSWORD });
    for (let i = 0; i < 60; i++) {
      expect((await signIn(`pupil${i}@x.test`, 'guess', '10.3.3.3')).response.statusCode).toBe(400);
    }
    expect((await signIn('pupil@x.test', PASSWORD, '10.3.3.3')).response.statusCode).toBe(200);
  });

  it('stops a password sprayer: 100 failures from one address, then 429 for every account until the window passes', async () => {
    await createUser(ctx.db, { email: 'victim@x.test', password: PASSWORD });
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) await signIn(`spray${i}@x.test`, 'guess', '10.5.5.5');
    const blocked = await signIn('victim@x.test', PASSWORD, '10.5.5.5');
    expect(blocked.response.statusCode).toBe(429);
    expect(Number(blocked.response.headers['retry-after'])).toBe(15 * 60);
    // Other addresses are not affected.
    expect((await signIn('victim@x.test', PASSWORD, '10.5.5.6')).response.statusCode).toBe(200);
    ctx.clock.advance(15 * 60_000 + 1000);
    expect((await signIn('victim@x.test', PASSWORD, '10.5.5.5')).response.statusCode).toBe(200);
  });

  it('counts only failures inside the window', async () => {
    await createUser(ctx.db, { email: 'later@x.test', password: PASSWORD });
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) await signIn('later@x.test', 'guess', '10.4.0.1');
    ctx.clock.advance(15 * 60_000 + 1000);
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
      expect((await signIn('later@x.test', 'guess', '10.4.0.1')).response.statusCode).toBe(400);
    }
  });
});

describe('sessions', () => {
  async function signedIn() {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const { client } = await signIn(user.email);
    return { user, client };
  }

  it('expire after 2 hours idle, and stay alive while used', async () => {
    const { client } = await signedIn();
    for (let i = 0; i < 5; i++) {
      ctx.clock.advance(100 * 60_000);
      expect((await client.get('/api/v1/auth/me/')).statusCode).toBe(200);
    }
    ctx.clock.advance(2 * 3_600_000 + 1000);
    expect((await client.get('/api/v1/auth/me/')).statusCode).toBe(401);
  });

  it('expire 12 hours after sign-in however active', async () => {
    const { client } = await signedIn();
    for (let i = 0; i < 11; i++) {
      ctx.clock.advance(60 * 60_000);
      expect((await client.get('/api/v1/auth/me/')).statusCode).toBe(200);
    }
    ctx.clock.advance(60 * 60_000);
    expect((await client.get('/api/v1/auth/me/')).statusCode).toBe(401);
  });

  it('end at sign-out', async () => {
    const { client } = await signedIn();
    const token = client.cookies.banksia_session!;
    const out = await client.post('/api/v1/auth/logout/');
    expect(out.statusCode).toBe(200);
    expect(client.cookies.banksia_session).toBeUndefined();
    expect((await makeClient(ctx.app, { banksia_session: token }).get('/api/v1/auth/me/')).statusCode).toBe(401);
  });

  it('end when staff deactivate the user', async () => {
    const { user, client } = await signedIn();
    const admin = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);
    const res = await admin.post(`/api/v1/users/${user.id}/active/`, { is_active: false });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/v1/auth/me/')).statusCode).toBe(401);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('answer 401 when signed out', async () => {
    const response = await makeClient(ctx.app).get('/api/v1/auth/me/');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('not_authenticated');
  });
});

describe('profile', () => {
  it('changes names, audited, and refuses empty names without changing anything', async () => {
    const user = await createUser(ctx.db, { firstName: 'Ann', lastName: 'Lee' });
    const client = await ctx.client(user.id);
    const bad = await client.patch('/api/v1/auth/profile/', { first_name: '  ', last_name: 'Smith' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('first_name');
    const [unchanged] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged!.lastName).toBe('Lee');
    const ok = await client.patch('/api/v1/auth/profile/', { first_name: 'Anne', last_name: 'Smith' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ first_name: 'Anne', last_name: 'Smith', display_name: 'Anne Smith' });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(entries.map((e) => e.action)).toContain('update_names');
  });

  it('changes the password after checking the current one, ending other sessions', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const { client } = await signIn(user.email);
    const { client: otherDevice } = await signIn(user.email);
    const wrong = await client.post('/api/v1/auth/password/', {
      current_password: 'nope',
      new_password: 'a brand new one',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toEqual(['Your current password is not correct.']);
    const short = await client.post('/api/v1/auth/password/', { current_password: PASSWORD, new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toHaveProperty('new_password');
    const ok = await client.post('/api/v1/auth/password/', {
      current_password: PASSWORD,
      new_password: 'a brand new one',
    });
    expect(ok.statusCode).toBe(204);
    expect((await client.get('/api/v1/auth/me/')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/v1/auth/me/')).statusCode).toBe(401);
    expect((await signIn(user.email, 'a brand new one')).response.statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('lets content admins read and save roles, audited', async () => {
    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    const school = await createSchool(ctx.db);
    const { user } = await createStudent(ctx.db, school, [await createClass(ctx.db, school)]);
    const client = await ctx.client(admin.id);
    expect((await client.get(`/api/v1/users/${user.id}/get_roles/`)).json()).toEqual({
      user_id: user.id,
      roles: ['student'],
    });
    const saved = await client.post(`/api/v1/users/${user.id}/save_role/`, { role: 'roster_admin', granted: true });
    expect(saved.json().roles).toEqual(['roster_admin', 'student']);
    const removed = await client.post(`/api/v1/users/${user.id}/save_role/`, { role: 'student', granted: false });
    expect(removed.json().roles).toEqual(['roster_admin']);
    const bad = await client.post(`/api/v1/users/${user.id}/save_role/`, { role: 'emperor', granted: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('role');
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['grant_role', 'revoke_role']);
  });

  it('keeps an admin from removing their own admin role or deactivating themselves', async () => {
    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    const client = await ctx.client(admin.id);
    expect(
      (await client.post(`/api/v1/users/${admin.id}/save_role/`, { role: 'content_admin', granted: false })).statusCode,
    ).toBe(409);
    expect((await client.post(`/api/v1/users/${admin.id}/active/`, { is_active: false })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    const client = await ctx.client(admin.id);
    expect((await client.get('/api/v1/users/999999/get_roles/')).statusCode).toBe(404);
    expect((await client.get('/api/v1/users/999999/')).statusCode).toBe(404);
  });

  it('shows one user with roles and schools', async () => {
    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    const school = await createSchool(ctx.db, { name: 'Wattle Park School' });
    const { user } = await createTeacher(ctx.db, school, [], { firstName: 'Lin', lastName: 'Wu', email: 'lin@x.test' });
    const response = await (await ctx.client(admin.id)).get(`/api/v1/users/${user.id}/`);
    expect(response.json()).toEqual({
      id: user.id,
      email: 'lin@x.test',
      first_name: 'Lin',
      last_name: 'Wu',
      is_active: true,
      roles: ['teacher'],
      schools: ['Wattle Park School'],
    });
  });

  it('searches users by name or email', async () => {
    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    await createUser(ctx.db, { firstName: 'Zelda', lastName: 'Quartermaine', email: 'zq@x.test' });
    const client = await ctx.client(admin.id);
    const found = (await client.get('/api/v1/users/?q=zelda%20quart')).json();
    expect(found.results.map((u: { email: string }) => u.email)).toEqual(['zq@x.test']);
    expect((await client.get('/api/v1/users/?q=%25')).json().count).toBe(0);
  });
});
