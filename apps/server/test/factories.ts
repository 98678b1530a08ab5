import { randomBytes } from 'node:crypto';
import type { Role } from '@banksia/contracts/accounts';
import type { ExamQuestion } from '@banksia/contracts/exams';
import { AccessStatus } from '@banksia/contracts/classes';
import { and, count, eq } from 'drizzle-orm';
import {
  attachments,
  chunks,
  classTeachers,
  courses,
  courseTreeNodes,
  exams,
  lessons,
  enrolments,
  profiles,
  schoolClasses,
  schools,
  sections,
  userRoles,
  users,
  videos,
} from '../src/db/schema/index';
import { addQuestion, addSection } from '../src/features/exams/index';
import type { Database } from '../src/platform/db';
import { hashPassword } from '../src/platform/passwords';

const unique = () => randomBytes(4).toString('hex');

export async function createSchool(db: Database, overrides: Partial<typeof schools.$inferInsert> = {}) {
  const u = unique();
  const [row] = await db
    .insert(schools)
    .values({ name: `School ${u}`, slug: `school-${u}`, ...overrides })
    .returning();
  return row!;
}

export async function createCourse(db: Database, overrides: Partial<typeof courses.$inferInsert> = {}) {
  const u = unique();
  const [row] = await db
    .insert(courses)
    .values({ slug: `course-${u}`, title: `Course ${u}`, isPublished: true, yearPublished: 2026, ...overrides })
    .returning();
  return row!;
}

export async function createUser(
  db: Database,
  options: {
    email?: string;
    firstName?: string;
    lastName?: string;
    password?: string;
    roles?: Role[];
    isActive?: boolean;
  } = {},
) {
  const u = unique();
  const [row] = await db
    .insert(users)
    .values({
      email: options.email ?? `user-${u}@example.test`,
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? `User ${u}`,
      passwordHash: options.password ? await hashPassword(options.password) : null,
      isActive: options.isActive ?? true,
    })
    .returning();
  if (options.roles?.length)
    await db.insert(userRoles).values(options.roles.map((role) => ({ userId: row!.id, role })));
  return row!;
}

