import { AccessStatus } from '@banksia/contracts/classes';
import { rosterDatasetSchema, rosterStepResponse } from '@banksia/contracts/rosters';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityResponses, activities, auditLog, profiles, users } from '../../db/schema/index';
import { useTestApp } from '../../../test/harness';
import { edval, range, rosterTestKit } from './rosters.test-support';

const ctx = useTestApp();
const { setup, upload, apply, statuses } = rosterTestKit(ctx);

describe('roster datasets: upload, reconcile, apply, next term, rollback', () => {
  it('walks the whole story for a school admin', async () => {
    const f = await setup();
    const admin = await ctx.client(f.admin.user.id);

    // Term 1: 30 students.
    const first = await upload(admin, f.school.id, [{ name: 'classlist.csv', content: edval(range(1, 30)) }]);
    expect(first.statusCode, first.body).toBe(201);
    const d1 = rosterDatasetSchema.parse(first.json());
    expect(d1).toMatchObject({
      status: 'reviewing',
      counts: { rows: 35, errors: 0, classes: 2, teachers: 2, students: 30, enrolments: 37 },
    });
    const raw = await admin.get(`/api/v1/rosters/datasets/${d1.id}/school_class_reconciliation/`);
    expect(raw.statusCode, raw.body).toBe(200);
    const classes = rosterStepResponse.parse(raw.json());
    expect(classes.counts).toEqual({ create: 2 });
    const roles = rosterStepResponse.parse(
      (await admin.get(`/api/v1/rosters/datasets/${d1.id}/role_reconciliation/`)).json(),
    );
    expect(roles.counts).toEqual({ create: 37 });

    // The same file again is a no-op answering the same dataset.
    const again = await upload(admin, f.school.id, [{ name: 'classlist.csv', content: edval(range(1, 30)) }]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: d1.id, already_uploaded: true });

    const applied = await apply(admin, d1.id);
    expect(applied.response.statusCode).toBe(202);
    const got1 = (await admin.get(`/api/v1/rosters/datasets/${d1.id}/`)).json();
    expect(got1, got1.failure).toMatchObject({ status: 'applied', can_rollback: true });
    const after1 = await statuses(f.school.id);
    expect(after1).toHaveLength(35);
    expect(after1.every((r) => r.access_status === AccessStatus.UPLOADED)).toBe(true);
    // Students without an email get a reserved address that is never mailed; no invitation for them.
    const [kid] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, '1.student.' + f.school.id + '@roster.invalid'));
    expect(kid).toMatchObject({ firstName: 'Kid', lastName: 'Student1', passwordHash: null });
    const { rows: teachers } = await ctx.db.execute<{ title: string; n: number }>(sql`
      select c.title, count(*)::int as n from class_teachers t join school_classes c on c.id = t.class_id
      where t.school_id = ${f.school.id} group by c.title order by c.title`);
    expect(teachers).toEqual([
      { title: '9ENG1', n: 1 },
      { title: '9MAT1', n: 1 },
    ]);

    // Student 7 did some work; someone edited student 8's first name in the product.
    const [klass] = (
      await ctx.db.execute<{ id: number; course_id: number }>(sql`
      select id, course_id from school_classes where school_id = ${f.school.id} and title = '9MAT1'`)
    ).rows;
    const [p7] = await ctx.db
      .select()
      .from(profiles)
      .where(and(eq(profiles.schoolId, f.school.id), eq(profiles.externalCode, '7')));
    const [activity] = await ctx.db
      .insert(activities)
      .values({ title: 'A', courseId: klass!.course_id, blocks: [], updatedAt: new Date() })
      .returning();
    await ctx.db.insert(activityResponses).values({
      schoolId: f.school.id,
      activityId: activity!.id,
      classId: klass!.id,
      profileId: p7!.id,
      blockResponses: {},
      updatedAt: new Date(),
    });
    const [p8] = await ctx.db
      .select()
      .from(profiles)
      .where(and(eq(profiles.schoolId, f.school.id), eq(profiles.externalCode, '8')));
    await ctx.db.update(users).set({ firstName: 'Katie' }).where(eq(users.id, p8!.userId));

    // Term 2: students 7 and 9 have left, 31 is new, and the file now calls everyone "Kiddo".
    const term2 = edval([...range(1, 30).filter((n) => n !== 7 && n !== 9), 31]).replaceAll(',Kid,', ',Kiddo,');
    const second = await upload(admin, f.school.id, [{ name: 'classlist.csv', content: term2 }]);
    expect(second.statusCode).toBe(201);
    const d2 = rosterDatasetSchema.parse(second.json());
    const students = rosterStepResponse.parse(
      (await admin.get(`/api/v1/rosters/datasets/${d2.id}/student_reconciliation/`)).json(),
    );
    expect(students.counts).toEqual({ create: 1, remove: 2, update: 27, match: 1 });
    expect(
      students.decisions
        .filter((x) => x.action === 'remove')
        .map((x) => x.details.code)
        .sort(),
    ).toEqual(['7', '9']);
    const s8 = students.decisions.find((x) => x.record_key === '8')!;
    expect(s8).toMatchObject({ action: 'match', method: 'external_id', details: { kept: ['first_name'] } });
    const roles2 = rosterStepResponse.parse(
      (await admin.get(`/api/v1/rosters/datasets/${d2.id}/role_reconciliation/`)).json(),
    );
    expect(roles2.counts).toEqual({ create: 1, remove: 2, match: 35 });

    // 27 of 30 names change: more than 75% of the students, so the dataset is held until approved.
    const held = await apply(admin, d2.id);
    expect(held.body).toMatchObject({
      status: 'held',
      holds: [{ kind: 'students', reason: 'changes', count: 29, of: 30 }],
    });
    expect((await statuses(f.school.id)).filter((r) => r.access_status === AccessStatus.REMOVED)).toEqual([]);
    const approved = await admin.post(`/api/v1/rosters/datasets/${d2.id}/approve/`);
    expect(approved.statusCode).toBe(202);
    await ctx.jobs.runQueued('roster-apply', ctx.deps);
    const after2 = await statuses(f.school.id);
    expect(after2.filter((r) => r.access_status === AccessStatus.REMOVED).map((r) => `${r.title}:${r.code}`)).toEqual([
      '9MAT1:7',
      '9MAT1:9',
    ]);
    expect(after2.filter((r) => r.access_status === AccessStatus.UPLOADED)).toHaveLength(34);
    // Work kept; edited first name kept; imported surname rules elsewhere.
    expect(await ctx.db.select().from(activityResponses).where(eq(activityResponses.profileId, p7!.id))).toHaveLength(
      1,
    );
    const [u8] = await ctx.db.select().from(users).where(eq(users.id, p8!.userId));
    expect(u8!.firstName).toBe('Katie');
    const [u1] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, `1.student.${f.school.id}@roster.invalid`));
    expect(u1!.firstName).toBe('Kiddo');

    // Student 7 returns in a later file: their enrolment is raised back (with their work); 31 is gone again.
    const term3 = edval(range(1, 30).filter((n) => n !== 9));
    const third = rosterDatasetSchema.parse(
      (await upload(admin, f.school.id, [{ name: 'term3.csv', content: term3 }])).json(),
    );
    const roles3 = rosterStepResponse.parse(
      (await admin.get(`/api/v1/rosters/datasets/${third.id}/role_reconciliation/`)).json(),
    );
    expect(roles3.counts).toEqual({ update: 1, remove: 1, match: 35 });
    expect(roles3.decisions.find((x) => x.action === 'update')?.details).toMatchObject({
      person_code: '7',
      access_status: { from: 20, to: 40 },
    });

    // The first dataset cannot be rolled back while a later one is applied; the second can.
    expect((await admin.post(`/api/v1/rosters/datasets/${d1.id}/rollback/`)).statusCode).toBe(409);
    const rolled = await admin.post(`/api/v1/rosters/datasets/${d2.id}/rollback/`);
    expect(rolled.statusCode, rolled.body).toBe(200);
    const back = await statuses(f.school.id);
    expect(back.filter((r) => r.access_status === AccessStatus.UPLOADED).map((r) => `${r.title}:${r.code}`)).toEqual(
      after1.map((r) => `${r.title}:${r.code}`),
    );
    expect(back.find((r) => r.code === '31')?.access_status).toBe(AccessStatus.REMOVED);
    const [u1back] = await ctx.db.select().from(users).where(eq(users.id, u1!.id));
    expect(u1back!.firstName).toBe('Kid');

    const actions = (await ctx.db.select().from(auditLog).where(eq(auditLog.schoolId, f.school.id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'upload_roster_dataset',
        'apply_roster_dataset',
        'hold_roster_dataset',
        'approve_roster_dataset',
        'rollback_roster_dataset',
      ]),
    );
  });
});
