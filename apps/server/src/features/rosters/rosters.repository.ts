import { AccessStatus } from '@banksia/contracts/classes';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import type { ClassRecord, ExternalId, RosterState } from './rosters.reconcile';

/** A JSON array as one parameter, for bulk statements over jsonb_to_recordset (one round trip, no N+1). */
export function json(rows: unknown[]) {
  return sql`${JSON.stringify(rows)}::jsonb`;
}

export async function loadState(
  db: Executor,
  q: { schoolId: number; calendarYear: number; emails: string[] },
): Promise<RosterState> {
  const ids = await db.execute<{
    kind: 'class' | 'teacher' | 'student';
    code: string;
    internal_id: number;
    imported: Record<string, unknown>;
  }>(sql`
    select kind, code, internal_id, imported from roster_external_ids where school_id = ${q.schoolId}`);
  const maps = {
    class: new Map<string, ExternalId>(),
    teacher: new Map<string, ExternalId>(),
    student: new Map<string, ExternalId>(),
  };
  for (const r of ids.rows) maps[r.kind].set(r.code, { code: r.code, internalId: r.internal_id, imported: r.imported });
  const classes = await db.execute<{ id: number; title: string; course_id: number }>(sql`
    select id, title, course_id from school_classes where school_id = ${q.schoolId} and calendar_year = ${q.calendarYear}`);
  // Class codes of other years point at other classes: only this year's classes are in play.
  const thisYear = new Set(classes.rows.map((c) => c.id));
  for (const [code, e] of maps.class) if (!thisYear.has(e.internalId)) maps.class.delete(code);
  const people = await db.execute<{
    id: number;
    user_id: number;
    kind: 'teacher' | 'student';
    email: string;
    first_name: string;
    last_name: string;
  }>(sql`
    select p.id, p.user_id, p.kind, u.email, u.first_name, u.last_name
    from profiles p join users u on u.id = p.user_id where p.school_id = ${q.schoolId}`);
  const toProfile = (r: (typeof people.rows)[number]) => ({
    id: r.id,
    userId: r.user_id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
  });
  const emails = [...new Set(q.emails)];
  const accounts = emails.length
    ? (
        await db.execute<{
          user_id: number;
          email: string;
          first_name: string;
          last_name: string;
          is_active: boolean;
          student_elsewhere: boolean;
          non_student: boolean;
        }>(sql`
          select u.id as user_id, u.email, u.first_name, u.last_name, u.is_active,
            exists(select 1 from profiles p where p.user_id = u.id and p.kind = 'student' and p.school_id <> ${q.schoolId}) as student_elsewhere,
            (exists(select 1 from user_roles r where r.user_id = u.id and r.role <> 'student')
             or exists(select 1 from profiles p where p.user_id = u.id and p.kind = 'teacher')) as non_student
          from users u where u.email in (select jsonb_array_elements_text(${json(emails)}))`)
      ).rows
    : [];
  const managed = [...maps.class.values()].map((e) => e.internalId);
  const enrolments = managed.length
    ? (
        await db.execute<{ id: number; class_id: number; profile_id: number; access_status: number }>(sql`
          select id, class_id, profile_id, access_status from enrolments
          where school_id = ${q.schoolId} and class_id in (select (jsonb_array_elements_text(${json(managed)}))::int)`)
      ).rows
    : [];
  const links = managed.length
    ? (
        await db.execute<{ class_id: number; profile_id: number }>(sql`
          select class_id, profile_id from class_teachers
          where school_id = ${q.schoolId} and class_id in (select (jsonb_array_elements_text(${json(managed)}))::int)`)
      ).rows
    : [];
  const courses = (
    await db.execute<{
      id: number;
      subject: string;
      title: string;
      default_year_level: string | null;
      year_published: number;
    }>(sql`
      select id, subject, title, default_year_level, year_published from courses where is_published
      order by year_published desc, id`)
  ).rows;
  const suggestCourse = (c: ClassRecord): number | null => {
    if (!c.subject) return null;
    const subject = c.subject.trim().toLowerCase();
    const fits = courses.filter(
      (x) =>
        (x.subject.toLowerCase() === subject || x.title.toLowerCase().includes(subject)) &&
        x.year_published <= q.calendarYear,
    );
    const level = c.yearLevel === null ? null : String(c.yearLevel);
    return (fits.find((x) => level !== null && x.default_year_level === level) ?? fits[0])?.id ?? null;
  };
  return {
    calendarYear: q.calendarYear,
    ids: maps,
    classes: classes.rows.map((c) => ({ id: c.id, title: c.title, courseId: c.course_id })),
    teachers: people.rows.filter((p) => p.kind === 'teacher').map(toProfile),
    students: people.rows.filter((p) => p.kind === 'student').map(toProfile),
    accounts: accounts.map((a) => ({
      userId: a.user_id,
      email: a.email,
      firstName: a.first_name,
      lastName: a.last_name,
      isActive: a.is_active,
      studentElsewhere: a.student_elsewhere,
      nonStudent: a.non_student,
    })),
    enrolments: enrolments.map((e) => ({
      id: e.id,
      classId: e.class_id,
      profileId: e.profile_id,
      accessStatus: e.access_status,
    })),
    teacherLinks: links.map((l) => ({ classId: l.class_id, profileId: l.profile_id })),
    suggestCourse,
  };
}

/**
 * Another school whose roster holds most of these student codes with the same surnames: a file of that school
 * uploaded to the wrong one. Null when the codes are this school's or unknown.
 */
export async function otherSchoolOfCodes(
  db: Executor,
  schoolId: number,
  students: Array<{ code: string; lastName: string }>,
): Promise<{ school_id: number; name: string; hits: number } | null> {
  if (students.length === 0) return null;
  const rows = students.map((s) => ({ code: s.code, last_name: s.lastName.toLowerCase() }));
  const { rows: hits } = await db.execute<{ school_id: number; name: string; hits: number }>(sql`
    select x.school_id, s.name, count(*)::int as hits
    from roster_external_ids x
    join jsonb_to_recordset(${json(rows)}) as f(code text, last_name text)
      on f.code = x.code and lower(x.imported->>'last_name') = f.last_name
    join schools s on s.id = x.school_id
    where x.kind = 'student'
    group by x.school_id, s.name order by hits desc`);
  const here = hits.find((h) => h.school_id === schoolId)?.hits ?? 0;
  const top = hits.find((h) => h.school_id !== schoolId);
  if (!top || top.hits < Math.max(3, students.length / 2) || here >= top.hits / 10) return null;
  return top;
}

/** A dataset's stored decisions in the order they were written (the plan's order), for `sameDecisions`. */
export async function storedDecisions(db: Executor, datasetId: number) {
  const { rows } = await db.execute<{
    step: string;
    record_key: string;
    action: string;
    method: string;
    internal_id: number | null;
    suggestion_id: number | null;
    details: Record<string, unknown>;
    decided_by: number | null;
  }>(sql`
    select step, record_key, action, method, internal_id, suggestion_id, details, decided_by
    from roster_decisions where dataset_id = ${datasetId} order by id`);
  return rows;
}

export const ACCESS = AccessStatus;
