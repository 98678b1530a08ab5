import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { questionResponsesSchema } from '@banksia/contracts/exam-api';
import { anonymisedNames } from '@banksia/contracts/rules/anonymiser';
import { auditLog } from '../../../db/schema/index';
import { useTestApp } from '../../../../test/harness';
import { reviewTestSetup } from '../exam-test-setup';

// Marking by question (with the day's pseudonyms) and releasing results to the class.

const ctx = useTestApp();
const { setup, sit } = reviewTestSetup(ctx);

describe('marking by question', () => {
  it('answers each submitted answer with the key, and hides names behind the day’s pseudonyms on request', async () => {
    const s = await setup();
    await sit(s, s.amy, { 0: { text: 'photosynthesis' }, 2: { html: '<p>Light <script>x</script>energy</p>' } });
    const url = `${s.base}/questions/${s.q[2]}/responses/`;
    const named = questionResponsesSchema.parse((await s.teacher.get(url)).json());
    expect(named.question.solution).not.toBeNull();
    expect(named.responses).toEqual([
      expect.objectContaining({
        profile_id: s.amyProfile.id,
        first_name: 'Amy',
        last_name: 'Zanetti',
        answer: { html: '<p>Light energy</p>' },
        mark_status: 'needs_marking',
        marked_by_teacher: false,
      }),
    ]);

    const anonymous = await s.teacher.get(`${url}?anonymise=1`);
    expect(anonymous.body).not.toMatch(/Amy|Zanetti/);
    const pseudonym = anonymisedNames([s.amyProfile.id, s.bobProfile.id], ctx.clock.now()).get(s.amyProfile.id)!;
    expect(questionResponsesSchema.parse(anonymous.json())).toMatchObject({
      anonymised: true,
      responses: [{ first_name: pseudonym.firstName, last_name: pseudonym.lastName }],
    });
    const sittings = await s.teacher.get(`${s.base}/sittings/?anonymise=1`);
    expect(sittings.body).not.toMatch(/Amy|Zanetti|Bob|Quayle/);
    expect(sittings.json()).toMatchObject({
      anonymised: true,
      released_at: null,
      questions: [
        { question_id: s.q[0], submitted: 1, needs_marking: 0 },
        { question_id: s.q[1], submitted: 1, needs_marking: 0 },
        { question_id: s.q[2], submitted: 1, needs_marking: 1 },
      ],
    });
    expect((await s.amy.get(url)).statusCode).toBe(403);
  });
});

describe('releasing results', () => {
  it('holds solutions back until release when the exam says so', async () => {
    const s = await setup({ hideSolutionsUntilRelease: true });
    await sit(s, s.amy, { 0: { text: 'photosynthesis' } });
    const exam = async () => (await s.amy.get(`/api/v1/exams/${s.exam.id}/`)).json();
    expect((await exam()).sections[0].questions[0].solution).toBeNull();
    const release = await s.teacher.post(`${s.base}/release/`, { released: true });
    expect(release.statusCode, release.body).toBe(200);
    expect((await exam()).sections[0].questions[0].solution).toMatchObject({ accepted_answers: ['photosynthesis'] });
    // Holding again hides them; the audit log has both.
    expect((await s.teacher.post(`${s.base}/release/`, { released: false })).json().released_at).toBeNull();
    expect((await exam()).sections[0].questions[0].solution).toBeNull();
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `${s.klass.id}:${s.exam.id}`));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['exam.release_results', 'exam.hold_results']));
  });

  it('shows solutions after submitting when the exam does not hide them', async () => {
    const s = await setup();
    expect((await s.amy.get(`/api/v1/exams/${s.exam.id}/`)).json().sections[0].questions[0].solution).toBeNull();
    await sit(s, s.amy, {});
    expect((await s.amy.get(`/api/v1/exams/${s.exam.id}/`)).json().sections[0].questions[0].solution).not.toBeNull();
  });
});
