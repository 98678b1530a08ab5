import { displayDate } from '@banksia/contracts/rules/class-expiry';
import { zonedWallClock } from '@banksia/contracts/rules/review';
import type { TaskItem } from '@banksia/contracts/tasks';
import { urlFor } from '../../../lib/named-routes';

/**
 * A due date as the app shows dates (spec §2: dd/MM/yyyy), with the time, on the school's clock (its time zone,
 * ADR 048): "10/03/2026 at 3:00 pm".
 */
export function formatDue(iso: string, timeZone: string): string {
  const { date, time } = zonedWallClock(new Date(iso), timeZone);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return `${displayDate(date)} at ${((hour + 11) % 12) + 1}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

/** What an item is, for people: "Lesson", "Question set", "Reflective set", "Exam", "Activity". */
export function itemKindLabel(item: Pick<TaskItem, 'kind' | 'exam_kind'>): string {
  if (item.kind === 'question_set' && item.exam_kind === 'reflective_question_set') return 'Reflective set';
  return { lesson: 'Lesson', question_set: 'Question set', exam: 'Exam', activity: 'Activity' }[item.kind];
}

/**
 * Where a student does an item in a class: the lesson, the question set, the exam (with the class), or the activity
 * under its lesson. Null for an activity that sits in no lesson (it has no page of its own).
 */
export function itemHref(classId: number, item: TaskItem): string | null {
  switch (item.kind) {
    case 'lesson':
      return urlFor('class-lesson', { classId, lessonId: item.lesson_id! });
    case 'question_set':
      return urlFor('class-question-set', { classId, examId: item.exam_id! });
    case 'exam':
      return `${urlFor('exam', { examId: item.exam_id! })}?class=${classId}`;
    case 'activity':
      return item.activity_lesson_id === null
        ? null
        : urlFor('class-lesson-activity', {
            classId,
            lessonId: item.activity_lesson_id,
            activityId: item.activity_id!,
          });
  }
}

/** "3 of 5 done" style wording with the right plural. */
export function countOf(n: number, total: number, what: string): string {
  return `${n} of ${total} ${what}`;
}
