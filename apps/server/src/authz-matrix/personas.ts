import { beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  activities,
  activityResponses,
  courses,
  examSittings,
  paymentLinks,
  rosterDatasets,
  rosterDecisions,
  supportRequests,
  taskItems,
  tasks,
} from '../db/schema/index';
import {
  createClass,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
  createUser,
} from '../../test/factories';
import { createExamWithQuestions } from '../../test/factories';
import type { TestContext } from '../../test/harness';
import { multipartForm } from '../../test/multipart';

/**
 * Who calls each route: signed out; a student of the class and one of another class at the same school; the class's
 * teacher; and, from a second school, a teacher, a school admin (who teaches there) and a student.
 */
export const actors = [
  'anonymous',
  'student',
  'otherStudent',
  'teacher',
  'foreignTeacher',
  'foreignAdmin',
  'foreignStudent',
  'staff',
] as const;
export type ActorName = (typeof actors)[number];
export const everyone = actors;
export const signedIn = actors.filter((a) => a !== 'anonymous');

export interface Fixture {
  classId: number;
  userId: number;
  requestId: number;
  courseId: number;
  lessonId: number;
  chunkId: number;
  /** The student's profile (notes). */
  profileId: number;
  schoolId: number;
  /** An activity with a file-upload block, and the student's response holding a file in it. */
  activityId: number;
  activityResponseId: number;
  blockId: string;
  /** An exam of the class's course with one question, and the student's open sitting of it. */
  examId: number;
  questionId: number;
  sittingId: number;
  /** A topic of the class's course (insights name one). */
  topicId: number;
  /** A task set to the class with one item: the fixture's lesson. */
  taskId: number;
  taskItemId: number;
  /** The school's slug (school dashboards) and the class's teacher's profile (class management). */
  schoolSlug: string;
  teacherProfileId: number;
  /** A roster dataset of the school and one of its student decisions. */
  datasetId: number;
  decisionId: number;
  /** The course tree node of the fixture's lesson (/secret/branches/). */
  branchId: number;
  /** The student's payment link for 2026. */
  paymentLinkCode: string;
}

export const at = '2026-03-02T09:00:00.000Z';

/** What a matrix file's rows are called with: each persona's user, the fixture's rows, the roster upload's body. */
export interface MatrixState {
  userIds: Record<ActorName, number | undefined>;
  fixture: Fixture;
  rosterUpload: { payload: Buffer; headers: Record<string, string> };
}

const state = {} as MatrixState;

/** The roster upload naming the fixture's school (made by the fixture, so a row reads it when it runs). */
export function rosterUpload(): MatrixState['rosterUpload'] {
  return state.rosterUpload;
}

