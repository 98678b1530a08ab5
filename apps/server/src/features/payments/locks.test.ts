import { AccessStatus } from '@banksia/contracts/classes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classProducts, enrolments, paymentLockListItems, paymentLocks } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createTeacher } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { recordPayment, syncCharges } from './charges';
import { releasePaidLocks } from './locks';
import { testWebhookTransport } from './payments.jobs';
import { payTestSession, TEST_CARDS } from './providers/index';

const ctx = useTestApp();
const YEAR = 2026;

async function setup(options: { locksUnpaid?: boolean; accessStatus?: number; timeZone?: string } = {}) {
  ctx.clock.set('2026-03-02T09:00:00.000Z');
  const school = await createSchool(ctx.db, { timeZone: options.timeZone ?? 'Australia/Sydney' });
  const paid = await createClass(ctx.db, school, { features: 'STANDARD', calendarYear: YEAR });
  const free = await createClass(ctx.db, school, { classType: 'C', calendarYear: YEAR });
  const teacher = await createTeacher(ctx.db, school, [paid, free]);
  const student = await createStudent(ctx.db, school, [paid, free], {
    accessStatus: options.accessStatus ?? AccessStatus.UPLOADED,
  });
  const at = ctx.clock.now();
  await ctx.db.insert(classProducts).values({
    schoolId: school.id,
    calendarYear: YEAR,
    feature: 'STANDARD',
    priceCents: 12_000,
    updatedAt: at,
  });
  await ctx.db.insert(paymentLockListItems).values({
    schoolId: school.id,
    calendarYear: YEAR,
    dueDate: '2026-03-10',
    locksUnpaid: options.locksUnpaid ?? true,
    updatedAt: at,
  });
  await ctx.db.transaction((tx) => syncCharges(tx, { schoolId: school.id, calendarYear: YEAR, at }));
  return { school, paid, free, teacher, student };
}

async function statusOf(classId: number, profileId: number) {
  const [row] = await ctx.db
    .select({ status: enrolments.accessStatus })
    .from(enrolments)
    .where(and(eq(enrolments.classId, classId), eq(enrolments.profileId, profileId)));
  return row!.status;
}

async function runJob() {
  await ctx.jobs.enqueue('payment-locks', {});
  await ctx.jobs.runQueued('payment-locks', ctx.deps);
}

