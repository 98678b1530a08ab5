import { AccessStatus } from '@banksia/contracts/classes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, classProducts, enrolments, paymentLockListItems } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createUser } from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { syncCharges } from './charges';

const ctx = useTestApp();

async function postForm(client: TestClient, url: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ _csrf: client.cookies.csrftoken!, ...fields });
  return client.request({
    method: 'POST',
    url,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': '' },
  });
}

describe('/secret/payment-lock-list-items/', () => {
  it('lists, shows and edits an item through the payments service, applying the locks and auditing', async () => {
    ctx.clock.set('2026-05-02T09:00:00.000Z');
    const at = ctx.clock.now();
    const school = await createSchool(ctx.db, { name: 'Acacia High' });
    const klass = await createClass(ctx.db, school, { title: '9MAT1', features: 'STANDARD', calendarYear: 2026 });
    const student = await createStudent(ctx.db, school, [klass]);
    await ctx.db
      .insert(classProducts)
      .values({ schoolId: school.id, calendarYear: 2026, feature: 'STANDARD', priceCents: 9_900, updatedAt: at });
    await ctx.db.transaction((tx) => syncCharges(tx, { schoolId: school.id, calendarYear: 2026, at }));
    const [item] = await ctx.db
      .insert(paymentLockListItems)
      .values({ schoolId: school.id, calendarYear: 2026, dueDate: '2026-06-30', locksUnpaid: true, updatedAt: at })
      .returning();
    const staff = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);

    const index = await staff.get('/secret/');
    expect(index.body).toContain('/secret/payment-lock-list-items/');
    const list = await staff.get('/secret/payment-lock-list-items/?q=acacia');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Acacia High');
    expect(list.body).toContain('2026-06-30');
    const url = `/secret/payment-lock-list-items/${item!.id}/`;
    const page = await staff.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('School-class product editor');

    const version = item!.updatedAt.toISOString();
    const bad = await postForm(staff, url, { version, due_date: 'soon', locks_unpaid: 'on', note: '' });
    expect(bad.statusCode).toBe(400);

    // A minute later the due date moves into the past: saving locks the unpaid class at once.
    ctx.clock.advance(60_000);
    const saved = await postForm(staff, url, { version, due_date: '2026-04-30', locks_unpaid: 'on', note: 'Term 2' });
    expect(saved.statusCode).toBe(303);
    const [row] = await ctx.db
      .select({ status: enrolments.accessStatus })
      .from(enrolments)
      .where(and(eq(enrolments.classId, klass.id), eq(enrolments.profileId, student.profile.id)));
    expect(row!.status).toBe(AccessStatus.LOCKED);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment_lock_list_item'), eq(auditLog.entityId, String(item!.id))));
    expect(audits).toEqual([expect.objectContaining({ action: 'update_payment_lock_list_item' })]);
    expect((await staff.get(url)).body).toContain('Term 2');

    // A form shown before that save is refused: someone else changed the item.
    const stale = await postForm(staff, url, { version, due_date: '2026-07-30', locks_unpaid: 'on', note: '' });
    expect(stale.statusCode).toBe(409);
  });
});
