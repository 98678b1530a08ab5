import { AccessStatus } from '@banksia/contracts/classes';
import { refundsOwedResponse } from '@banksia/contracts/payments-admin';
import { describe, expect, it } from 'vitest';
import { classProducts } from '../../db/schema/index';
import { createClass, createSchool, createStudent, createTeacher, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { recordPayment, syncCharges } from './charges';
import { studentBalances } from './ledger';

/** Enrolment changes made through the app's own routes post charges and credits in the same transaction. */
const ctx = useTestApp();
const YEAR = 2026;
let n = 0;

async function priced() {
  const u = ++n;
  const school = await createSchool(ctx.db, { name: `Banksia ${u}` });
  const at = ctx.clock.now();
  await ctx.db.insert(classProducts).values([
    { schoolId: school.id, calendarYear: YEAR, feature: 'STANDARD', priceCents: 10_000, updatedAt: at },
    { schoolId: school.id, calendarYear: YEAR, feature: 'EXTENDED', priceCents: 15_000, updatedAt: at },
  ]);
  return { u, school };
}

async function owes(profileId: number) {
  const [b] = await studentBalances(ctx.db, profileId, YEAR);
  return { owing: b?.owingCents ?? 0, refund: b?.refundOwedCents ?? 0 };
}

describe('charges follow enrolment changes', () => {
  it('class-list upload charges; a feature change charges the difference; making it complimentary credits', async () => {
    const { u, school } = await priced();
    const klass = await createClass(ctx.db, school, { title: '9MAT1', features: 'STANDARD', calendarYear: YEAR });
    const admin = await createTeacher(ctx.db, school, [klass], { roles: ['teacher', 'school_admin'] });
    const existing = await createStudent(ctx.db, school, [], { email: `ava${u}@example.test` });
    const asAdmin = await ctx.client(admin.user.id);

    const apply = await asAdmin.post(`/api/v1/classes/${klass.id}/class-list/apply/`, {
      csv: ['email,first_name,last_name', `ava${u}@example.test,Ava,Nguyen`].join('\n'),
    });
    expect(apply.statusCode).toBe(200);
    expect(await owes(existing.profile.id)).toEqual({ owing: 10_000, refund: 0 });

    // She pays; then the class moves to EXTENDED: she owes the difference only.
    await ctx.db.transaction((tx) =>
      recordPayment(tx, {
        schoolId: school.id,
        profileId: existing.profile.id,
        calendarYear: YEAR,
        currency: 'AUD',
        amountCents: 10_000,
        provider: 'test',
        checkoutSessionId: `cs_follow_${u}`,
        at: ctx.clock.now(),
      }),
    );
    const edit = (changes: object) =>
      asAdmin.patch(`/api/v1/class-management/classes/${klass.id}/`, {
        title: '9MAT1',
        course_id: klass.courseId,
        class_type: 'N',
        features: 'STANDARD',
        calendar_year: YEAR,
        expiration_date: null,
        teacher_profile_ids: [admin.profile.id],
        ...changes,
      });
    expect((await edit({ features: 'EXTENDED' })).statusCode).toBe(200);
    expect(await owes(existing.profile.id)).toEqual({ owing: 5_000, refund: 0 });

    // Complimentary: the fees are credited; what she paid becomes a refund owed.
    expect((await edit({ features: 'EXTENDED', class_type: 'C' })).statusCode).toBe(200);
    expect(await owes(existing.profile.id)).toEqual({ owing: 0, refund: 10_000 });
    // Saving again posts nothing more.
    expect((await edit({ features: 'EXTENDED', class_type: 'C', title: '9MAT1 (free)' })).statusCode).toBe(200);
    expect(await owes(existing.profile.id)).toEqual({ owing: 0, refund: 10_000 });
  });

  it('a school admin withdraws a student who paid: her place is kept as REMOVED and the fee becomes a refund owed', async () => {
    const { u, school } = await priced();
    const klass = await createClass(ctx.db, school, { title: '9SCI1', features: 'STANDARD', calendarYear: YEAR });
    const admin = await createTeacher(ctx.db, school, [], { roles: ['teacher', 'school_admin'] });
    const teacher = await createTeacher(ctx.db, school, [klass]);
    const student = await createStudent(ctx.db, school, [klass]);
    const asAdmin = await ctx.client(admin.user.id);
    // The factory enrolled her directly; charge her as every enrolment path does.
    await ctx.db.transaction((tx) => syncCharges(tx, { schoolId: school.id, calendarYear: YEAR, at: ctx.clock.now() }));
    expect(await owes(student.profile.id)).toEqual({ owing: 10_000, refund: 0 });
    await ctx.db.transaction((tx) =>
      recordPayment(tx, {
        schoolId: school.id,
        profileId: student.profile.id,
        calendarYear: YEAR,
        currency: 'AUD',
        amountCents: 10_000,
        provider: 'test',
        checkoutSessionId: `cs_withdraw_${u}`,
        at: ctx.clock.now(),
      }),
    );
    const withdraw = `/api/v1/class-management/classes/${klass.id}/students/${student.profile.id}/withdraw/`;

    // The class's own teacher may not: it changes what a family is charged.
    expect((await (await ctx.client(teacher.user.id)).post(withdraw, {})).statusCode).toBe(403);

    const res = await asAdmin.post(withdraw, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ profile_id: student.profile.id, access_status: AccessStatus.REMOVED });
    expect(await owes(student.profile.id)).toEqual({ owing: 0, refund: 10_000 });
    const payments = await ctx.client((await createUser(ctx.db, { roles: ['payments_admin'] })).id);
    const owed = refundsOwedResponse.parse(
      (await payments.get(`/api/v1/payments/reports/refunds-owed/${YEAR}/`)).json(),
    );
    expect(owed.students).toContainEqual(
      expect.objectContaining({ profile_id: student.profile.id, refund_owed_cents: 10_000 }),
    );

    // Withdrawn already: nothing more to do, and nothing more posted.
    expect((await asAdmin.post(withdraw, {})).statusCode).toBe(404);
    expect(await owes(student.profile.id)).toEqual({ owing: 0, refund: 10_000 });
  });

  it('converting a student trial to a normal class charges its students', async () => {
    const { school } = await priced();
    const trial = await createClass(ctx.db, school, { classType: 'ST', features: 'STANDARD', calendarYear: YEAR });
    const student = await createStudent(ctx.db, school, [trial], { accessStatus: AccessStatus.UPLOADED });
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    expect(await owes(student.profile.id)).toEqual({ owing: 0, refund: 0 });
    const converted = await (await ctx.client(staff.id)).post(`/api/v1/admin/trials/${trial.id}/convert/`);
    expect(converted.statusCode).toBe(200);
    expect(await owes(student.profile.id)).toEqual({ owing: 10_000, refund: 0 });
  });
});
