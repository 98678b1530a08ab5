import { z } from 'zod';
import { classFeaturesSchema, classTypeSchema } from './classes';
import { idParam, MAX_ID } from './ids';

/** Content type label of a lesson (spec §3). */
export const LESSON_CONTENT_TYPE = 'tod.lesson';

const id = z.number().int().max(MAX_ID);

export const courseSchema = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  subject: z.string(),
  is_published: z.boolean(),
  year_published: z.number().int(),
  default_year_level: z.string().nullable(),
  curriculum: z.string().nullable(),
  has_textbook: z.boolean(),
  show_student_notes: z.boolean(),
  /** Feature flag → the class feature sets it is on for. */
  feature_sets: z.record(z.string(), z.array(z.string())),
});
export type Course = z.infer<typeof courseSchema>;

export const sectionSchema = z.object({
  id,
  title: z.string(),
  is_published: z.boolean(),
  /** 1 for topics; deeper sections have 2, 3… */
  depth: z.number().int().min(1),
  parent_id: id.nullable(),
});
export type Section = z.infer<typeof sectionSchema>;

export const captionTrackSchema = z.object({
  id,
  label: z.string(),
  srclang: z.string(),
  url: z.string(),
  is_default: z.boolean(),
});

/** A chunk's video: a file served by the app, or a video hosted elsewhere (provider + id). */
export const videoSchema = z.object({
  id,
  kind: z.enum(['file', 'hosted']),
  url: z.string().nullable(),
  provider: z.string().nullable(),
  hosted_id: z.string().nullable(),
  /** Seconds. */
  duration: z.number().int().nonnegative(),
  captions: z.array(captionTrackSchema),
});
export type Video = z.infer<typeof videoSchema>;

export const chunkSchema = z.object({
  id,
  /** 1-based position in the lesson; the player route's {index}. */
  index: z.number().int().min(1),
  title: z.string(),
  /** Seconds. */
  total_duration: z.number().int().nonnegative(),
  video: videoSchema,
});
export type Chunk = z.infer<typeof chunkSchema>;

export const examSummarySchema = z.object({
  id,
  title: z.string(),
  kind: z.enum(['exam', 'question_set', 'reflective_question_set']),
  is_published: z.boolean(),
  is_submittable: z.boolean(),
  question_count: z.number().int().nonnegative(),
  /** A decimal string, e.g. "42" or "37.5" (spec §3). */
  marks_total: z.string(),
  /** What students may bring, e.g. "Calculator, ruler"; empty when nothing. */
  additional_materials: z.string(),
});
export type ExamSummary = z.infer<typeof examSummarySchema>;

/** An activity placed in a lesson: enough to list and link it; its blocks load on its own page. */
export const lessonActivitySchema = z.object({ id, title: z.string() });
export type LessonActivity = z.infer<typeof lessonActivitySchema>;

