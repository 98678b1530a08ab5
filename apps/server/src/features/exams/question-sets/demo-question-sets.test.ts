import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, examSittings } from '../../../db/schema/index';
import { createLesson } from '../../../../test/factories';
import { useTestApp } from '../../../../test/harness';
import { reviewTestSetup } from '../exam-test-setup';

// Demo lessons' question sets, signed out.

const ctx = useTestApp();
const { setup } = reviewTestSetup(ctx);

describe('demo question sets', () => {
  async function demoSetup(isDemo: boolean) {
    const s = await setup({ kind: 'question_set' });
    await ctx.db.update(courses).set({ isPublished: true }).where(eq(courses.id, s.klass.courseId));
    await createLesson(ctx.db, { id: s.klass.courseId }, { isDemo, questionSetId: s.exam.id });
    return s;
  }

  it('shows a demo lesson’s question set signed out, and checks answers without storing anything', async () => {
    const s = await demoSetup(true);
    const anonymous = await ctx.client();
    const view = await anonymous.get(`/api/v1/demo/question-sets/${s.exam.id}/`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().sections[0].questions.every((q: { solution: unknown }) => q.solution === null)).toBe(true);
    const check = await anonymous.post(`/api/v1/demo/question-sets/${s.exam.id}/check/`, {
      question_id: s.q[1],
      answer: { value: '12,5 cm' },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ mark_status: 'correct', marks_awarded: 1, solution: { answer: 12.5 } });
    const bad = await anonymous.post(`/api/v1/demo/question-sets/${s.exam.id}/check/`, {
      question_id: s.q[1],
      answer: { value: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(await ctx.db.select().from(examSittings).where(eq(examSittings.examId, s.exam.id))).toEqual([]);
  });

  it('is 404 for exams that are not a demo lesson’s question set', async () => {
    const s = await demoSetup(false);
    expect((await s.amy.get(`/api/v1/demo/question-sets/${s.exam.id}/`)).statusCode).toBe(404);
  });
});
