import type {
  ClassAssemblage,
  PresitreeAssemblage,
  branchForSelectQuery,
  branchForSelectResponse,
} from '@banksia/contracts/courses';
import type { z } from 'zod';
import { authorize, can } from '../../../platform/authorize';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { storageFor } from '../../../platform/storage';
import { loadClassAccess } from '../../classes/index';
import { isContentStaff, isItemVisible } from '../courses.policy';
import { findCourse, type CourseRow } from '../courses.repository';
import { classView, courseView } from './catalogue.policy';
import {
  assembleCourse,
  courseLabel,
  presentBranchOption,
  presentClassAssemblage,
  presentPresitree,
} from './catalogue.presenter';
import * as repo from './catalogue.repository';
import { flatten, visibleTree } from './course-tree';

/** A course the actor may see, or 404 (drafts are hidden from non-staff, not refused). */
async function visibleCourse(deps: AppDeps, actor: Actor, courseId: number): Promise<CourseRow> {
  const notFound = new AppError('not_found', 'No such course.');
  const course = await findCourse(deps.db, courseId);
  if (!course) throw notFound;
  return authorize(actor, 'course.view', course, notFound);
}

/** GET presitree/{courseId}/assemblage: the course's content as the actor may see it outside a class. */
export async function presitreeAssemblage(deps: AppDeps, actor: Actor, courseId: number): Promise<PresitreeAssemblage> {
  const course = await visibleCourse(deps, actor, courseId);
  const content = await repo.courseContent(deps.db, course.id);
  return presentPresitree(course, assembleCourse(course, content, courseView(actor), storageFor(deps.config)));
}

/** api:course-assemblage: the class's course for a member; students see listed content only. */
export async function classAssemblage(deps: AppDeps, actor: Actor, classId: number): Promise<ClassAssemblage> {
  const access = authorize(actor, 'class.view', await loadClassAccess(deps, actor, classId));
  const { klass } = access;
  const course = await findCourse(deps.db, klass.course_id);
  if (!course) throw new AppError('not_found', 'No such course.');
  const content = await repo.courseContent(deps.db, course.id);
  const view = classView(can(actor, 'class.teach', access), course, klass.features);
  return presentClassAssemblage(klass, course, assembleCourse(course, content, view, storageFor(deps.config)));
}

/** The course catalogue: published courses, or every course for staff, by title. */
export async function visibleCourses(deps: AppDeps, actor: Actor): Promise<CourseRow[]> {
  return repo.listCourses(deps.db, isContentStaff(actor));
}

/** The classes the actor teaches or studies in, with their courses. */
export async function coursesOfMyClasses(deps: AppDeps, actor: Actor) {
  return repo.classesWithCoursesOf(deps.db, actor.userId);
}

/** GET branch/for_select: subjects, courses, topics of a course, or lessons of a course. */
export async function branchOptions(
  deps: AppDeps,
  actor: Actor,
  query: z.infer<typeof branchForSelectQuery>,
): Promise<z.infer<typeof branchForSelectResponse>> {
  const staff = isContentStaff(actor);
  switch (query.type) {
    case 'subject':
      return (await repo.listSubjects(deps.db, staff)).map((s) => presentBranchOption(s, s, s));
    case 'course':
      return (await repo.listCourses(deps.db, staff)).map((c) =>
        presentBranchOption(c.id, c.title, courseLabel(c), c.isPublished),
      );
    case 'area_of_study':
    case 'lesson': {
      if (query.course === undefined) {
        throw new AppError('validation_failed', 'Choose a course.', {
          errors: { course: ['This field is required.'] },
        });
      }
      const course = await visibleCourse(deps, actor, query.course);
      const rows = (await repo.titledTreeOf(deps.db, course.id)).map((r) => ({
        id: r.id,
        parentId: r.parent_id,
        nodeType: r.node_type,
        valueId: r.value_id,
        position: r.position,
        title: r.title ?? '',
        isPublished: r.is_published,
        isSubmittable: r.is_submittable,
      }));
      const root = { id: -1, parentId: null, nodeType: 'course' as const, valueId: course.id, position: 0 };
      const tree = visibleTree(rows, (n) => isItemVisible({ all: staff }, n), {
        ...root,
        title: course.title,
        isPublished: course.isPublished,
        isSubmittable: null,
      });
      const nodes = flatten(tree);
      const sectionNodes = new Map(nodes.filter((n) => n.node.nodeType === 'section').map((n) => [n.node.valueId, n]));
      if (query.type === 'area_of_study') {
        return nodes
          .filter((n) => n.node.nodeType === 'section' && n.depth === 1)
          .map(({ node }) => presentBranchOption(node.valueId, node.title, node.title, node.isPublished ?? false));
      }
      // Lessons are labelled with their topic, e.g. "Fractions and decimals: Equivalent fractions".
      const topicOf = (sectionId: number | null): string | null => {
        let s = sectionId === null ? undefined : sectionNodes.get(sectionId);
        while (s && s.parentSectionId !== null) s = sectionNodes.get(s.parentSectionId);
        return s?.node.title ?? null;
      };
      return nodes
        .filter((n) => n.node.nodeType === 'lesson')
        .map(({ node, parentSectionId }) => {
          const topic = topicOf(parentSectionId);
          const label = topic ? `${topic}: ${node.title}` : node.title;
          return presentBranchOption(node.valueId, node.title, label, node.isPublished ?? false);
        });
    }
  }
}