/** Makes the personas and the fixture (one school with a class, another school, content staff) before the file's rows. */
export function usePersonas(ctx: TestContext): MatrixState {
  beforeAll(async () => {
    const school = await createSchool(ctx.db);
    const klass = await createClass(ctx.db, school);
    const otherClass = await createClass(ctx.db, school);
    const student = await createStudent(ctx.db, school, [klass]);
    const otherStudent = await createStudent(ctx.db, school, [otherClass]);
    const teacher = await createTeacher(ctx.db, school, [klass]);
    const foreignSchool = await createSchool(ctx.db);
    const foreignClass = await createClass(ctx.db, foreignSchool, { courseId: klass.courseId });
    const foreignTeacher = await createTeacher(ctx.db, foreignSchool, [foreignClass]);
    const foreignAdmin = await createTeacher(ctx.db, foreignSchool, [foreignClass], {
      roles: ['teacher', 'school_admin'],
    });
    const foreignStudent = await createStudent(ctx.db, foreignSchool, [foreignClass]);
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    const [request] = await ctx.db.insert(supportRequests).values({ message: 'm', page: '/' }).returning();
    const { lesson, chunks, node: lessonNode } = await createLesson(ctx.db, { id: klass.courseId }, { isDemo: true });
    // Students of the class may take notes on its course.
    await ctx.db
      .update(courses)
      .set({ showStudentNotes: true, featureSets: { STUDENT_NOTES: [klass.features] } })
      .where(eq(courses.id, klass.courseId));
    const [activity] = await ctx.db
      .insert(activities)
      .values({
        title: 'A',
        courseId: klass.courseId,
        blocks: [{ id: 'upload1', type: 'file-upload', data: {} }],
        updatedAt: new Date(at),
      })
      .returning();
    const [response] = await ctx.db
      .insert(activityResponses)
      .values({
        schoolId: school.id,
        activityId: activity!.id,
        classId: klass.id,
        profileId: student.profile.id,
        blockResponses: { upload1: { file_key: 'uploads/x/work.pdf' } },
        updatedAt: new Date(at),
      })
      .returning();
    const topic = await createSection(ctx.db, { id: klass.courseId });
    const { exam, questions } = await createExamWithQuestions(
      ctx.db,
      { id: klass.courseId },
      {
        questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
      },
    );
    const [sitting] = await ctx.db
      .insert(examSittings)
      .values({
        schoolId: school.id,
        classId: klass.id,
        profileId: student.profile.id,
        examId: exam.id,
        startedAt: new Date(at),
      })
      .returning();
    const [task] = await ctx.db
      .insert(tasks)
      .values({
        schoolId: school.id,
        classId: klass.id,
        title: 'Homework',
        dueAt: new Date(at),
        createdAt: new Date(at),
        updatedAt: new Date(at),
      })
      .returning();
    const [taskItem] = await ctx.db
      .insert(taskItems)
      .values({ schoolId: school.id, taskId: task!.id, kind: 'lesson', lessonId: lesson.id })
      .returning();
    const [dataset] = await ctx.db
      .insert(rosterDatasets)
      .values({
        schoolId: school.id,
        calendarYear: 2026,
        source: 'edval',
        fileSha256: 'matrix',
        fileNames: ['classlist.csv'],
        status: 'reviewing',
        counts: { rows: 1, errors: 0, classes: 1, teachers: 0, students: 1, enrolments: 1 },
        errors: [],
        createdAt: new Date(at),
      })
      .returning();
    const [decision] = await ctx.db
      .insert(rosterDecisions)
      .values({
        datasetId: dataset!.id,
        step: 'student_reconciliation',
        recordKey: '1001',
        action: 'create',
        method: 'none',
        details: { label: 'Ava Nguyen (1001)' },
      })
      .returning();
    state.rosterUpload = multipartForm(
      { source: 'edval', school_id: String(school.id), calendar_year: '2026' },
      {
        name: 'classlist.csv',
        content: Buffer.from('Student code,Surname,First name,Class id\r\n1001,Nguyen,Ava,9MAT1\r\n'),
      },
    );
    state.userIds = {
      anonymous: undefined,
      student: student.user.id,
      otherStudent: otherStudent.user.id,
      teacher: teacher.user.id,
      foreignTeacher: foreignTeacher.user.id,
      foreignAdmin: foreignAdmin.user.id,
      foreignStudent: foreignStudent.user.id,
      staff: staff.id,
    };
    state.fixture = {
      classId: klass.id,
      userId: student.user.id,
      requestId: request!.id,
      courseId: klass.courseId,
      lessonId: lesson.id,
      chunkId: chunks[0]!.id,
      profileId: student.profile.id,
      schoolId: school.id,
      activityId: activity!.id,
      activityResponseId: response!.id,
      blockId: 'upload1',
      examId: exam.id,
      questionId: questions[0]!.id,
      sittingId: sitting!.id,
      topicId: topic.section.id,
      taskId: task!.id,
      taskItemId: taskItem!.id,
      schoolSlug: school.slug,
      teacherProfileId: teacher.profile.id,
      datasetId: dataset!.id,
      decisionId: decision!.id,
      branchId: lessonNode.id,
      paymentLinkCode: 'matrixPaymentLinkCode0123456789ab',
    };
    await ctx.db.insert(paymentLinks).values({
      code: state.fixture.paymentLinkCode,
      schoolId: school.id,
      profileId: student.profile.id,
      calendarYear: 2026,
      createdAt: new Date(at),
    });
  });
  return state;
}