export const lessonSchema = z.object({
  id,
  title: z.string(),
  content_type: z.literal(LESSON_CONTENT_TYPE),
  /** Seconds: the sum of the chunks' durations. */
  total_duration: z.number().int().nonnegative(),
  is_published: z.boolean(),
  is_coming_soon: z.boolean(),
  is_premium: z.boolean(),
  /** Open to everyone at /demo/lesson/{id}/. */
  is_demo: z.boolean(),
  has_success_measure: z.boolean(),
  chunk_count: z.number().int().nonnegative(),
  chunks: z.array(chunkSchema),
  question_set: examSummarySchema.nullable(),
  /** Activities placed in the lesson, in the order they were made. */
  activities: z.array(lessonActivitySchema),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const attachmentSchema = z.object({
  id,
  title: z.string(),
  file_url: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
  additional_materials: z.boolean(),
  is_premium: z.boolean(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** A node of the course tree of GET /api/v1/presitree/{courseId}/assemblage/. */
export interface PresiTreeNode {
  node_type: 'course' | 'section' | 'lesson' | 'exam';
  value_id: number;
  children: PresiTreeNode[];
}
export const presiTreeNodeSchema: z.ZodType<PresiTreeNode> = z
  .lazy(() =>
    z.object({
      node_type: z.enum(['course', 'section', 'lesson', 'exam']),
      value_id: id,
      children: z.array(presiTreeNodeSchema),
    }),
  )
  .meta({ id: 'PresiTreeNode' }); // named, so the OpenAPI document can refer to it recursively

export const presitreeAssemblageResponse = z.object({
  course: courseSchema,
  content: z.object({
    sections: z.record(z.string(), sectionSchema),
    lessons: z.record(z.string(), lessonSchema),
    exams: z.record(z.string(), examSummarySchema),
  }),
  tree: presiTreeNodeSchema,
});
export type PresitreeAssemblage = z.infer<typeof presitreeAssemblageResponse>;

/** A node of a class course assemblage tree; ids are strings like "section-12". */
export interface ClassTreeNode {
  id: string;
  node_type: 'COURSE' | 'SECTION' | 'LESSON' | 'EXAM' | 'ATTACHMENT';
  value_id: number;
  children: ClassTreeNode[];
}
export const classTreeNodeSchema: z.ZodType<ClassTreeNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      node_type: z.enum(['COURSE', 'SECTION', 'LESSON', 'EXAM', 'ATTACHMENT']),
      value_id: id,
      children: z.array(classTreeNodeSchema),
    }),
  )
  .meta({ id: 'ClassTreeNode' }); // named, so the OpenAPI document can refer to it recursively

/**
 * api:course-assemblage {classId}: the class's course as a tree with content maps keyed by id. Students get
 * only published topics, lessons and exams; teachers and staff get everything, flags included.
 */
export const classAssemblageResponse = z.object({
  class: z.object({
    id,
    title: z.string(),
    class_type: classTypeSchema,
    features: classFeaturesSchema,
    calendar_year: z.number().int(),
  }),
  course: courseSchema,
  tree: classTreeNodeSchema,
  sections: z.record(z.string(), sectionSchema),
  lessons: z.record(z.string(), lessonSchema),
  exams: z.record(z.string(), examSummarySchema),
  attachments: z.record(z.string(), attachmentSchema),
});
export type ClassAssemblage = z.infer<typeof classAssemblageResponse>;

export const lessonProgressSchema = z.object({
  lesson_id: id,
  /** 1 ("I don't get it yet") to 5 ("I could teach it"), or null when not rated. */
  self_rating: z.number().int().min(1).max(5).nullable(),
  /** Ids of the chunks the student has opened. */
  visited_chunk_ids: z.array(id),
  /** Ids of the chunks whose video the student has watched (90% or more). */
  watched_chunk_ids: z.array(id),
});
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

/**
 * A student's results on one exam in a class, from their submitted sittings: how many, the best score they may see
 * (teacher marks count once released; null for reflective sets), out of marks_total, and when they last submitted.
 */
export const examProgressSchema = z.object({
  exam_id: id,
  sitting_count: z.number().int(),
  best_score: z.string().nullable(),
  marks_total: z.string(),
  last_submitted_at: z.string().nullable(),
});
export type ExamProgress = z.infer<typeof examProgressSchema>;

/** api:user-progress-course {userId, classId}. */
export const userCourseProgressResponse = z.object({
  user_id: id,
  class_id: id,
  video_count: z.number().int().nonnegative(),
  videos_watched: z.number().int().nonnegative(),
  lessons: z.record(z.string(), lessonProgressSchema),
  lessons_with_notes_taken: z.array(id),
  exams: z.record(z.string(), examProgressSchema),
  locked_exam_ids: z.array(z.string()),
});
export type UserCourseProgress = z.infer<typeof userCourseProgressResponse>;

export const classLessonProgressSchema = z.object({
  lesson_id: id,
  /** Students on the roster who opened at least one chunk of the lesson. */
  students_started: z.number().int().nonnegative(),
  /** Average number of the lesson's chunks visited per student on the roster. */
  chunk_visit_count_avg: z.number().nonnegative(),
  self_rating_avg: z.number().nullable(),
  self_rating_count: z.number().int().nonnegative(),
  notes_count: z.number().int().nonnegative(),
});

/** api:class-course-progress {classId}. */
export const classCourseProgressResponse = z.object({
  class_id: id,
  student_count: z.number().int().nonnegative(),
  chunk_count_total: z.number().int().nonnegative(),
  chunk_visit_count_avg: z.number().nonnegative(),
  /** The same figure under its other name (spec §3). */
  chunk_count_avg: z.number().nonnegative(),
  lessons: z.record(z.string(), classLessonProgressSchema),
  exams: z.record(z.string(), z.object({ exam_id: id, is_locked: z.boolean() })),
});
export type ClassCourseProgress = z.infer<typeof classCourseProgressResponse>;

export const classmatesResponse = z.array(z.object({ profile_id: id, display_name: z.string() }));

export const branchTypes = ['subject', 'course', 'area_of_study', 'lesson'] as const;
export const branchForSelectQuery = z.object({
  type: z.enum(branchTypes),
  course: idParam.optional(),
});
export const branchOptionSchema = z.object({ id: z.union([id, z.string()]), title: z.string(), label: z.string() });
export const branchForSelectResponse = z.array(branchOptionSchema);

/** api:branch-for-select-courses: course branch options. */
export const courseBranchOptionSchema = z.object({
  course_id: id,
  title: z.string(),
  year_published: z.number().int(),
  label: z.string(),
});
export const courseBranchOptionsResponse = z.array(courseBranchOptionSchema);

/** A course option for the course selector (spec §3). */
export const courseOptionSchema = z.object({
  course_id: id,
  title: z.string(),
  year_published: z.number().int(),
  default_year_level: z.string().nullable(),
  curriculum: z.string().nullable(),
  has_textbook: z.boolean(),
});
export const courseOptionsResponse = z.array(courseOptionSchema);

/** POST ajax:self-assessment. A null rating clears it. */
export const selfAssessmentBody = z.object({
  branch_id: id.positive(),
  rating: z.number().int().min(1).max(5).nullable(),
});
export const selfAssessmentResponse = selfAssessmentBody;
export type SelfAssessmentBody = z.infer<typeof selfAssessmentBody>;

export const classChunkParams = z.object({ classId: idParam, chunkId: idParam });
export const watchProgressBody = z.object({
  /** Seconds of video played since the last report (at most 5 minutes a report). */
  seconds: z.number().min(0).max(300),
  /** Playback position in seconds. */
  position: z.number().min(0),
});
export const watchProgressResponse = z.object({ chunk_id: id, seconds_watched: z.number(), watched: z.boolean() });

export const notesParams = z.object({ classId: idParam, lessonId: idParam, profileId: idParam });
// Sanitising is CPU-bound (about 1 s per 100 KB of hostile markup): keep one save well under that.
export const NOTES_MAX_LENGTH = 50_000;
export const notesSchema = z.object({
  lesson_id: id,
  profile_id: id,
  /** Sanitised HTML. */
  html: z.string(),
  /** Increases with every save; a save must name the version it edited (409 otherwise). */
  version: z.number().int().nonnegative().max(MAX_ID),
  updated_at: z.string().nullable(),
});
export type Notes = z.infer<typeof notesSchema>;
export const saveNotesBody = z.object({
  html: z.string().max(NOTES_MAX_LENGTH),
  version: z.number().int().nonnegative().max(MAX_ID),
});
export type SaveNotesBody = z.infer<typeof saveNotesBody>;

/** A course the user can reach, for /courses/ and the course jumper. */
export const myCourseSchema = z.object({
  course_id: id,
  title: z.string(),
  year_published: z.number().int(),
  classes: z.array(z.object({ id, title: z.string(), calendar_year: z.number().int() })),
});
export const myCoursesResponse = z.array(myCourseSchema);

export const schoolClassesQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
export const schoolClassRowSchema = z.object({
  id,
  title: z.string(),
  course_id: id,
  course_title: z.string(),
  class_type: classTypeSchema,
  calendar_year: z.number().int(),
  student_count: z.number().int(),
  teacher_names: z.array(z.string()),
});
export const schoolClassesResponse = z.object({
  school: z.object({ id, name: z.string(), slug: z.string() }),
  years: z.array(z.number().int()),
  classes: z.array(schoolClassRowSchema),
});

/** GET /api/v1/demo/lessons/{lessonId}/: a demo lesson, open to everyone, nothing recorded. */
export const demoLessonResponse = z.object({
  course: courseSchema,
  lesson: lessonSchema,
  attachments: z.array(attachmentSchema),
});
export type DemoLesson = z.infer<typeof demoLessonResponse>;
