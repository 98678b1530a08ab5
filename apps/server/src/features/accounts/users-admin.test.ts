import { SIGN_IN_RETENTION_DAYS, signInHistoryResponse, userListResponse } from '@banksia/contracts/accounts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, signIns } from '../../db/schema/index';
import { createSchool, createTeacher, createUser } from '../../../test/factories';
import { makeClient, useTestApp } from '../../../test/harness';
import { deleteOldSignIns } from './accounts.jobs';

const ctx = useTestApp();
const PASSWORD = 'correct horse battery';

async function signIn(email: string, password = PASSWORD) {
  const client = makeClient(ctx.app);
  await client.get('/api/v1/csrf/');
  return client.request({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { email, password },
    remoteAddress: '10.9.9.9',
    headers: { 'user-agent': 'TestBrowser/1.0' },
  });
}

describe('the users page', () => {
  it('searches by school name as well as name and email, a page at a time', async () => {
    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    const school = await createSchool(ctx.db, { name: 'Banjo Paterson College' });
    for (let i = 0; i < 53; i += 1) {
      await createTeacher(ctx.db, school, [], { lastName: `Teacher ${String(i).padStart(2, '0')}` });
    }
    const client = await ctx.client(admin.id);
    const first = userListResponse.parse((await client.get('/api/v1/users/?q=paterson')).json());
    expect(first.count).toBe(53);
    expect(first.page_size).toBe(50);
    expect(first.results).toHaveLength(50);
    expect(first.results[0]!.schools).toEqual(['Banjo Paterson College']);
    const second = userListResponse.parse((await client.get('/api/v1/users/?q=paterson&page=2')).json());
    expect(second.results.map((u) => u.last_name)).toEqual(['Teacher 50', 'Teacher 51', 'Teacher 52']);
    expect((await client.get('/api/v1/users/?page=0')).statusCode).toBe(400);
  });

  it('keeps a sign-in history: successes and failures with time, address and browser', async () => {
    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    const user = await createUser(ctx.db, { email: 'hist@x.test', password: PASSWORD });
    expect((await signIn('hist@x.test', 'wrong password')).statusCode).toBe(400);
    ctx.clock.advance(60_000);
    expect((await signIn('hist@x.test')).statusCode).toBe(200);
    const history = signInHistoryResponse.parse(
      (await (await ctx.client(admin.id)).get(`/api/v1/users/${user.id}/sign-ins/`)).json(),
    );
    expect(history.retention_days).toBe(90);
    expect(history.results).toEqual([
      {
        at: ctx.clock.now().toISOString(),
        ip: '10.9.9.9',
        user_agent: 'TestBrowser/1.0',
        success: true,
        failure_reason: null,
        method: 'password',
      },
      expect.objectContaining({ success: false, failure_reason: 'bad_credentials' }),
    ]);
  });

  it('records a deactivated account’s attempt as such', async () => {
    const user = await createUser(ctx.db, { email: 'off@x.test', password: PASSWORD, isActive: false });
    expect((await signIn('off@x.test')).statusCode).toBe(400);
    const rows = await ctx.db.select().from(signIns).where(eq(signIns.userId, user.id));
    expect(rows.map((r) => [r.success, r.failureReason])).toEqual([[false, 'inactive']]);
  });

  it('deletes sign-in history older than the retention period', async () => {
    const user = await createUser(ctx.db, { email: 'old@x.test', password: PASSWORD });
    expect((await signIn('old@x.test')).statusCode).toBe(200);
    ctx.clock.advance((SIGN_IN_RETENTION_DAYS - 1) * 86_400_000);
    expect((await signIn('old@x.test')).statusCode).toBe(200);
    ctx.clock.advance(2 * 86_400_000);
    await deleteOldSignIns(ctx);
    const rows = await ctx.db.select().from(signIns).where(eq(signIns.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('audits deactivation and reactivation', async () => {
    const admin = await createUser(ctx.db, { roles: ['content_admin'] });
    const user = await createUser(ctx.db);
    const client = await ctx.client(admin.id);
    expect((await client.post(`/api/v1/users/${user.id}/active/`, { is_active: false })).statusCode).toBe(200);
    expect((await client.post(`/api/v1/users/${user.id}/active/`, { is_active: true })).statusCode).toBe(200);
    const entries = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(user.id))));
    expect(entries.map((e) => e.action)).toEqual(['deactivate_user', 'activate_user']);
  });

  it('is for content staff only', async () => {
    const teacher = await createUser(ctx.db, { roles: ['teacher'] });
    const response = await (await ctx.client(teacher.id)).get(`/api/v1/users/${teacher.id}/sign-ins/`);
    expect(response.statusCode).toBe(403);
  });
});
