import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examClassesSchema, mistakesSchema, sittingSchema } from '@banksia/contracts/exam-api';
import { auditLog } from '../../../db/schema/index';
import { useTestApp } from '../../../../test/harness';
import { LATE_SAVE_GRACE_MS } from '../shared/index';
import { MINUTE, put, reviewTestSetup } from '../exam-test-setup';

// The actor's classes for an exam page, automatic submit when time runs out, and reflective question sets.

const ctx = useTestApp();
const { setup, sit } = reviewTestSetup(ctx);

describe('the actor’s classes for an exam', () => {
  it('lists the student’s class with their sitting, and the teacher’s; refuses others', async () => {
    const s = await setup();
    const before = examClassesSchema.parse((await s.amy.get(`/api/v1/exams/${s.exam.id}/classes/`)).json());
    expect(before.classes).toEqual([
      expect.objectContaining({ class_id: s.klass.id, teaches: false, is_locked: false, sitting: null }),
    ]);
    const sitting = await sit(s, s.amy, { 0: { text: 'Photosynthesis' } });
    const after = examClassesSchema.parse((await s.amy.get(`/api/v1/exams/${s.exam.id}/classes/`)).json());
    expect(after.classes[0]!.sitting).toMatchObject({ id: sitting.id, status: 'submitted' });
    const teacher = examClassesSchema.parse((await s.teacher.get(`/api/v1/exams/${s.exam.id}/classes/`)).json());
    expect(teacher.classes).toEqual([expect.objectContaining({ class_id: s.klass.id, teaches: true, sitting: null })]);

    const other = await setup();
    expect((await other.amy.get(`/api/v1/exams/${s.exam.id}/classes/`)).statusCode).toBe(403);
  });
});

describe('time running out', () => {
  it('submits a sitting nobody submitted once its time and the grace have passed, when next read', async () => {
    const s = await setup({ timeLimitMinutes: 20 });
    const sitting = sittingSchema.parse((await s.amy.post(`${s.base}/start/`)).json());
    await put(s.amy, s.answer(sitting.id, s.q[0]!), { answer: { text: 'photosynthesis' }, version: 0 });
    ctx.clock.advance(20 * MINUTE + LATE_SAVE_GRACE_MS);
    expect(sittingSchema.parse((await s.amy.get(`${s.base}/sitting/`)).json()).status).toBe('open');
    ctx.clock.advance(1000);
    // The teacher's list closes it, as the student's own read would.
    const list = await s.teacher.get(`${s.base}/sittings/`);
    expect(
      list.json().students.find((r: { profile_id: number }) => r.profile_id === s.amyProfile.id).sitting,
    ).toMatchObject({
      status: 'submitted',
      marks_awarded: 2,
    });
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exam_sitting.auto_submit'), eq(auditLog.entityId, String(sitting.id))));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actorUserId).toBeNull();
  });
});

describe('reflective question sets', () => {
  it('takes confidence and what to revisit, and marks nothing', async () => {
    const s = await setup({ kind: 'reflective_question_set' });
    const sitting = sittingSchema.parse((await s.amy.post(`${s.base}/start/`)).json());
    const wrongShape = await put(s.amy, s.answer(sitting.id, s.q[0]!), { answer: { text: 'x' }, version: 0 });
    expect(wrongShape.statusCode).toBe(400);
    expect(Object.keys(wrongShape.json().errors)).toEqual(expect.arrayContaining(['answer.confidence']));
    const saved = await put(s.amy, s.answer(sitting.id, s.q[0]!), {
      answer: { confidence: 2, revisit: '  equivalent fractions ' },
      version: 0,
    });
    expect(saved.json()).toMatchObject({ answer: { confidence: 2, revisit: 'equivalent fractions' } });
    const submitted = sittingSchema.parse((await s.amy.post(s.submit(sitting.id))).json());
    expect(submitted.result).toMatchObject({ scored: false, marks_awarded: 0, marks_total: 0, needs_marking: 0 });
    expect(submitted.answers.every((a) => a.mark_status === null)).toBe(true);
    expect(mistakesSchema.parse((await s.amy.get(`${s.base}/mistakes/`)).json()).mistakes).toEqual([]);
  });
});
