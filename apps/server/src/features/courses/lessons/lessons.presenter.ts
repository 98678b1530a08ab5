import type { DemoLesson, LessonActivity } from '@banksia/contracts/courses';
import type { Storage } from '../../../platform/storage';
import { isQuestionSetVisible } from '../courses.policy';
import { captionsByVideo, presentAttachment, presentCourse, presentLesson } from '../courses.presenter';
import type { AttachmentRow, CaptionRow, ChunkRow, CourseRow, ExamRow, LessonRow } from '../courses.repository';

/** What the demo page reads of one lesson. */
export interface DemoLessonRows {
  course: CourseRow;
  lesson: LessonRow;
  chunks: readonly ChunkRow[];
  captions: readonly CaptionRow[];
  questionSet: ExamRow | null;
  attachments: readonly AttachmentRow[];
  activities: readonly LessonActivity[];
}

/** A demo lesson with its course and its non-premium attachments; its question set only when it would be listed. */
export function presentDemoLesson(rows: DemoLessonRows, storage: Storage): DemoLesson {
  const { course, lesson, questionSet } = rows;
  const shownQuestionSet = questionSet && isQuestionSetVisible({ all: false }, questionSet) ? questionSet : null;
  return {
    course: presentCourse(course),
    // A demo is open to everyone, premium or not: that is what makes it a demo.
    lesson: presentLesson(
      lesson,
      rows.chunks,
      captionsByVideo(rows.captions),
      shownQuestionSet,
      rows.activities,
      storage,
      true,
    ),
    attachments: rows.attachments.filter((a) => !a.isPremium).map((a) => presentAttachment(a, storage, true)),
  };
}
