import { and, asc, eq, sql } from 'drizzle-orm';
import { examClassLocks } from '../../db/schema/index';
import type { Executor } from '../../platform/db';

/** Ids of the class's exams locked by a teacher. */
export async function lockedExamIds(db: Executor, classId: number): Promise<number[]> {
  const rows = await db
    .select({ examId: examClassLocks.examId })
    .from(examClassLocks)
    .where(and(eq(examClassLocks.classId, classId), eq(examClassLocks.status, 'LOCKED_BY_TEACHER')))
    .orderBy(asc(examClassLocks.examId));
  return rows.map((r) => r.examId);
}

export type StudentExamSummaryRow = {
  exam_id: number;
  kind: 'exam' | 'question_set' | 'reflective_question_set';
  marks_total: string;
  sitting_count: number;
  best_score: string | null;
  last_submitted_at: Date | null;
};

/**
 * A student's submitted sittings in one class, summed per exam in one query: how many, the latest submission, and the
 * best score as the student may see it: before the class's results are released, a teacher's marks (and answers
 * waiting for one) count nothing, as on the student's own result page.
 */
export async function studentExamSummaries(
  db: Executor,
  q: { classId: number; schoolId: number; profileId: number },
): Promise<StudentExamSummaryRow[]> {
  const { rows } = await db.execute<StudentExamSummaryRow>(sql`
    with sittings as (
      select s.id, s.exam_id, s.submitted_at,
        coalesce(sum(a.marks_awarded) filter (
          where r.exam_id is not null or (a.marked_by is null and a.mark_status is distinct from 'needs_marking')
        ), 0) as score
      from exam_sittings s
      left join exam_result_releases r on r.class_id = s.class_id and r.exam_id = s.exam_id
      left join exam_answers a on a.sitting_id = s.id
      where s.class_id = ${q.classId} and s.school_id = ${q.schoolId} and s.profile_id = ${q.profileId}
        and s.status = 'submitted'
      group by s.id, s.exam_id, s.submitted_at
    )
    select e.id as exam_id, e.kind, e.marks_total::text as marks_total, count(*)::int as sitting_count,
      max(sittings.score)::text as best_score, max(sittings.submitted_at) as last_submitted_at
    from sittings join exams e on e.id = sittings.exam_id
    group by e.id, e.kind, e.marks_total
    order by e.id`);
  return rows;
}
