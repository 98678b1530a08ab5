import { z } from 'zod';
import { idParam, MAX_ID } from './ids';
import { courseFeatures } from './rules/features';
import { classFeatures } from './classes';

/** Course and lesson authoring by content staff (issue 15): the staff home, the course wizard and editors. */

const id = z.number().int().min(1).max(MAX_ID);
const version = z.number().int().min(1).max(MAX_ID);
const title = z.string().trim().min(1, 'This field may not be blank.').max(200);
const optionalText = z.string().trim().max(200).nullable();

/** Lower-case letters, digits and single hyphens, e.g. "maths-7-2027". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(100)
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and hyphens, e.g. maths-7-2027.');

/** A slug made from a title: lower case, runs of other characters become one hyphen. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

export const courseDetailsSchema = z.object({
  title,
  slug: slugSchema,
  subject: z.string().trim().min(1, 'This field may not be blank.').max(100),
  year_published: z.number().int().min(2000).max(2100),
  default_year_level: optionalText,
  curriculum: optionalText,
  has_textbook: z.boolean(),
  show_student_notes: z.boolean(),
});
export type CourseDetails = z.infer<typeof courseDetailsSchema>;

/** Course feature flag → the class feature sets it is on for (only known flags and sets). */
export const featureSetsSchema = z.partialRecord(z.enum(courseFeatures), z.array(z.enum(classFeatures)));

/** POST api:admin-courses: a new course, empty or copied from another (all its content, new ids). */
export const createCourseBody = z.object({
  details: courseDetailsSchema,
  structure: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('empty') }),
    z.object({ mode: z.literal('copy'), source_course_id: id }),
  ]),
});
export type CreateCourseBody = z.infer<typeof createCourseBody>;

export const copyCountsSchema = z.object({
  sections: z.number().int(),
  lessons: z.number().int(),
  chunks: z.number().int(),
  exams: z.number().int(),
  exam_questions: z.number().int(),
  activities: z.number().int(),
  attachments: z.number().int(),
});
export type CopyCounts = z.infer<typeof copyCountsSchema>;

