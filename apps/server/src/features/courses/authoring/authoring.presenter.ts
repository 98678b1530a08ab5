import type {
  AdminCourse,
  AdminCourseDetail,
  AdminLesson,
  AuthoringTreeNode,
} from '@banksia/contracts/authoring-courses';
import type { Storage } from '../../../platform/storage';
import type { AttachmentRow, CourseRow, findLessonWithCourse } from '../courses.repository';
import type { authoringTreeRows, chunkRowsOfLesson, videoOptions } from './authoring.repository';

/** A lesson as the lesson editor loads it: the lesson with its course, and its chunks. */
export type LessonState = NonNullable<Awaited<ReturnType<typeof findLessonWithCourse>>> & {
  chunks: Awaited<ReturnType<typeof chunkRowsOfLesson>>;
};

export function presentAdminCourse(c: CourseRow): AdminCourse {
  return {
    id: c.id,
    title: c.title,
    slug: c.slug,
    subject: c.subject,
    year_published: c.yearPublished,
    default_year_level: c.defaultYearLevel,
    curriculum: c.curriculum,
    has_textbook: c.hasTextbook,
    show_student_notes: c.showStudentNotes,
    is_published: c.isPublished,
    feature_sets: c.featureSets,
    version: c.version,
  };
}

/** The editor's view of a course: its details, its tree (root's children down) and its attachments. */
export function presentCourseDetail(
  course: CourseRow,
  rows: Awaited<ReturnType<typeof authoringTreeRows>>,
  attachmentRows: readonly AttachmentRow[],
  storage: Storage,
): AdminCourseDetail {
  const root = rows.find((r) => r.node_type === 'course' && r.parent_id === null);
  const childrenOf = new Map<number, typeof rows>();
  for (const r of rows) {
    if (r.parent_id === null) continue;
    childrenOf.set(r.parent_id, [...(childrenOf.get(r.parent_id) ?? []), r]);
  }
  const seen = new Set<number>();
  const build = (parentId: number): AuthoringTreeNode[] =>
    (childrenOf.get(parentId) ?? [])
      .filter((r) => r.node_type !== 'course' && !seen.has(r.id) && seen.add(r.id))
      .map((r) => ({
        node_id: r.id,
        node_type: r.node_type as AuthoringTreeNode['node_type'],
        value_id: r.value_id,
        title: r.title ?? '',
        is_published: r.is_published ?? false,
        is_coming_soon: r.is_coming_soon ?? false,
        is_premium: r.is_premium ?? false,
        version: r.version,
        detail: r.detail,
        children: build(r.id),
      }));
  return {
    course: presentAdminCourse(course),
    root_node_id: root?.id ?? 0,
    tree: root ? build(root.id) : [],
    attachments: attachmentRows.map((a) => ({
      id: a.id,
      title: a.title,
      file_name: a.fileName,
      file_url: storage.publicUrl(a.storageKey),
      size: a.size,
      additional_materials: a.additionalMaterials,
      is_premium: a.isPremium,
    })),
  };
}

/** The lesson editor's lesson: its fields and its chunks in order. */
export function presentLessonState(state: LessonState): AdminLesson['lesson'] {
  const { lesson, course } = state;
  return {
    id: lesson.id,
    course_id: course.id,
    course_title: course.title,
    title: lesson.title,
    is_published: lesson.isPublished,
    is_coming_soon: lesson.isComingSoon,
    is_premium: lesson.isPremium,
    has_success_measure: lesson.hasSuccessMeasure,
    question_set_id: lesson.questionSetId,
    chunks: state.chunks.map((c) => ({ id: c.id, title: c.title, video_id: c.videoId })),
    version: lesson.version,
  };
}

function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A video a chunk may play, labelled "#id name, m:ss". */
export function presentVideoOption(v: Awaited<ReturnType<typeof videoOptions>>[number]): AdminLesson['videos'][number] {
  const source = v.kind === 'file' ? (v.storage_key ?? '').split('/').pop() : `${v.provider ?? 'video'} ${v.hosted_id}`;
  // Library videos go by their title; older ones by the part that first used them.
  const name = v.title ? `${v.title} (${source})` : v.used_as ? `${v.used_as} (${source})` : source;
  return { id: v.id, kind: v.kind, duration: v.duration, label: `#${v.id} ${name}, ${formatDuration(v.duration)}` };
}
