import { profilesWithoutSchoolEmailResponse, salesLeadResponse } from '@banksia/contracts/staff-reports';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, chunkVisits, classTeachers, examSittings, schools } from '../../db/schema/index';
import { useTestApp } from '../../../test/harness';
import {
  createClass,
  createCourse,
  createExam,
  createLesson,
  createSchool,
  createStudent,
  createTeacher,
  createUser,
} from '../../../test/factories';

const ctx = useTestApp();
const REPORT = '/api/v1/reports/profiles-without-email-at-domain/';
const LEADS = '/api/v1/reports/sales-leads/';

async function staffClient() {
  const staff = await createUser(ctx.db, { roles: ['content_admin'] });
  return { staff, client: await ctx.client(staff.id) };
}

describe('profiles without an email at the school domain', () => {
  let n = 0;
  /** One school's profiles of 2026; addresses are unique per call (`blank`: one student has no email at all). */
  async function fixture({ blank = false } = {}) {
    n += 1;
    const school = await createSchool(ctx.db, { emailDomains: ['school.vic.edu.au'] });
    const other = await createSchool(ctx.db, { emailDomains: ['other.nsw.edu.au'] });
    const klass = await createClass(ctx.db, school, { calendarYear: 2026 });
    const lastYear = await createClass(ctx.db, school, { calendarYear: 2025 });
    const at = (email: string, lastName: string) => ({
      email: email && email.replace('@', `.${n}@`),
      firstName: 'Kid',
      lastName,
    });
    const teacher = await createTeacher(ctx.db, school, [klass], at('t.ng@school.vic.edu.au', 'Ng'));
    const sub = await createStudent(ctx.db, school, [klass], at('a@students.school.vic.edu.au', 'Adams'));
    const gmail = await createStudent(ctx.db, school, [klass], at('b@gmail.com', '=HYPERLINK("http://x")'));
    const none = blank ? await createStudent(ctx.db, school, [klass], at('', 'Blank')) : null;
    // A look-alike domain is not the school's.
    const lookAlike = await createStudent(ctx.db, school, [klass], at('c@notschool.vic.edu.au', 'Cole'));
    // Only in a class of another year: not checked for 2026.
    await createStudent(ctx.db, school, [lastYear], at('d@gmail.com', 'Dunn'));
    const otherKlass = await createClass(ctx.db, other, { calendarYear: 2026 });
    const elsewhere = await createStudent(ctx.db, other, [otherKlass], at('e@gmail.com', 'Evans'));
    return { school, other, teacher, sub, gmail, none, lookAlike, elsewhere };
  }

  it('lists, per school, the profiles of the year whose email is missing or at another domain', async () => {
    const f = await fixture({ blank: true });
    const { client } = await staffClient();
    const response = await client.get(`${REPORT}?year=2026&school_id=${f.school.id}`);
    expect(response.statusCode).toBe(200);
    const report = profilesWithoutSchoolEmailResponse.parse(response.json());
    expect(report.year).toBe(2026);
    expect(report.schools).toHaveLength(1);
    const [school] = report.schools;
    expect(school!.email_domains).toEqual(['school.vic.edu.au']);
    // A direct count: five profiles in 2026 classes at this school (teacher, four students).
    expect(school!.profiles_checked).toBe(5);
    expect(school!.profiles.map((p) => [p.profile_id, p.problem]).sort()).toEqual(
      [
        [f.gmail.profile.id, 'other_domain'],
        [f.none!.profile.id, 'missing'],
        [f.lookAlike.profile.id, 'other_domain'],
      ].sort(),
    );

    const all = profilesWithoutSchoolEmailResponse.parse((await client.get(`${REPORT}?year=2026`)).json());
    const otherSchool = all.schools.find((s) => s.school_id === f.other.id)!;
    expect(otherSchool.profiles.map((p) => p.profile_id)).toEqual([f.elsewhere.profile.id]);
  });

  it('exports the same rows as CSV, with formulas neutralised', async () => {
    const f = await fixture();
    const { client } = await staffClient();
    const response = await client.get(`${REPORT}csv/?year=2026&school_id=${f.school.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="profiles-without-school-email-2026.csv"',
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('School,School email domains,Profile id,Kind,First name,Last name,Email,Problem');
    expect(lines).toHaveLength(1 + 2);
    expect(response.body).toContain(`${f.gmail.profile.id},student,Kid,"'=HYPERLINK(""http://x"")",b.${n}@gmail.com`);
    expect(response.body).not.toMatch(/,=HYPERLINK/);
  });

  it('answers 400 naming the field for a bad year or school id', async () => {
    const { client } = await staffClient();
    const year = await client.get(`${REPORT}?year=20x6`);
    expect(year.statusCode).toBe(400);
    expect(JSON.stringify(year.json())).toContain('year');
    expect((await client.get(`${REPORT}?school_id=2147483648`)).statusCode).toBe(400);
  });

  it('lets content staff set a school domains, validated and audited', async () => {
    const school = await createSchool(ctx.db);
    const { staff, client } = await staffClient();
    const url = `/api/v1/schools/${school.id}/email-domains/`;

    const bad = await client.put(url, { email_domains: ['school.vic.edu.au', 'https://x.com'] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('email_domains');

    const ok = await client.put(url, {
      email_domains: ['School.VIC.edu.au', 'students.school.vic.edu.au', 'school.vic.edu.au'],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      school_id: school.id,
      email_domains: ['school.vic.edu.au', 'students.school.vic.edu.au'],
    });
    const [row] = await ctx.db.select().from(schools).where(eq(schools.id, school.id));
    expect(row!.emailDomains).toEqual(['school.vic.edu.au', 'students.school.vic.edu.au']);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'set_email_domains'), eq(auditLog.entityId, String(school.id))));
    expect(entry).toMatchObject({ actorUserId: staff.id, before: { email_domains: [] } });

    expect((await client.put('/api/v1/schools/999999/email-domains/', { email_domains: [] })).statusCode).toBe(404);
  });

  it('lets content staff set a school time zone: an IANA zone, audited, shown with the report', async () => {
    const school = await createSchool(ctx.db, { timeZone: 'Australia/Sydney' });
    await createStudent(ctx.db, school, [await createClass(ctx.db, school, { calendarYear: 2026 })]);
    const { staff, client } = await staffClient();
    const url = `/api/v1/schools/${school.id}/time-zone/`;

    for (const time_zone of ['Mars/Olympus', '', 'Australia/Perth; drop table schools', 'x'.repeat(65)]) {
      const bad = await client.put(url, { time_zone });
      expect(bad.statusCode, time_zone).toBe(400);
      expect(bad.json().errors).toHaveProperty('time_zone');
    }
    const missing = await client.put(url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('time_zone');
    // Nothing was written by the refused requests.
    const [unchanged] = await ctx.db.select().from(schools).where(eq(schools.id, school.id));
    expect(unchanged!.timeZone).toBe('Australia/Sydney');

    const ok = await client.put(url, { time_zone: 'Australia/Perth' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ school_id: school.id, time_zone: 'Australia/Perth' });
    const [row] = await ctx.db.select().from(schools).where(eq(schools.id, school.id));
    expect(row!.timeZone).toBe('Australia/Perth');
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'set_school_time_zone'), eq(auditLog.entityId, String(school.id))));
    expect(entry).toMatchObject({
      actorUserId: staff.id,
      schoolId: school.id,
      before: { time_zone: 'Australia/Sydney' },
      after: { time_zone: 'Australia/Perth' },
    });
    const report = await client.get(`${REPORT}?year=2026&school_id=${school.id}`);
    expect(report.json().schools[0]).toMatchObject({ school_id: school.id, time_zone: 'Australia/Perth' });

    expect((await client.put('/api/v1/schools/999999/time-zone/', { time_zone: 'UTC' })).statusCode).toBe(404);
  });

  it('is for content staff only', async () => {
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school);
    const teacher = await createTeacher(ctx.db, school, [klass], { roles: ['teacher', 'school_admin'] });
    const student = await createStudent(ctx.db, school, [klass]);
    for (const user of [teacher.user, student.user]) {
      const client = await ctx.client(user.id);
      expect((await client.get(REPORT)).statusCode).toBe(403);
      expect((await client.get(`${REPORT}csv/`)).statusCode).toBe(403);
      expect((await client.get(LEADS)).statusCode).toBe(403);
      expect((await client.put(`/api/v1/schools/${school.id}/email-domains/`, { email_domains: [] })).statusCode).toBe(
        403,
      );
      expect((await client.put(`/api/v1/schools/${school.id}/time-zone/`, { time_zone: 'UTC' })).statusCode).toBe(403);
    }
  });
});

describe('sales leads: teacher trials and their use', () => {
  it('counts, per trial, the classes made, active students, lessons opened and exams sat, and whether it converted', async () => {
    const school = await createSchool(ctx.db, { name: 'Aardvark High' });
    const course = await createCourse(ctx.db, { title: 'Year 10 Science' });
    const { lesson, chunks } = await createLesson(ctx.db, course, { chunks: 2 });
    const { lesson: second, chunks: secondChunks } = await createLesson(ctx.db, course, { chunks: 1 });
    const { exam } = await createExam(ctx.db, course);
    const started = new Date('2026-03-01T00:00:00Z');
    const trial = await createClass(ctx.db, school, {
      courseId: course.id,
      classType: 'TT',
      title: '10SCI trial',
      calendarYear: 2026,
      expirationDate: '2026-03-01',
      createdAt: started,
    });
    const teacher = await createTeacher(ctx.db, school, [trial], { firstName: 'Rosa', lastName: 'Diaz' });
    // After the trial, the teacher's school buys a normal class: a conversion.
    const bought = await createClass(ctx.db, school, {
      courseId: course.id,
      classType: 'N',
      calendarYear: 2026,
      createdAt: new Date('2026-04-01T00:00:00Z'),
    });
    await createTeacher(ctx.db, school, [], {}); // another teacher, unrelated
    await ctx.db
      .insert(classTeachers)
      .values({ schoolId: school.id, classId: bought.id, profileId: teacher.profile.id });
    const a = await createStudent(ctx.db, school, [trial]);
    const b = await createStudent(ctx.db, school, [bought]);
    await createStudent(ctx.db, school, [trial]); // enrolled, never active
    const visit = (profileId: number, classId: number, chunkId: number, at: string) => ({
      schoolId: school.id,
      classId,
      profileId,
      chunkId,
      firstVisitedAt: new Date(at),
      lastVisitedAt: new Date(at),
    });
    await ctx.db
      .insert(chunkVisits)
      .values([
        visit(a.profile.id, trial.id, chunks[0]!.id, '2026-03-02T00:00:00Z'),
        visit(a.profile.id, trial.id, chunks[1]!.id, '2026-03-03T00:00:00Z'),
        visit(b.profile.id, bought.id, secondChunks[0]!.id, '2026-04-02T00:00:00Z'),
      ]);
    await ctx.db.insert(examSittings).values([
      {
        schoolId: school.id,
        classId: trial.id,
        profileId: a.profile.id,
        examId: exam.id,
        status: 'submitted',
        startedAt: new Date('2026-03-04T00:00:00Z'),
        submittedAt: new Date('2026-03-04T00:30:00Z'),
      },
      // Still open: not sat.
      { schoolId: school.id, classId: trial.id, profileId: a.profile.id, examId: exam.id, startedAt: new Date() },
    ]);
    // A normal class of no trial teacher, and a trial of another year, are not leads of 2026.
    await createClass(ctx.db, school, { classType: 'TT', calendarYear: 2025 });

    const { client } = await staffClient();
    const report = salesLeadResponse.parse((await client.get(`${LEADS}?year=2026`)).json());
    const mine = report.schools.find((s) => s.school_id === school.id)!;
    expect(mine.school_name).toBe('Aardvark High');
    expect(mine.trials).toEqual([
      {
        class_id: trial.id,
        class_title: '10SCI trial',
        course_title: 'Year 10 Science',
        teachers: ['Rosa Diaz'],
        teacher_emails: [teacher.user.email],
        started_on: '2026-03-01',
        expires_on: '2026-03-01',
        expired: true,
        classes_made: 2,
        students_active: 2,
        lessons_opened: 2,
        exams_sat: 1,
        converted: true,
      },
    ]);
    expect(lesson.id).not.toBe(second.id);

    const csv = await client.get(`${LEADS}csv/?year=2026`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(
      `Aardvark High,10SCI trial,Year 10 Science,Rosa Diaz,${teacher.user.email},2026-03-01,2026-03-01,2,2,2,1,yes`,
    );
  });
});
