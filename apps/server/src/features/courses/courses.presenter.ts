import {
  LESSON_CONTENT_TYPE,
  type Attachment,
  type Course,
  type ExamSummary,
  type Lesson,
  type LessonActivity,
} from '@banksia/contracts/courses';
import type { Storage } from '../../platform/storage';
import type { AttachmentRow, CaptionRow, ChunkRow, CourseRow, ExamRow, LessonRow } from './courses.repository';

// What the catalogue's course pages and the lessons' demo page present alike: a course, a lesson with its chunks,
// an exam summary and an attachment.

export function presentCourse(c: CourseRow): Course {
  return {
    id: c.id,
    slug: c.slug,
    title: c.title,
    subject: c.subject,
    is_published: c.isPublished,
    year_published: c.yearPublished,
    default_year_level: c.defaultYearLevel,
    curriculum: c.curriculum,
    has_textbook: c.hasTextbook,
    show_student_notes: c.showStudentNotes,
    feature_sets: c.featureSets,
  };
}
export function presentExam(e: ExamRow): ExamSummary {
  return {
    id: e.id,
    title: e.title,
    kind: e.kind,
    is_published: e.isPublished,
    is_submittable: e.isSubmittable,
    question_count: e.questionCount,
    // numeric(8,2) arrives as "42.00"; the spec's marks_total reads "42" or "37.5".
    marks_total: String(Number(e.marksTotal)),
    additional_materials: e.additionalMaterials,
  };
}

/** An attachment; its file URL is withheld ('') when the reader may not open it (premium). */
export function presentAttachment(a: AttachmentRow, storage: Storage, open: boolean): Attachment {
  return {
    id: a.id,
    title: a.title,
    file_url: open ? storage.publicUrl(a.storageKey) : '',
    file_name: a.fileName,
    content_type: a.contentType,
    size: a.size,
    additional_materials: a.additionalMaterials,
    is_premium: a.isPremium,
  };
}

/**
 * A lesson with its chunks. When the reader may not open it (premium), the chunks keep their titles and
 * durations but their videos carry no URL, id or captions.
 */
export function presentLesson(
  lesson: LessonRow,
  lessonChunks: readonly ChunkRow[],
  captionsByVideo: ReadonlyMap<number, CaptionRow[]>,
  questionSet: ExamRow | null,
  lessonActivities: readonly LessonActivity[],
  storage: Storage,
  open: boolean,
): Lesson {
  const presentedChunks = lessonChunks.map((c) => {
    const v = c.video;
    const file = v.kind === 'file' && v.storageKey ? v.storageKey : null;
    return {
      id: c.id,
      index: c.index,
      title: c.title,
      total_duration: v.duration,
      video: {
        id: v.id,
        kind: v.kind,
        url: open && file ? storage.publicUrl(file) : null,
        provider: v.provider,
        hosted_id: open ? v.hostedId : null,
        duration: v.duration,
        captions: open
          ? (captionsByVideo.get(v.id) ?? []).flatMap((t) =>
              // Only an approved copy has a file (the repository reads no others).
              t.storageKey
                ? [
                    {
                      id: t.id,
                      label: t.label,
                      srclang: t.srclang,
                      url: storage.publicUrl(t.storageKey),
                      is_default: t.isDefault,
                    },
                  ]
                : [],
            )
          : [],
      },
    };
  });
  return {
    id: lesson.id,
    title: lesson.title,
    content_type: LESSON_CONTENT_TYPE,
    total_duration: presentedChunks.reduce((sum, c) => sum + c.total_duration, 0),
    is_published: lesson.isPublished,
    is_coming_soon: lesson.isComingSoon,
    is_premium: lesson.isPremium,
    is_demo: lesson.isDemo,
    has_success_measure: lesson.hasSuccessMeasure,
    chunk_count: presentedChunks.length,
    chunks: presentedChunks,
    question_set: questionSet ? presentExam(questionSet) : null,
    activities: lessonActivities.map((a) => ({ id: a.id, title: a.title })),
  };
}

/** Captions grouped by video. */
export function captionsByVideo(captions: readonly CaptionRow[]): Map<number, CaptionRow[]> {
  const map = new Map<number, CaptionRow[]>();
  for (const t of captions) map.set(t.videoId, [...(map.get(t.videoId) ?? []), t]);
  return map;
}
