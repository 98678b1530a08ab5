import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db';

/** Whether an exam is the question set of a demo lesson (the only exams shown signed out). */
export async function isDemoQuestionSet(db: Executor, examId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(select 1 from lessons l join courses c on c.id = l.course_id join exams x on x.id = l.question_set_id
                  where l.question_set_id = ${examId} and l.is_demo and l.is_published and not l.is_coming_soon
                    and c.is_published and x.is_published and x.is_submittable) as found`);
  return rows[0]?.found ?? false;
}
