import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createTeacher, createUser } from '../../../test/factories';
import { makeClient, useTestApp } from '../../../test/harness';

const ctx = useTestApp();
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
  it('answers 429 after 10 failures for one account within 15 minutes, then lets it try again', async () => {
    await createUser(ctx.db, { email: 'target@x.test', password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      // A different address each time: the per-account limit holds across IPs.
      const { response } = await signIn('target@x.test', 'guess', `10.2.0.${i}`);
      statuses.push(response.statusCode);
      ctx.clock.advance(1000);
    }
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(5).fill(429)]);
    // Even the right password is refused while blocked.
    const blocked = await signIn('target@x.test', PASSWORD, '10.2.1.1');
    expect(blocked.response.statusCode).toBe(429);
    expect(Number(blocked.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.response.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    ctx.clock.advance(15 * 60_000);
    expect((await signIn('target@x.test', PASSWORD, '10.2.1.1')).response.statusCode).toBe(200);
  });

  it('answers 429 after 10 failures from one IP across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await signIn(`spray${i}@x.test`, 'guess', '10.3.3.3')).response.statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await signIn('other@x.test', 'guess', '10.3.3.4')).response.statusCode).toBe(400);
  });

  it('counts only failures inside the window', async () => {
    await createUser(ctx.db, { email: 'slow@x.test', password: PASSWORD });
    for (let i = 0; i < 9; i++) await signIn('slow@x.test', 'guess', `10.4.0.${i}`);
    ctx.clock.advance(15 * 60_000 + 1000);
    for (let i = 0; i < 9; i++) {
      expect((await signIn('slow@x.test', 'guess', `10.4.1.${i}`)).response.statusCode).toBe(400);
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