export const adminCourseSchema = courseDetailsSchema.extend({
  id,
  is_published: z.boolean(),
  feature_sets: z.record(z.string(), z.array(z.string())),
  version,
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;

export const createCourseResponse = z.object({
  course: adminCourseSchema,
  copied_from: z.object({ id, title: z.string(), year_published: z.number().int() }).nullable(),
  counts: copyCountsSchema,
});
export type CreateCourseResponse = z.infer<typeof createCourseResponse>;

/** GET api:admin-courses: the list, searched (title or slug) and filtered. */
export const adminCoursesQuery = z.object({
  q: z.string().trim().max(100).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  subject: z.string().trim().max(100).optional(),
  published: z.enum(['yes', 'no']).optional(),
});
export type AdminCoursesQuery = z.infer<typeof adminCoursesQuery>;

export const adminCourseRowSchema = z.object({
  id,
  title: z.string(),
  slug: z.string(),
  subject: z.string(),
  year_published: z.number().int(),
  is_published: z.boolean(),
  lesson_count: z.number().int(),
  unpublished_lesson_count: z.number().int(),
  class_count: z.number().int(),
});
export const adminCoursesResponse = z.object({
  courses: z.array(adminCourseRowSchema),
  /** Every year and subject in use, for the filters. */
  years: z.array(z.number().int()),
  subjects: z.array(z.string()),
});
export type AdminCourses = z.infer<typeof adminCoursesResponse>;

export const authoringNodeTypes = ['section', 'lesson', 'exam', 'attachment'] as const;
export type AuthoringNodeType = (typeof authoringNodeTypes)[number];

/** A node of the course tree as the editor shows it. */
export interface AuthoringTreeNode {
  /** course_tree_nodes.id: what reorder and move name. */
  node_id: number;
  node_type: AuthoringNodeType;
  value_id: number;
  title: string;
  is_published: boolean;
  is_coming_soon: boolean;
  is_premium: boolean;
  /** Lessons: their own version, for saves from the tree. Null for other nodes. */
  version: number | null;
  /** Exams: exam, question_set or reflective_question_set. Attachments: the file name. */
  detail: string | null;
  children: AuthoringTreeNode[];
}
export const authoringTreeNodeSchema: z.ZodType<AuthoringTreeNode> = z
  .lazy(() =>
    z.object({
      node_id: id,
      node_type: z.enum(authoringNodeTypes),
      value_id: id,
      title: z.string(),
      is_published: z.boolean(),
      is_coming_soon: z.boolean(),
      is_premium: z.boolean(),
      version: z.number().int().nullable(),
      detail: z.string().nullable(),
      children: z.array(authoringTreeNodeSchema),
    }),
  )
  .meta({ id: 'AuthoringTreeNode' });

export const adminAttachmentSchema = z.object({
  id,
  title: z.string(),
  file_name: z.string(),
  file_url: z.string(),
  size: z.number().int(),
  additional_materials: z.boolean(),
  is_premium: z.boolean(),
});

/** GET api:admin-course: the course, its tree under the root node, and its attachments. */
export const adminCourseDetailResponse = z.object({
  course: adminCourseSchema,
  root_node_id: id,
  tree: z.array(authoringTreeNodeSchema),
  attachments: z.array(adminAttachmentSchema),
});
export type AdminCourseDetail = z.infer<typeof adminCourseDetailResponse>;

export const courseIdParams = z.object({ courseId: idParam });
export const courseSectionParams = z.object({ courseId: idParam, sectionId: idParam });
export const courseAttachmentParams = z.object({ courseId: idParam, attachmentId: idParam });
export const lessonIdParams = z.object({ lessonId: idParam });
export const courseNodeParams = z.object({ courseId: idParam, nodeId: idParam });
/** DELETE api:admin-course-node?version=N: the course version the deletion was decided on. */
export const deleteNodeQuery = z.object({ version: z.coerce.number().int().min(1).max(MAX_ID) });

/** PATCH api:admin-course: details, publishing and feature sets; names the version it edited. */
export const updateCourseBody = courseDetailsSchema.partial().extend({
  is_published: z.boolean().optional(),
  feature_sets: featureSetsSchema.optional(),
  version,
});
export type UpdateCourseBody = z.infer<typeof updateCourseBody>;

/**
 * PUT api:admin-course-tree-children: the children of one tree node, in their new order. A node listed here from
 * elsewhere in the tree moves under this parent; every child the parent had must still be listed.
 */
export const reorderChildrenBody = z.object({
  version,
  parent_node_id: id,
  node_ids: z.array(id).max(1000),
});
export type ReorderChildrenBody = z.infer<typeof reorderChildrenBody>;

/** POST api:admin-course-sections / api:admin-course-lessons: a new topic, sub-topic or lesson under a node. */
export const addTreeItemBody = z.object({ version, parent_node_id: id, title });
export type AddTreeItemBody = z.infer<typeof addTreeItemBody>;

export const updateSectionBody = z.object({ version, title: title.optional(), is_published: z.boolean().optional() });
export type UpdateSectionBody = z.infer<typeof updateSectionBody>;

export const updateAttachmentBody = z.object({
  version,
  title: title.optional(),
  additional_materials: z.boolean().optional(),
  is_premium: z.boolean().optional(),
});
export type UpdateAttachmentBody = z.infer<typeof updateAttachmentBody>;

/** Largest attachment accepted, in bytes. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

/** Answer to every course tree write: the course's new version and the tree as it now stands. */
export const courseWriteResponse = adminCourseDetailResponse;

export const adminChunkSchema = z.object({
  id,
  title: z.string(),
  video_id: id,
});
export const adminVideoOptionSchema = z.object({
  id,
  label: z.string(),
  kind: z.enum(['file', 'hosted']),
  duration: z.number().int(),
});
export const adminQuestionSetOptionSchema = z.object({ id, title: z.string(), kind: z.string() });

/** GET api:admin-lesson: the lesson with its chunks, and the choices its editor offers. */
export const adminLessonResponse = z.object({
  lesson: z.object({
    id,
    course_id: id,
    course_title: z.string(),
    title: z.string(),
    is_published: z.boolean(),
    is_coming_soon: z.boolean(),
    is_premium: z.boolean(),
    has_success_measure: z.boolean(),
    question_set_id: id.nullable(),
    chunks: z.array(adminChunkSchema),
    version,
  }),
  videos: z.array(adminVideoOptionSchema),
  question_sets: z.array(adminQuestionSetOptionSchema),
  /** A class on the course a staff member may open the lesson in, to see it as a student does. */
  preview_class_id: id.nullable(),
});
export type AdminLesson = z.infer<typeof adminLessonResponse>;

/** PATCH api:admin-lesson: any of the lesson's fields; chunks, when sent, replace the list in that order. */
export const updateLessonBody = z.object({
  version,
  title: title.optional(),
  is_published: z.boolean().optional(),
  is_coming_soon: z.boolean().optional(),
  is_premium: z.boolean().optional(),
  has_success_measure: z.boolean().optional(),
  question_set_id: id.nullable().optional(),
  chunks: z
    .array(z.object({ id: id.nullable(), title, video_id: id }))
    .max(100)
    .optional(),
});
export type UpdateLessonBody = z.infer<typeof updateLessonBody>;

/** GET api:admin-overview: what the staff home counts as needing attention. */
export const adminOverviewResponse = z.object({
  draft_courses: z.number().int(),
  unpublished_lessons: z.number().int(),
  unpublished_exams: z.number().int(),
  failed_jobs: z.number().int(),
  pending_support_requests: z.number().int(),
  /** Caption tracks waiting for a second person's review. */
  captions_in_review: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverviewResponse>;
