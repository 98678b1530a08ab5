import type { ExamProgress } from '@banksia/contracts/courses';
import type { AppDeps } from '../../platform/deps';
import * as repo from './exam-progress.repository';

/** Two-decimal marks as the exams API writes them ("7.5", not "7.50"). */
const marks = (value: string) => String(Math.round(Number(value) * 100) / 100);

// Progress reads the exams' facts (sittings, marks, locks) as its rollup does, so exams can refresh progress's
// rollup through progress/index without progress importing exams.

/**
 * The exams part of a student's course progress (spec §3: built from sittings, keyed by exam): for each exam they
 * submitted in this class, how many times, when last, and their best score as they may see it (teacher marks count
 * once the class's results are released). Reflective sets are not scored: no score.
 */
export async function studentExamProgress(
  deps: AppDeps,
  q: { classId: number; schoolId: number; profileId: number },
): Promise<Record<string, ExamProgress>> {
  const rows = await repo.studentExamSummaries(deps.db, q);
  return Object.fromEntries(
    rows.map((r) => {
      const scored = r.kind !== 'reflective_question_set';
      return [
        String(r.exam_id),
        {
          exam_id: r.exam_id,
          sitting_count: r.sitting_count,
          best_score: scored && r.best_score !== null ? marks(r.best_score) : null,
          marks_total: scored ? marks(r.marks_total) : '0',
          last_submitted_at: r.last_submitted_at && new Date(r.last_submitted_at).toISOString(),
        },
      ];
    }),
  );
}

/** Ids of the exams a teacher has locked in a class (for progress data: locked_exam_ids, is_locked). */
export async function lockedExamIds(deps: AppDeps, classId: number): Promise<number[]> {
  return repo.lockedExamIds(deps.db, classId);
}
