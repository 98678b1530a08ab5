import type {
  Attachment,
  ClassAssemblage,
  ClassTreeNode,
  ExamSummary,
  Lesson,
  LessonActivity,
  PresiTreeNode,
  PresitreeAssemblage,
  Section,
} from '@banksia/contracts/courses';
import type { z } from 'zod';
import type {
  branchOptionSchema,
  courseBranchOptionSchema,
  courseOptionSchema,
  myCourseSchema,
} from '@banksia/contracts/courses';
import type { Storage } from '../../../platform/storage';
import { isItemVisible, isQuestionSetVisible, type ContentView, type ItemFlags } from '../courses.policy';
import { captionsByVideo, presentAttachment, presentCourse, presentExam, presentLesson } from '../courses.presenter';
import type { ChunkRow, CourseRow, TreeNodeRow } from '../courses.repository';
import type { CourseContent, classesWithCoursesOf } from './catalogue.repository';
import { flatten, visibleTree, type VisibleNode } from './course-tree';

export function presentCourseOption(c: CourseRow): z.infer<typeof courseOptionSchema> {
  return {
    course_id: c.id,
    title: c.title,
    year_published: c.yearPublished,
    default_year_level: c.defaultYearLevel,
    curriculum: c.curriculum,
    has_textbook: c.hasTextbook,
  };
}

/** A course branch option, labelled "<title> (<year_published>)". */
export function presentCourseBranchOption(c: CourseRow): z.infer<typeof courseBranchOptionSchema> {
  return { course_id: c.id, title: c.title, year_published: c.yearPublished, label: courseLabel(c) };
}

export function courseLabel(c: Pick<CourseRow, 'title' | 'yearPublished'>): string {
  return `${c.title} (${c.yearPublished})`;
}

type BranchOption = z.infer<typeof branchOptionSchema>;

/** An option of the branch selector; drafts (seen by staff only) say so in their label. */
export function presentBranchOption(id: number | string, title: string, label: string, published = true): BranchOption {
  return { id, title, label: published ? label : `${label} (unpublished)` };
}

/** The user's courses, each with the classes through which they reach it (rows come ordered by course). */
export function presentMyCourses(
  rows: Awaited<ReturnType<typeof classesWithCoursesOf>>,
): z.infer<typeof myCourseSchema>[] {
  const byCourse = new Map<number, z.infer<typeof myCourseSchema>>();
  for (const r of rows) {
    let course = byCourse.get(r.course_id);
    if (!course) {
      course = { course_id: r.course_id, title: r.title, year_published: r.year_published, classes: [] };
      byCourse.set(r.course_id, course);
    }
    course.classes.push({ id: r.class_id, title: r.class_title, calendar_year: r.calendar_year });
  }
  return [...byCourse.values()];
}
interface Assembled {
  tree: VisibleNode<TreeNodeRow>;
  sections: Record<string, Section>;
  lessons: Record<string, Lesson>;
  exams: Record<string, ExamSummary>;
  attachments: Record<string, Attachment>;
}

/** The listing flags of a tree node, read from the row it points at (null flags: the row is missing). */
function nodeFlags(
  sectionsById: ReadonlyMap<number, { isPublished: boolean }>,
  lessonsById: ReadonlyMap<number, { isPublished: boolean }>,
  examsById: ReadonlyMap<number, { isPublished: boolean; isSubmittable: boolean }>,
  attachmentsById: ReadonlyMap<number, unknown>,
): (n: TreeNodeRow) => ItemFlags {
  return (n) => {
    const item = (published: boolean | undefined, submittable: boolean | null = null) => ({
      nodeType: n.nodeType,
      isPublished: published ?? null,
      isSubmittable: submittable,
    });
    switch (n.nodeType) {
      case 'section':
        return item(sectionsById.get(n.valueId)?.isPublished);
      case 'lesson':
        return item(lessonsById.get(n.valueId)?.isPublished);
      case 'exam': {
        const exam = examsById.get(n.valueId);
        return item(exam?.isPublished, exam?.isSubmittable ?? null);
      }
      case 'attachment':
        return item(attachmentsById.has(n.valueId) ? true : undefined);
      default:
        return item(true);
    }
  };
}

/**
 * Puts a course's rows together as the reader may see them: the visible tree (a hidden section hides what is
 * under it) and the content maps of what it holds. The maps' exams also hold the question sets of the lessons
 * shown, so pages can look them up by id.
 */
