import { describe, expect, it } from 'vitest';
import {
  createClass,
  createCourse,
  createLesson,
  createSchool,
  createStudent,
  createTeacher,
  createExamWithQuestions,
} from '../../../../test/factories';
import { useTestApp } from '../../../../test/harness';

const ctx = useTestApp();

/** A course whose lessons' question sets are in the EXTENDED plan only, with a STANDARD and an EXTENDED class. */
async function setup() {
  const school = await createSchool(ctx.db);
  const course = await createCourse(ctx.db, { featureSets: { LESSON_QUESTIONS: ['EXTENDED', 'EXTENDED_TEXTBOOK'] } });
  const { exam } = await createExamWithQuestions(ctx.db, course, {
    exam: { kind: 'question_set' },
    questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
  });
  const { lesson } = await createLesson(ctx.db, course, { questionSetId: exam.id });
  const standard = await createClass(ctx.db, school, { courseId: course.id, features: 'STANDARD' });
  const extended = await createClass(ctx.db, school, { courseId: course.id, features: 'EXTENDED' });
  const teacher = await createTeacher(ctx.db, school, [standard]);
  const amy = await createStudent(ctx.db, school, [standard, extended]);
  return { exam, lesson, standard, extended, teacher, amy };
}

describe('LESSON_QUESTIONS', () => {
  it("refuses a lesson's question set to a class whose plan leaves it out, and does not offer it there", async () => {
    const { exam, lesson, standard, extended, teacher, amy } = await setup();
    const student = await ctx.client(amy.user.id);

    const refused = await student.post(`/api/v1/classes/${standard.id}/exams/${exam.id}/start/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'feature_unavailable' });
    const course = (await student.get(`/api/v1/classes/${standard.id}/assemblage/`)).json();
    expect(course.lessons[lesson.id].question_set).toBeNull();

    // In the class whose plan includes it, the same student starts it.
    expect([200, 201]).toContain(
      (await student.post(`/api/v1/classes/${extended.id}/exams/${exam.id}/start/`)).statusCode,
    );
    const offered = (await student.get(`/api/v1/classes/${extended.id}/assemblage/`)).json();
    expect(offered.lessons[lesson.id].question_set).toMatchObject({ id: exam.id });

    // The class's teacher still sees it, to know what the plan leaves out.
    const teacherView = (
      await (await ctx.client(teacher.user.id)).get(`/api/v1/classes/${standard.id}/assemblage/`)
    ).json();
    expect(teacherView.lessons[lesson.id].question_set).toMatchObject({ id: exam.id });
  });
});
