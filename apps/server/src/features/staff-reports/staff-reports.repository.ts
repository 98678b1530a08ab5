import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

// Read-only reports across features' tables (schools, accounts, classes, learning, exams) for content staff. Each
// report is one query; nothing here writes.

export type ProfileEmailRow = {
  school_id: number;
  school_name: string;
  email_domains: string[];
  time_zone: string;
  profile_id: number;
  user_id: number;
  kind: 'student' | 'teacher';
  first_name: string;
  last_name: string;
  email: string;
  /** Null when the email is at one of the school's domains. */
  problem: 'missing' | 'other_domain' | null;
};

/**
 * Every profile in a class of `year` (students by enrolment, teachers by teaching), with whether its email is missing
 * or not at one of its school's domains (the domain itself or a subdomain of it). Ordered by school, then name.
 */
export async function profileEmails(db: Executor, year: number, schoolId?: number): Promise<ProfileEmailRow[]> {
  const { rows } = await db.execute<ProfileEmailRow>(sql`
    with in_year as (
      select p.id, p.user_id, p.school_id, p.kind
      from profiles p
      where (${schoolId ?? null}::int is null or p.school_id = ${schoolId ?? null}::int)
        and (
          exists (
            select 1 from enrolments e join school_classes c on c.id = e.class_id
            where e.profile_id = p.id and c.calendar_year = ${year})
          or exists (
            select 1 from class_teachers t join school_classes c on c.id = t.class_id
            where t.profile_id = p.id and c.calendar_year = ${year})
        )
    )
    select s.id as school_id, s.name as school_name, s.email_domains, s.time_zone,
      p.id as profile_id, p.user_id, p.kind, u.first_name, u.last_name, u.email,
      case
        when btrim(u.email) = '' then 'missing'
        when not exists (
          select 1 from unnest(s.email_domains) d
          where lower(split_part(u.email, '@', 2)) = d or lower(split_part(u.email, '@', 2)) like '%.' || d
        ) then 'other_domain'
      end as problem
    from in_year p
    join schools s on s.id = p.school_id
    join users u on u.id = p.user_id
    order by lower(s.name), s.id, lower(u.last_name), lower(u.first_name), p.id`);
  return rows;
}

export type TrialLeadRow = {
  school_id: number;
  school_name: string;
  class_id: number;
  class_title: string;
  course_title: string;
  teachers: string[] | null;
  teacher_emails: string[] | null;
  started_at: Date | string;
  expires_on: string | null;
  /** The school's IANA time zone: the trial's dates are days there. */
  time_zone: string;
  classes_made: number;
  students_active: number;
  lessons_opened: number;
  exams_sat: number;
  converted: boolean;
};

/**
 * Teacher trial (TT) classes of `year` with their use since each trial began: the classes its teachers teach at the
 * school (the trial too), the students of those classes who opened a lesson or submitted an exam, the distinct
 * lessons opened, the exams submitted, and whether a normal or complimentary class followed.
 */
export async function teacherTrialLeads(db: Executor, year: number): Promise<TrialLeadRow[]> {
  const { rows } = await db.execute<TrialLeadRow>(sql`
    with trials as (
      select c.id, c.school_id, c.title, c.created_at, c.expiration_date, co.title as course_title
      from school_classes c join courses co on co.id = c.course_id
      where c.class_type = 'TT' and c.calendar_year = ${year}
    ),
    trial_teachers as (
      select t.id as trial_id, ct.profile_id
      from trials t join class_teachers ct on ct.class_id = t.id
    ),
    teacher_classes as (
      select distinct tt.trial_id, c.id as class_id, c.class_type, c.created_at
      from trial_teachers tt
      join trials t on t.id = tt.trial_id
      join class_teachers ct on ct.profile_id = tt.profile_id
      join school_classes c on c.id = ct.class_id and c.school_id = t.school_id
    ),
    visits as (
      select tc.trial_id, v.profile_id, ch.lesson_id
      from teacher_classes tc
      join trials t on t.id = tc.trial_id
      join chunk_visits v on v.class_id = tc.class_id and v.last_visited_at >= t.created_at
      join chunks ch on ch.id = v.chunk_id
    ),
    sat as (
      select tc.trial_id, s.profile_id, s.id
      from teacher_classes tc
      join trials t on t.id = tc.trial_id
      join exam_sittings s on s.class_id = tc.class_id and s.status = 'submitted' and s.submitted_at >= t.created_at
    )
    select t.school_id, sc.name as school_name, t.id as class_id, t.title as class_title, t.course_title,
      t.created_at as started_at, t.expiration_date::text as expires_on, sc.time_zone,
      (select array_agg(u.first_name || ' ' || u.last_name order by lower(u.last_name), lower(u.first_name))
        from trial_teachers tt join profiles p on p.id = tt.profile_id join users u on u.id = p.user_id
        where tt.trial_id = t.id) as teachers,
      (select array_agg(u.email order by lower(u.last_name), lower(u.first_name))
        from trial_teachers tt join profiles p on p.id = tt.profile_id join users u on u.id = p.user_id
        where tt.trial_id = t.id) as teacher_emails,
      (select count(*) from teacher_classes tc where tc.trial_id = t.id)::int as classes_made,
      (select count(*) from (
        select profile_id from visits where trial_id = t.id
        union
        select profile_id from sat where trial_id = t.id) active)::int as students_active,
      (select count(distinct lesson_id) from visits where trial_id = t.id)::int as lessons_opened,
      (select count(*) from sat where trial_id = t.id)::int as exams_sat,
      exists (
        select 1 from teacher_classes tc
        where tc.trial_id = t.id and tc.class_type in ('N', 'C') and tc.created_at >= t.created_at
      ) as converted
    from trials t join schools sc on sc.id = t.school_id
    order by lower(sc.name), sc.id, t.created_at, t.id`);
  return rows;
}