export function assembleCourse(
  course: CourseRow,
  content: CourseContent,
  view: ContentView,
  storage: Storage,
): Assembled {
  const sectionsById = new Map(content.sections.map((s) => [s.id, s]));
  const lessonsById = new Map(content.lessons.map((l) => [l.id, l]));
  const examsById = new Map(content.exams.map((e) => [e.id, e]));
  const attachmentsById = new Map(content.attachments.map((a) => [a.id, a]));
  const chunksByLesson = new Map<number, ChunkRow[]>();
  for (const c of content.chunks) chunksByLesson.set(c.lessonId, [...(chunksByLesson.get(c.lessonId) ?? []), c]);
  const captions = captionsByVideo(content.captions);
  const activitiesByLesson = new Map<number, LessonActivity[]>();
  for (const a of content.activities) {
    activitiesByLesson.set(a.lessonId, [...(activitiesByLesson.get(a.lessonId) ?? []), a]);
  }

  const flags = nodeFlags(sectionsById, lessonsById, examsById, attachmentsById);
  const fallbackRoot: TreeNodeRow = {
    id: -1,
    courseId: course.id,
    parentId: null,
    nodeType: 'course',
    valueId: course.id,
    position: 0,
  };
  const tree = visibleTree(content.nodes, (n) => isItemVisible(view, flags(n)), fallbackRoot);

  const out: Assembled = { tree, sections: {}, lessons: {}, exams: {}, attachments: {} };
  for (const { node, parentSectionId, depth } of flatten(tree)) {
    const key = String(node.valueId);
    if (node.nodeType === 'section') {
      const s = sectionsById.get(node.valueId)!;
      out.sections[key] = {
        id: s.id,
        title: s.title,
        is_published: s.isPublished,
        depth,
        parent_id: parentSectionId,
      };
    } else if (node.nodeType === 'lesson') {
      const lesson = lessonsById.get(node.valueId)!;
      const qs = lesson.questionSetId === null ? undefined : examsById.get(lesson.questionSetId);
      const questionSet = qs && view.lessonQuestions && isQuestionSetVisible(view, qs) ? qs : null;
      if (questionSet) out.exams[String(questionSet.id)] = presentExam(questionSet);
      out.lessons[key] = presentLesson(
        lesson,
        chunksByLesson.get(lesson.id) ?? [],
        captions,
        questionSet,
        activitiesByLesson.get(lesson.id) ?? [],
        storage,
        view.opensLesson(lesson),
      );
    } else if (node.nodeType === 'exam') {
      out.exams[key] = presentExam(examsById.get(node.valueId)!);
    } else if (node.nodeType === 'attachment') {
      const a = attachmentsById.get(node.valueId)!;
      out.attachments[key] = presentAttachment(a, storage, view.opensAttachment(a));
    }
  }
  return out;
}

/** The presitree tree: course, sections, lessons and exams (attachments are not part of it). */
function presiTree(v: VisibleNode<TreeNodeRow>): PresiTreeNode {
  return {
    node_type: v.node.nodeType as PresiTreeNode['node_type'],
    value_id: v.node.valueId,
    children: v.children.filter((c) => c.node.nodeType !== 'attachment').map(presiTree),
  };
}

export function presentPresitree(course: CourseRow, assembled: Assembled): PresitreeAssemblage {
  return {
    course: presentCourse(course),
    content: { sections: assembled.sections, lessons: assembled.lessons, exams: assembled.exams },
    tree: presiTree(assembled.tree),
  };
}

/** A class assemblage tree node: ids like "section-12", types in capitals. */
function classTree(v: VisibleNode<TreeNodeRow>): ClassTreeNode {
  return {
    id: `${v.node.nodeType}-${v.node.valueId}`,
    node_type: v.node.nodeType.toUpperCase() as ClassTreeNode['node_type'],
    value_id: v.node.valueId,
    children: v.children.map(classTree),
  };
}

export function presentClassAssemblage(
  klass: Pick<ClassAssemblage['class'], 'id' | 'title' | 'class_type' | 'features' | 'calendar_year'>,
  course: CourseRow,
  assembled: Assembled,
): ClassAssemblage {
  return {
    class: {
      id: klass.id,
      title: klass.title,
      class_type: klass.class_type,
      features: klass.features,
      calendar_year: klass.calendar_year,
    },
    course: presentCourse(course),
    tree: classTree(assembled.tree),
    sections: assembled.sections,
    lessons: assembled.lessons,
    exams: assembled.exams,
    attachments: assembled.attachments,
  };
}
