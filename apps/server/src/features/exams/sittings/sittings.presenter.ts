import type { ExamClasses } from '@banksia/contracts/exam-api';
import type { SittingRow } from '../shared/index';
import type { examClassesOf } from './sittings.repository';

type ExamClassRow = Awaited<ReturnType<typeof examClassesOf>>[number];

/** One of the actor's classes on an exam's course, with the student's current sitting there (examClasses). */
export function presentExamClass(r: ExamClassRow, sitting: SittingRow | null): ExamClasses['classes'][number] {
  return {
    class_id: r.class_id,
    name: r.title,
    teaches: r.teaches,
    is_locked: r.is_locked,
    released_at: r.released_at === null ? null : new Date(r.released_at).toISOString(),
    extra_time_minutes: r.teaches ? 0 : (r.extra_time_minutes ?? 0),
    sitting: sitting
      ? {
          id: sitting.id,
          status: sitting.status,
          submitted_at: sitting.submittedAt && new Date(sitting.submittedAt).toISOString(),
        }
      : null,
  };
}