describe('payment locks', () => {
  it("lock after the due date where the school is: a Perth school's at midnight in Perth, not Sydney", async () => {
    const { paid, student } = await setup({ timeZone: 'Australia/Perth' });
    // 11 March 00:00 in Sydney (13:00 UTC, daylight saving) is 21:00 on the 10th, the due date, in Perth.
    ctx.clock.set('2026-03-10T13:00:00.000Z');
    await runJob();
    expect(await statusOf(paid.id, student.profile.id)).toBe(AccessStatus.UPLOADED);
    ctx.clock.set('2026-03-10T15:59:00.000Z'); // 23:59 in Perth
    await runJob();
    expect(await statusOf(paid.id, student.profile.id)).toBe(AccessStatus.UPLOADED);
    ctx.clock.set('2026-03-10T16:00:00.000Z'); // midnight in Perth: the 11th
    await runJob();
    expect(await statusOf(paid.id, student.profile.id)).toBe(AccessStatus.LOCKED);
  });

  it('lock a student who owes after the due date (Sydney), refuse them 402, and reopen when they pay', async () => {
    const { school, paid, free, teacher, student } = await setup();
    const progress = (classId: number) => `/api/v1/classes/${classId}/users/${student.user.id}/progress/`;
    // On the due date itself (Sydney), nothing locks.
    ctx.clock.set('2026-03-10T12:00:00.000Z'); // 23:00 on the 10th in Sydney
    const asStudent = await ctx.client(student.user.id);
    const asTeacher = await ctx.client(teacher.user.id);
    await runJob();
    expect(await statusOf(paid.id, student.profile.id)).toBe(AccessStatus.UPLOADED);
    expect((await asStudent.get(progress(paid.id))).statusCode).toBe(200);

    // An hour later it is the 11th in Sydney: the priced class locks; the complimentary one does not.
    ctx.clock.advance(60 * 60 * 1000);
    await runJob();
    expect(await statusOf(paid.id, student.profile.id)).toBe(AccessStatus.LOCKED);
    expect(await statusOf(free.id, student.profile.id)).toBe(AccessStatus.UPLOADED);
    const refused = await asStudent.get(progress(paid.id));
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'payment_required' });
    expect(refused.json().detail).toContain('/payment/');
    expect((await asStudent.get(progress(free.id))).statusCode).toBe(200);
    // Writes too; teachers are unaffected and still see the student on the roster.
    expect((await asStudent.post('/api/v1/self-assessment/', { branch_id: 1, rating: 3 })).statusCode).not.toBe(500);
    expect((await asTeacher.get(progress(paid.id))).statusCode).toBe(200);
    const detail = await asTeacher.get(`/api/v1/classes/${paid.id}/`);
    expect(detail.json().enrolments.map((e: { access_status: number }) => e.access_status)).toContain(
      AccessStatus.LOCKED,
    );

    // A second run changes nothing; the previous status is kept.
    await runJob();
    const locks = await ctx.db.select().from(paymentLocks).where(eq(paymentLocks.schoolId, school.id));
    expect(locks).toEqual([expect.objectContaining({ previousStatus: AccessStatus.UPLOADED })]);

    // Paying opens the class again at once.
    await ctx.db.transaction(async (tx) => {
      await recordPayment(tx, {
        schoolId: school.id,
        profileId: student.profile.id,
        calendarYear: YEAR,
        currency: 'AUD',
        amountCents: 12_000,
        provider: 'test',
        checkoutSessionId: 'cs_test_locks_1',
        at: ctx.clock.now(),
      });
      expect(
        await releasePaidLocks(tx, {
          schoolId: school.id,
          profileId: student.profile.id,
          calendarYear: YEAR,
          at: ctx.clock.now(),
        }),
      ).toBe(1);
    });
    expect(await statusOf(paid.id, student.profile.id)).toBe(AccessStatus.UPLOADED);
    expect(await ctx.db.select().from(paymentLocks).where(eq(paymentLocks.schoolId, school.id))).toEqual([]);
    expect((await asStudent.get(progress(paid.id))).statusCode).toBe(200);
    await runJob();
    expect(await statusOf(paid.id, student.profile.id)).toBe(AccessStatus.UPLOADED);
  });

  it('does not lock when the item does not lock unpaid access, and a partial payment keeps the lock', async () => {
    const off = await setup({ locksUnpaid: false });
    ctx.clock.set('2026-04-01T00:00:00.000Z');
    await runJob();
    expect(await statusOf(off.paid.id, off.student.profile.id)).toBe(AccessStatus.UPLOADED);

    const on = await setup({ accessStatus: AccessStatus.ADDED_VIA_ADMIN });
    ctx.clock.set('2026-04-01T00:00:00.000Z');
    await runJob();
    expect(await statusOf(on.paid.id, on.student.profile.id)).toBe(AccessStatus.LOCKED);
    await ctx.db.transaction(async (tx) => {
      await recordPayment(tx, {
        schoolId: on.school.id,
        profileId: on.student.profile.id,
        calendarYear: YEAR,
        currency: 'AUD',
        amountCents: 5_000,
        provider: 'test',
        checkoutSessionId: 'cs_test_locks_2',
        at: ctx.clock.now(),
      });
      const released = await releasePaidLocks(tx, {
        schoolId: on.school.id,
        profileId: on.student.profile.id,
        calendarYear: YEAR,
        at: ctx.clock.now(),
      });
      expect(released).toBe(0);
    });
    expect(await statusOf(on.paid.id, on.student.profile.id)).toBe(AccessStatus.LOCKED);
    // Turning the lock off releases it at the next run, to the status it had.
    await ctx.db
      .update(paymentLockListItems)
      .set({ locksUnpaid: false })
      .where(eq(paymentLockListItems.schoolId, on.school.id));
    await runJob();
    expect(await statusOf(on.paid.id, on.student.profile.id)).toBe(AccessStatus.ADDED_VIA_ADMIN);
  });
});

describe('paying through the provider', () => {
  const originalSend = testWebhookTransport.send;
  beforeAll(() => {
    testWebhookTransport.send = async (url, body, headers) =>
      (await ctx.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers })).statusCode;
  });
  afterAll(() => {
    testWebhookTransport.send = originalSend;
  });

  it('reopens a locked class as soon as the webhook records the payment', async () => {
    const { paid, student } = await setup();
    ctx.clock.set('2026-03-11T09:00:00.000Z');
    await runJob();
    expect(await statusOf(paid.id, student.profile.id)).toBe(AccessStatus.LOCKED);
    const asStudent = await ctx.client(student.user.id);
    const progress = `/api/v1/classes/${paid.id}/users/${student.user.id}/progress/`;
    expect((await asStudent.get(progress)).statusCode).toBe(402);

    // The payment page itself stays open to a locked student.
    const me = await asStudent.get(`/api/v1/payments/me/?calendar_year=${YEAR}`);
    expect(me.statusCode).toBe(200);
    const started = await asStudent.post(`/api/v1/payments/links/${me.json().links[0].code}/checkout/`);
    expect(started.statusCode, started.body).toBe(201);
    expect((await payTestSession(ctx.deps, started.json().checkout_session_id, TEST_CARDS.succeeds)).outcome).toBe(
      'paid',
    );
    await ctx.jobs.runQueued('payment-test-webhook', ctx.deps);
    expect(await statusOf(paid.id, student.profile.id)).toBe(AccessStatus.UPLOADED);
    expect((await asStudent.get(progress)).statusCode).toBe(200);
  });
});
