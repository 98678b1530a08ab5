import type { ExamAnswer } from '@banksia/contracts/exams';
import { eq, sql } from 'drizzle-orm';
import { examAnswers } from '../../../db/schema/index';
import type { Executor } from '../../../platform/db';
import type { AnswerRow } from '../shared/index';

/**
 * How a user stands towards a course's classes, for reading one of its exams outside a class: a student on the
 * roster of a class on the course, a teacher of one, or a teacher at a school with one.
 */
export async function courseStanding(db: Executor, userId: number, courseId: number) {
  const { rows } = await db.execute<{ studies: boolean; teaches: boolean; teaches_at_school: boolean }>(sql`
    select
      exists(select 1 from enrolments e join profiles p on p.id = e.profile_id
             join school_classes c on c.id = e.class_id and c.school_id = e.school_id
             where p.user_id = ${userId} and c.course_id = ${courseId} and e.access_status >= 25) as studies,
      exists(select 1 from class_teachers ct join profiles p on p.id = ct.profile_id
             join school_classes c on c.id = ct.class_id
             where p.user_id = ${userId} and c.course_id = ${courseId}) as teaches,
      exists(select 1 from profiles p join school_classes c on c.school_id = p.school_id
             where p.user_id = ${userId} and p.kind = 'teacher' and c.course_id = ${courseId}) as teaches_at_school`);
  return rows[0] ?? { studies: false, teaches: false, teaches_at_school: false };
}

/** Whether the user has submitted a sitting of the exam (in any class). */
export async function hasSubmitted(db: Executor, userId: number, examId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from exam_sittings s join profiles p on p.id = s.profile_id
                  where s.exam_id = ${examId} and p.user_id = ${userId} and s.status = 'submitted') as found`);
  return rows[0]?.found ?? false;
}

/** Whether the user has a submitted sitting of the exam in a class whose results are released. */
export async function hasReleasedSitting(db: Executor, userId: number, examId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from exam_sittings s join profiles p on p.id = s.profile_id
                  join exam_result_releases r on r.class_id = s.class_id and r.exam_id = s.exam_id
                  where s.exam_id = ${examId} and p.user_id = ${userId} and s.status = 'submitted') as found`);
  return rows[0]?.found ?? false;
}

/**
 * Saves an answer if `version` is still the stored one (0 when there is none), in one statement so two saves
 * cannot both win (as lesson notes do). Null means the client edited an out-of-date version.
 */
export async function saveAnswer(
  db: Executor,
  v: { schoolId: number; sittingId: number; questionId: number; answer: ExamAnswer; version: number; now: Date },
): Promise<AnswerRow | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into exam_answers (school_id, sitting_id, question_id, answer, version, updated_at)
    select ${v.schoolId}, ${v.sittingId}, ${v.questionId}, ${JSON.stringify(v.answer)}::jsonb, 1, ${v.now}::timestamptz
    where ${v.version}::int = 0
       or exists(select 1 from exam_answers where sitting_id = ${v.sittingId} and question_id = ${v.questionId})
    on conflict (sitting_id, question_id) do update
      set answer = excluded.answer, version = exam_answers.version + 1, updated_at = excluded.updated_at
      where exam_answers.version = ${v.version}::int
    returning id`);
  if (!rows[0]) return null;
  const [row] = await db.select().from(examAnswers).where(eq(examAnswers.id, rows[0].id));
  return row!;
}

/** The actor's classes on a course, as a student on the roster or a teacher, with the exam's state in each. */
export async function examClassesOf(db: Executor, q: { userId: number; courseId: number; examId: number }) {
  const { rows } = await db.execute<{
    class_id: number;
    school_id: number;
    title: string;
    profile_id: number | null;
    teaches: boolean;
    is_locked: boolean;
    released_at: string | Date | null;
    extra_time_minutes: number | null;
  }>(sql`
    select c.id as class_id, c.school_id, c.title,
           (select x.minutes from exam_extra_time x join profiles p on p.id = x.profile_id
             where x.class_id = c.id and p.user_id = ${q.userId}) as extra_time_minutes,
           (select e.profile_id from enrolments e join profiles p on p.id = e.profile_id
             where e.class_id = c.id and e.school_id = c.school_id and p.user_id = ${q.userId}
               and e.access_status >= 25 limit 1) as profile_id,
           exists(select 1 from class_teachers ct join profiles p on p.id = ct.profile_id
                  where ct.class_id = c.id and p.user_id = ${q.userId}) as teaches,
           exists(select 1 from exam_class_locks l where l.class_id = c.id and l.exam_id = ${q.examId}
                  and l.status = 'LOCKED_BY_TEACHER') as is_locked,
           (select r.released_at from exam_result_releases r
             where r.class_id = c.id and r.exam_id = ${q.examId}) as released_at
    from school_classes c
    where c.course_id = ${q.courseId}
      and (exists(select 1 from enrolments e join profiles p on p.id = e.profile_id
                  where e.class_id = c.id and e.school_id = c.school_id and p.user_id = ${q.userId}
                    and e.access_status >= 25)
           or exists(select 1 from class_teachers ct join profiles p on p.id = ct.profile_id
                     where ct.class_id = c.id and p.user_id = ${q.userId}))
    order by c.title, c.id`);
  return rows;
}
