import { describe, expect, it } from 'vitest';
import { sittingSchema } from '@banksia/contracts/exam-api';
import { useTestApp } from '../../../../test/harness';
import { MINUTE, put, reviewTestSetup } from '../exam-test-setup';

// A teacher transcribing a student's paper answers.

const ctx = useTestApp();
const { setup } = reviewTestSetup(ctx);

describe('transcribing a paper', () => {
  it('lets a teacher enter and submit a student’s answers, which count as their sitting', async () => {
    const s = await setup({ timeLimitMinutes: 10 });
    const url = `${s.base}/students/${s.amyProfile.id}/transcribe/`;
    expect((await s.bob.post(url)).statusCode).toBe(403);
    const opened = await s.teacher.post(url);
    expect(opened.statusCode, opened.body).toBe(201);
    const sitting = sittingSchema.parse(opened.json());
    expect(sitting).toMatchObject({
      transcribed: true,
      time_limit_minutes: null,
      deadline: null,
      profile_id: s.amyProfile.id,
    });
    expect((await s.teacher.post(url)).json().id).toBe(sitting.id);

    // Locked to students, and past what would be the time limit: a paper is still entered.
    await s.teacher.post(`${s.base}/lock/`, { status: 'LOCKED_BY_TEACHER' });
    ctx.clock.advance(60 * MINUTE);
    const saved = await put(s.teacher, s.answer(sitting.id, s.q[0]!), {
      answer: { text: 'photosynthesis' },
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await put(s.amy, s.answer(sitting.id, s.q[1]!), { answer: { value: '12.5' }, version: 0 })).statusCode,
    ).toBe(403);
    const submitted = await s.teacher.post(s.submit(sitting.id));
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(sittingSchema.parse(submitted.json()).result).toMatchObject({ marks_awarded: 2, needs_marking: 0 });

    await s.teacher.post(`${s.base}/lock/`, { status: 'OPEN' });
    const own = sittingSchema.parse((await s.amy.get(`${s.base}/sitting/`)).json());
    expect(own).toMatchObject({ id: sitting.id, status: 'submitted', transcribed: true });
    // An exam is sat once: starting now answers the transcribed sitting.
    expect((await s.amy.post(`${s.base}/start/`)).json().id).toBe(sitting.id);
  });

  it('refuses while the student has the exam open on screen', async () => {
    const s = await setup();
    await s.bob.post(`${s.base}/start/`);
    const refused = await s.teacher.post(`${s.base}/students/${s.bobProfile.id}/transcribe/`);
    expect(refused.statusCode).toBe(409);
  });
});
