import type { StudentNamer } from '../../platform/student-names';
import type { ClassCourseProgress, LessonProgress, UserCourseProgress } from '@banksia/contracts/courses';
import type { classLessonAggregates, classmates, studentLessonProgress } from './progress.repository';

type StudentLessonRow = Awaited<ReturnType<typeof studentLessonProgress>>[number];
type ClassLessonRow = Awaited<ReturnType<typeof classLessonAggregates>>[number];
type ClassmateRow = Awaited<ReturnType<typeof classmates>>[number];

/**
 * api:user-progress-course. Every published lesson has an entry (so the page can rely on the keys); videos are
 * counted in lessons a student can open (not coming soon). Exams come from the student's sittings in the class.
 */
export function presentUserCourseProgress(
  userId: number,
  classId: number,
  rows: StudentLessonRow[],
  lockedExamIds: readonly number[],
  exams: UserCourseProgress['exams'],
): UserCourseProgress {
  const lessons: Record<string, LessonProgress> = {};
  let videoCount = 0;
  let videosWatched = 0;
  for (const row of rows) {
    lessons[String(row.lesson_id)] = {
      lesson_id: row.lesson_id,
      self_rating: row.self_rating,
      visited_chunk_ids: row.visited_chunk_ids,
      watched_chunk_ids: row.watched_chunk_ids,
    };
    if (!row.is_coming_soon) {
      videoCount += row.chunk_count;
      videosWatched += row.watched_chunk_ids.length;
    }
  }
  return {
    user_id: userId,
    class_id: classId,
    video_count: videoCount,
    videos_watched: videosWatched,
    lessons,
    lessons_with_notes_taken: rows.filter((r) => r.has_notes).map((r) => r.lesson_id),
    exams,
    locked_exam_ids: lockedExamIds.map(String),
  };
}

/**
 * api:class-course-progress. Averages are per student on the roster (0 with no students). The course-wide
 * figures cover lessons students can open (published, not coming soon), as the student's video count does.
 * Every published exam is open until exam locks arrive with the exams issue.
 */
export function presentClassCourseProgress(
  classId: number,
  studentCount: number,
  rows: ClassLessonRow[],
  examIds: number[],
  lockedExamIds: readonly number[],
): ClassCourseProgress {
  const locked = new Set(lockedExamIds);
  const perStudent = (n: number) => (studentCount === 0 ? 0 : n / studentCount);
  const open = rows.filter((r) => !r.is_coming_soon);
  const visitAvg = perStudent(open.reduce((sum, r) => sum + r.chunk_visits, 0));
  return {
    class_id: classId,
    student_count: studentCount,
    chunk_count_total: open.reduce((sum, r) => sum + r.chunk_count, 0),
    chunk_visit_count_avg: visitAvg,
    chunk_count_avg: visitAvg,
    lessons: Object.fromEntries(
      rows.map((r) => [
        String(r.lesson_id),
        {
          lesson_id: r.lesson_id,
          students_started: r.students_started,
          chunk_visit_count_avg: perStudent(r.chunk_visits),
          self_rating_avg: r.self_rating_avg,
          self_rating_count: r.self_rating_count,
          notes_count: r.notes_count,
        },
      ]),
    ),
    exams: Object.fromEntries(examIds.map((id) => [String(id), { exam_id: id, is_locked: locked.has(id) }])),
  };
}

/** Classmates by name, or by the day's pseudonyms (in pseudonym order) when names are hidden. */
export function presentClassmates(rows: ClassmateRow[], namer: StudentNamer) {
  const shown = rows.map((r) => ({ profile_id: r.profile_id, ...namer.name(r.profile_id, r) }));
  const ordered = namer.anonymised ? namer.sort(shown, (r) => r) : shown;
  return ordered.map((r) => ({ profile_id: r.profile_id, display_name: r.display_name }));
}
