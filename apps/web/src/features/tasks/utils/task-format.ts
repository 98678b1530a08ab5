import type { TaskItem } from '@banksia/contracts/tasks';
import dayjs from 'dayjs';
import { urlFor } from '../../../lib/named-routes';

/** A due date as the app shows dates (spec §2: dd/MM/yyyy), with the time. */
export function formatDue(iso: string): string {
  return dayjs(iso).format('DD/MM/YYYY [at] h:mm a');
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
