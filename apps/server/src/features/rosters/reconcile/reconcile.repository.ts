import type { RosterStep, RosterStepReport } from '@banksia/contracts/rosters';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db';
import { json } from '../rosters.repository';
import type { ClassRecord, Decision, ExternalId, Override, Plan, Records, RosterState } from './plan.types';

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

/** A dataset's records of the file, by kind, in the order they were read. */
export async function loadRecords(db: Executor, datasetId: number): Promise<Records> {
  const { rows } = await db.execute<{ kind: string; data: Record<string, unknown> }>(sql`
    select kind, data from roster_records where dataset_id = ${datasetId} order by id`);
  const records: Records = { classes: [], teachers: [], students: [], enrolments: [] };
  for (const r of rows) {
    if (r.kind === 'class') records.classes.push(r.data as unknown as Records['classes'][number]);
    else if (r.kind === 'teacher') records.teachers.push(r.data as unknown as Records['teachers'][number]);
    else if (r.kind === 'student') records.students.push(r.data as unknown as Records['students'][number]);
    else records.enrolments.push(r.data as unknown as Records['enrolments'][number]);
  }
  return records;
}

/** The decisions a person made on a dataset (overrides), which the plan follows. */
export async function loadOverrides(db: Executor, datasetId: number): Promise<Override[]> {
  const { rows } = await db.execute<{
    step: RosterStep;
    record_key: string;
    action: Override['action'];
    internal_id: number | null;
    details: { course_id?: number | null };
    decided_by: number;
  }>(sql`
    select step, record_key, action, internal_id, details, decided_by from roster_decisions
    where dataset_id = ${datasetId} and decided_by is not null`);
  return rows.map((r) => ({
    step: r.step,
    recordKey: r.record_key,
    action: r.action,
    internalId: r.internal_id,
    courseId: r.details.course_id ?? null,
    decidedBy: r.decided_by,
  }));
}

/** Replaces a dataset's decisions with the plan's, 5,000 a statement. */
export async function replaceDecisions(db: Executor, datasetId: number, decisions: Decision[], now: Date) {
  await db.execute(sql`delete from roster_decisions where dataset_id = ${datasetId}`);
  for (let i = 0; i < decisions.length; i += 5000) {
    const chunk = decisions.slice(i, i + 5000).map((x) => ({
      step: x.step,
      record_key: x.recordKey,
      action: x.action,
      method: x.method,
      internal_id: x.internalId,
      suggestion_id: x.suggestionId,
      details: x.details,
      decided_by: x.decidedBy,
    }));
    await db.execute(sql`
      insert into roster_decisions (dataset_id, step, record_key, action, method, internal_id, suggestion_id, details, decided_by, decided_at)
      select ${datasetId}, step, record_key, action, method, internal_id, suggestion_id, details, decided_by,
        case when decided_by is null then null else ${now}::timestamptz end
      from jsonb_to_recordset(${json(chunk)}) as x(step text, record_key text, action text, method text,
        internal_id int, suggestion_id int, details jsonb, decided_by int)`);
  }
}

export async function writePlanSummary(db: Executor, datasetId: number, plan: Pick<Plan, 'summary' | 'holds'>) {
  await db.execute(sql`
    update roster_datasets set summary = ${JSON.stringify(plan.summary)}::jsonb, holds = ${JSON.stringify(plan.holds)}::jsonb
    where id = ${datasetId}`);
}

export type StepDecisionRow = {
  id: number;
  record_key: string;
  action: RosterStepReport['decisions'][number]['action'];
  method: RosterStepReport['decisions'][number]['method'];
  internal_id: number | null;
  suggestion_id: number | null;
  details: Record<string, unknown>;
  decided_by: number | null;
  file: string | null;
  line: number | null;
};

const RECORD_KIND: Record<RosterStep, string> = {
  school_class_reconciliation: 'class',
  teacher_reconciliation: 'teacher',
  student_reconciliation: 'student',
  role_reconciliation: 'enrolment',
};

/** One step's decisions with the file and line of their records: removals first, then creations, updates… */
export async function stepDecisions(db: Executor, datasetId: number, step: RosterStep): Promise<StepDecisionRow[]> {
  const { rows } = await db.execute<StepDecisionRow>(sql`
    select x.id::int as id, x.record_key, x.action, x.method, x.internal_id, x.suggestion_id, x.details, x.decided_by, r.file, r.line
    from roster_decisions x
    left join roster_records r on r.dataset_id = x.dataset_id and r.key = x.record_key and r.kind = ${RECORD_KIND[step]}
    where x.dataset_id = ${datasetId} and x.step = ${step}
    order by case x.action when 'remove' then 0 when 'create' then 1 when 'update' then 2 when 'leave' then 3 else 4 end,
      x.details->>'label', x.id`);
  return rows;
}

export async function datasetSchoolYear(db: Executor, datasetId: number) {
  const { rows } = await db.execute<{ school_id: number; calendar_year: number }>(sql`
    select school_id, calendar_year from roster_datasets where id = ${datasetId}`);
  return rows[0] ?? null;
}

/** The school's classes of the year, by title. */
export async function classCandidates(db: Executor, schoolId: number, year: number) {
  const { rows } = await db.execute<{ id: number; label: string }>(sql`
    select id, title as label from school_classes where school_id = ${schoolId} and calendar_year = ${year} order by title, id`);
  return rows;
}

/** The school's teachers or students, by name. */
export async function personCandidates(db: Executor, schoolId: number, kind: 'teacher' | 'student') {
  const { rows } = await db.execute<{ id: number; label: string }>(sql`
    select p.id, u.first_name || ' ' || u.last_name || ' <' || u.email || '>' as label
    from profiles p join users u on u.id = p.user_id
    where p.school_id = ${schoolId} and p.kind = ${kind} order by lower(u.last_name), lower(u.first_name), p.id limit 5000`);
  return rows;
}

export async function findDecision(db: Executor, datasetId: number, step: RosterStep, decisionId: number) {
  const { rows } = await db.execute<{ record_key: string; action: string }>(sql`
    select record_key, action from roster_decisions where id = ${decisionId} and dataset_id = ${datasetId} and step = ${step}`);
  return rows[0] ?? null;
}

export async function courseExists(db: Executor, courseId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from courses where id = ${courseId}`);
  return rows.length > 0;
}

/** A person's decision on one record. */
export async function overrideDecisionRow(
  db: Executor,
  decisionId: number,
  o: { action: string; internalId: number | null; courseId: number | null; userId: number; now: Date },
) {
  await db.execute(sql`
    update roster_decisions set action = ${o.action}, method = 'override', internal_id = ${o.internalId},
      details = details || ${JSON.stringify({ course_id: o.courseId })}::jsonb,
      decided_by = ${o.userId}, decided_at = ${o.now}::timestamptz
    where id = ${decisionId}`);
}

/** Back to review after a decision changed: any approval is for the plan before it. */
export async function reopenDataset(db: Executor, id: number) {
  await db.execute(sql`update roster_datasets set status = 'reviewing', approved_by = null where id = ${id}`);
}

export async function markMappingConfirmed(db: Executor, id: number, userId: number) {
  await db.execute(sql`update roster_datasets set mapping_confirmed_by = ${userId} where id = ${id}`);
}
