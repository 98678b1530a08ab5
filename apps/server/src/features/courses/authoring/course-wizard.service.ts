import type { CreateCourseBody, CreateCourseResponse } from '@banksia/contracts/authoring-courses';
import { audit } from '../../../platform/audit';
import type { AppDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import type { Actor } from '../../../platform/session';
import { findCourse } from '../courses.repository';
import { presentAdminCourse } from './authoring.presenter';
import * as repo from './authoring.repository';
import { copyCourseContent } from './course-copy';

/** The course wizard: a new draft course, empty or as a copy of another course's content. */

export function slugTaken(title: string): AppError {
  return new AppError('validation_failed', undefined, {
    errors: { slug: [`This slug is already used by the course "${title}".`] },
  });
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return code === '23505';
}

/** POST api:admin-courses: a new draft course, empty (a bare tree) or with a copy of another course's content. */
export async function createCourse(
  deps: AppDeps,
  actor: Actor,
  body: CreateCourseBody,
  ip: string,
): Promise<CreateCourseResponse> {
  const { details, structure } = body;
  const source = structure.mode === 'copy' ? await findCourse(deps.db, structure.source_course_id) : null;
  if (structure.mode === 'copy' && !source) {
    throw new AppError('validation_failed', undefined, {
      errors: { 'structure.source_course_id': ['No such course.'] },
    });
  }
  const taken = await repo.courseWithSlug(deps.db, details.slug);
  if (taken) throw slugTaken(taken.title);
  try {
    return await deps.db.transaction(async (tx) => {
      const course = await repo.insertCourse(tx, {
        title: details.title,
        slug: details.slug,
        subject: details.subject,
        yearPublished: details.year_published,
        defaultYearLevel: details.default_year_level || null,
        curriculum: details.curriculum || null,
        hasTextbook: details.has_textbook,
        showStudentNotes: details.show_student_notes,
        isPublished: false,
        featureSets: source?.featureSets ?? {},
      });
      const counts = source
        ? await copyCourseContent(tx, source.id, course.id, actor.userId, deps.clock.now())
        : { sections: 0, lessons: 0, chunks: 0, exams: 0, exam_questions: 0, activities: 0, attachments: 0 };
      await repo.ensureRootNode(tx, course.id);
      const presented = presentAdminCourse(course);
      await audit(tx, {
        actorUserId: actor.userId,
        action: source ? 'copy_course' : 'create_course',
        entityType: 'course',
        entityId: course.id,
        before: source ? { copied_from: source.id } : null,
        after: { ...presented, counts },
        ip,
      });
      return {
        course: presented,
        copied_from: source ? { id: source.id, title: source.title, year_published: source.yearPublished } : null,
        counts,
      };
    });
  } catch (error) {
    // Two staff taking one slug at once: the unique index decides, and the loser hears which field.
    if (isUniqueViolation(error)) throw slugTaken(details.title);
    throw error;
  }
}
