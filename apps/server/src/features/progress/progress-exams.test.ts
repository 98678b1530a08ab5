import { userCourseProgressResponse } from '@banksia/contracts/courses';
import { describe, expect, it } from 'vitest';
import { createExamWithQuestions } from '../../../test/factories';
import { ctx, classWithCourse, progressUrl } from './progress.test-helpers';

describe("the exams in a student's course progress", () => {
  it('are built from her submitted sittings in the class, with teacher marks counted once released', async () => {
    const { course, klass, teacher, amy } = await classWithCourse();
    const { exam, questions } = await createExamWithQuestions(ctx.db, course, {
      questions: [
        { type: 'short_text', marks: 1, accepted_answers: ['Canberra'] },
        { type: 'extended_response', marks: 4 },
      ],
    });
    const reflective = await createExamWithQuestions(ctx.db, course, {
      exam: { kind: 'reflective_question_set' },
      questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
    });
    const student = await ctx.client(amy.user.id);
    const progressOf = async () =>
      userCourseProgressResponse.parse((await student.get(progressUrl(klass.id, amy.user.id))).json()).exams;
    expect(await progressOf()).toEqual({});

    const sit = async (examId: number, answers: [number, object][]) => {
      const sitting = (await student.post(`/api/v1/classes/${klass.id}/exams/${examId}/start/`)).json() as {
        id: number;
      };
      for (const [questionId, answer] of answers) {
        const saved = await student.request({
          method: 'PUT',
          url: `/api/v1/sittings/${sitting.id}/questions/${questionId}/answer/`,
          payload: { answer, version: 0 },
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      expect((await student.post(`/api/v1/sittings/${sitting.id}/submit/`)).statusCode).toBe(200);
      ctx.clock.advance(60_000);
      return sitting.id;
    };
    const first = await sit(exam.id, [
      [questions[0]!.id, { text: 'Canberra' }],
      [questions[1]!.id, { html: '<p>An essay</p>' }],
    ]);
    await sit(reflective.exam.id, []);
    // A sitting still open does not count.
    const unfinished = await createExamWithQuestions(ctx.db, course, {
      questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
    });
    await student.post(`/api/v1/classes/${klass.id}/exams/${unfinished.exam.id}/start/`);

    const before = await progressOf();
    expect(Object.keys(before).sort()).toEqual([String(exam.id), String(reflective.exam.id)].sort());
    expect(before[exam.id]).toEqual({
      exam_id: exam.id,
      sitting_count: 1,
      best_score: '1',
      marks_total: '5',
      last_submitted_at: expect.any(String),
    });
    expect(before[reflective.exam.id]).toMatchObject({ sitting_count: 1, best_score: null });

    // The teacher gives the essay 3 of 4: it counts for the student only once the class's results are released.
    const teacherClient = await ctx.client(teacher.user.id);
    const marked = await teacherClient.request({
      method: 'PUT',
      url: `/api/v1/sittings/${first}/questions/${questions[1]!.id}/mark/`,
      payload: { marks_awarded: 3 },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await progressOf())[exam.id]!.best_score).toBe('1');
    await teacherClient.post(`/api/v1/classes/${klass.id}/exams/${exam.id}/release/`, { released: true });
    expect((await progressOf())[exam.id]!.best_score).toBe('4');
    // Her teacher reads the same.
    const seenByTeacher = userCourseProgressResponse.parse(
      (await teacherClient.get(progressUrl(klass.id, amy.user.id))).json(),
    );
    expect(seenByTeacher.exams[exam.id]!.best_score).toBe('4');
  });
});