export async function createClass(
  db: Database,
  school: { id: number },
  overrides: Partial<typeof schoolClasses.$inferInsert> = {},
) {
  const course = overrides.courseId ? { id: overrides.courseId } : await createCourse(db);
  const [row] = await db
    .insert(schoolClasses)
    .values({
      schoolId: school.id,
      courseId: course.id,
      title: `Class ${unique()}`,
      classType: 'N',
      calendarYear: 2026,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A teacher (user, teacher profile, teacher role) teaching the given classes. */
export async function createTeacher(
  db: Database,
  school: { id: number },
  classes: { id: number }[] = [],
  options: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(db, { roles: ['teacher'], ...options });
  const [profile] = await db
    .insert(profiles)
    .values({ userId: user.id, schoolId: school.id, kind: 'teacher' })
    .returning();
  if (classes.length) {
    await db
      .insert(classTeachers)
      .values(classes.map((c) => ({ schoolId: school.id, classId: c.id, profileId: profile!.id })));
  }
  return { user, profile: profile! };
}

/** A student enrolled in the given classes with an access status (UPLOADED by default). */
export async function createStudent(
  db: Database,
  school: { id: number },
  classes: { id: number }[] = [],
  options: Parameters<typeof createUser>[1] & { accessStatus?: number } = {},
) {
  const user = await createUser(db, { roles: ['student'], ...options });
  const [profile] = await db
    .insert(profiles)
    .values({ userId: user.id, schoolId: school.id, kind: 'student' })
    .returning();
  if (classes.length) {
    await db.insert(enrolments).values(
      classes.map((c) => ({
        schoolId: school.id,
        classId: c.id,
        profileId: profile!.id,
        accessStatus: options.accessStatus ?? AccessStatus.UPLOADED,
      })),
    );
  }
  return { user, profile: profile! };
}

// ---------------------------------------------------------------------------------------------------------------
// Course content. Each factory inserts the row and places it in the course tree (course_tree_nodes), at the end
// of its parent's children: under the course's root node unless `parent` is given (anything with a `node`, e.g.
// the result of createSection). Content is published by default; pass `isPublished: false` for drafts.

/** A tree node as placed by the content factories; pass `{ node }` as `parent` to nest under it. */
export type PlacedNode = typeof courseTreeNodes.$inferSelect;

/** The course's root tree node (node_type 'course'), created on first use. */
export async function courseRootNode(db: Database, course: { id: number }): Promise<PlacedNode> {
  const [existing] = await db
    .select()
    .from(courseTreeNodes)
    .where(and(eq(courseTreeNodes.courseId, course.id), eq(courseTreeNodes.nodeType, 'course')));
  if (existing) return existing;
  const [row] = await db
    .insert(courseTreeNodes)
    .values({ courseId: course.id, nodeType: 'course', valueId: course.id, position: 0 })
    .returning();
  return row!;
}

/** Places a value in the tree as the last child of `parent` (default: the course root). */
export async function placeNode(
  db: Database,
  course: { id: number },
  nodeType: 'section' | 'lesson' | 'exam' | 'attachment',
  valueId: number,
  parent?: { node: { id: number } },
): Promise<PlacedNode> {
  const parentId = parent?.node.id ?? (await courseRootNode(db, course)).id;
  const [last] = await db.select({ n: count() }).from(courseTreeNodes).where(eq(courseTreeNodes.parentId, parentId));
  const [row] = await db
    .insert(courseTreeNodes)
    .values({ courseId: course.id, parentId, nodeType, valueId, position: last?.n ?? 0 })
    .returning();
  return row!;
}

/** A section: a topic under the course root, or a sub-section when `parent` is another section. */
export async function createSection(
  db: Database,
  course: { id: number },
  options: Partial<Omit<typeof sections.$inferInsert, 'courseId'>> & { parent?: { node: { id: number } } } = {},
) {
  const { parent, ...overrides } = options;
  const [section] = await db
    .insert(sections)
    .values({ courseId: course.id, title: `Topic ${unique()}`, isPublished: true, ...overrides })
    .returning();
  return { section: section!, node: await placeNode(db, course, 'section', section!.id, parent) };
}

/** A hosted (YouTube) video of `duration` seconds, or a stored file when `storageKey` is given. */
export async function createVideo(db: Database, options: { duration?: number; storageKey?: string } = {}) {
  const [video] = await db
    .insert(videos)
    .values(
      options.storageKey
        ? { kind: 'file', storageKey: options.storageKey, duration: options.duration ?? 60 }
        : { kind: 'hosted', provider: 'youtube', hostedId: `vid${unique()}`, duration: options.duration ?? 60 },
    )
    .returning();
  return video!;
}

/**
 * A lesson with `chunks` chunks (default 2), each with its own hosted video of `chunkDuration` seconds
 * (default 60), or a stored video file when `videoStorageKey` is given; placed under `parent` (default the
 * course root).
 */
export async function createLesson(
  db: Database,
  course: { id: number },
  options: Partial<Omit<typeof lessons.$inferInsert, 'courseId'>> & {
    parent?: { node: { id: number } };
    chunks?: number;
    chunkDuration?: number;
    videoStorageKey?: string;
  } = {},
) {
  const { parent, chunks: chunkCount = 2, chunkDuration = 60, videoStorageKey, ...overrides } = options;
  const [lesson] = await db
    .insert(lessons)
    .values({ courseId: course.id, title: `Lesson ${unique()}`, isPublished: true, ...overrides })
    .returning();
  const lessonChunks: (typeof chunks.$inferSelect)[] = [];
  for (let index = 1; index <= chunkCount; index++) {
    const video = await createVideo(db, {
      duration: chunkDuration,
      ...(videoStorageKey ? { storageKey: videoStorageKey } : {}),
    });
    const [chunk] = await db
      .insert(chunks)
      .values({ lessonId: lesson!.id, index, title: `Part ${index}`, videoId: video.id })
      .returning();
    lessonChunks.push(chunk!);
  }
  return { lesson: lesson!, chunks: lessonChunks, node: await placeNode(db, course, 'lesson', lesson!.id, parent) };
}

/**
 * An exam (kind 'exam' by default; 'question_set' for a lesson's question set), published and submittable by
 * default. Placed in the tree unless `placed: false` (question sets reached only through a lesson).
 */
export async function createExam(
  db: Database,
  course: { id: number },
  options: Partial<Omit<typeof exams.$inferInsert, 'courseId'>> & {
    parent?: { node: { id: number } };
    placed?: boolean;
  } = {},
) {
  const { parent, placed = true, ...overrides } = options;
  const [exam] = await db
    .insert(exams)
    .values({ courseId: course.id, title: `Exam ${unique()}`, isPublished: true, questionCount: 5, ...overrides })
    .returning();
  return { exam: exam!, node: placed ? await placeNode(db, course, 'exam', exam!.id, parent) : null };
}

/** An attachment (a PDF by its metadata; no file is written) placed under `parent` (default the course root). */
export async function createAttachment(
  db: Database,
  course: { id: number },
  options: Partial<Omit<typeof attachments.$inferInsert, 'courseId'>> & { parent?: { node: { id: number } } } = {},
) {
  const { parent, ...overrides } = options;
  const u = unique();
  const [attachment] = await db
    .insert(attachments)
    .values({
      courseId: course.id,
      title: `Worksheet ${u}`,
      storageKey: `test/attachments/worksheet-${u}.pdf`,
      fileName: `worksheet-${u}.pdf`,
      contentType: 'application/pdf',
      size: 1024,
      ...overrides,
    })
    .returning();
  return { attachment: attachment!, node: await placeNode(db, course, 'attachment', attachment!.id, parent) };
}

// Roster files for tests: fixtures of each format (kept beside the parsers), in-memory files and zips, and a large
// generated Edval roster.
export {
  bytesFile,
  edvalFile,
  fixture,
  fixtureBytes,
  SUBJECTS,
  textFile,
  zipFile,
} from '../src/features/rosters/fixtures/index';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A question as a test writes it: no id, and prompt and worked solution filled in when left out. */
export type QuestionInput = DistributiveOmit<ExamQuestion, 'id' | 'prompt' | 'worked_solution'> &
  Partial<Pick<ExamQuestion, 'prompt' | 'worked_solution'>> & { section?: number };

/**
 * An exam (published, submittable, placed in the course tree) with its questions, through the exams service as
 * authoring will add them. `section` is the index into `sections` (default 0); one section 'Section A' by default.
 */
export async function createExamWithQuestions(
  db: Database,
  course: { id: number },
  options: {
    questions: QuestionInput[];
    sections?: string[];
    exam?: Partial<Omit<typeof exams.$inferInsert, 'courseId'>>;
  },
) {
  const { exam } = await createExam(db, course, options.exam);
  const sections = [];
  for (const title of options.sections ?? ['Section A']) sections.push(await addSection(db, exam.id, title));
  const questions = [];
  for (const [index, { section = 0, ...question }] of options.questions.entries()) {
    questions.push(
      await addQuestion(
        db,
        { examId: exam.id, sectionId: sections[section]!.id },
        {
          id: `q${index + 1}`,
          prompt: `<p>Question ${index + 1}</p>`,
          worked_solution: '<p>Because.</p>',
          ...question,
        },
      ),
    );
  }
  return { exam, sections, questions };
}
