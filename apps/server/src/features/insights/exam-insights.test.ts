import { examInsightsSchema, questionInsightsSchema } from '@banksia/contracts/insights';
import { describe, expect, it } from 'vitest';
import { setup, type Setup, sit, mark, bands, REAL_NAMES } from './insights.test-helpers';

describe('exam insights and one question', () => {
  /**
   * Amy: all right, extended response marked 2 → 5/5. Bob: wrong MC and "Sydney", marked 1 → 1/5 (20%). Cara: wrong
   * MC and "sydney ", not yet marked → 0/5 (awaiting marking). Dan: sitting open. Eve: not started.
   */
  async function seedExam(s: Setup) {
    const [q1, q2, q3] = s.exam.q as [number, number, number];
    const amy = await sit(s, s.amy, s.exam, {
      0: { option_ids: ['a'] },
      1: { text: 'canberra.' },
      2: { html: '<p>A</p>' },
    });
    const bob = await sit(s, s.bob, s.exam, {
      0: { option_ids: ['b'] },
      1: { text: 'Sydney' },
      2: { html: '<p>B</p>' },
    });
    await sit(s, s.cara, s.exam, { 0: { option_ids: ['b'] }, 1: { text: 'sydney ' }, 2: { html: '<p>C</p>' } });
    await sit(s, s.dan, s.exam, { 0: { option_ids: ['c'] } }, false);
    await mark(s, amy, q3, 2);
    await mark(s, bob, q3, 1);
    return { q1, q2, q3 };
  }

  it('gives the score bands, facility, common wrong answers and who needs help', async () => {
    const s = await setup();
    const { q1, q2, q3 } = await seedExam(s);
    const response = await s.teacher.get(`${s.base}/exams/${s.exam.exam.id}/`);
    expect(response.statusCode, response.body).toBe(200);
    const body = examInsightsSchema.parse(response.json());
    expect(body).toMatchObject({ class_id: s.klass.id, topic: { title: 'Fractions' }, student_count: 5 });
    expect(body.results).toMatchObject({
      exam_id: s.exam.exam.id,
      title: 'Fractions test',
      kind: 'exam',
      marks_total: 5,
      submitted: 3,
      in_progress: 1,
      not_started: 1,
      average_percent: 40,
      awaiting_marking: 1,
      score_bands: bands({ 0: 1, 20: 1, 90: 1 }),
    });
    expect(body.results.questions).toEqual([
      {
        question_id: q1,
        number: 1,
        section_title: 'Section A',
        type: 'multiple_choice',
        prompt_text: 'Question 1',
        marks: 2,
        submitted: 3,
        marked: 3,
        needs_marking: 0,
        facility: 0.3333,
        auto_marked: true,
        common_wrong_answers: [{ label: '2/6', count: 2, correct: false }],
      },
      expect.objectContaining({
        question_id: q2,
        facility: 0.3333,
        common_wrong_answers: [{ label: 'Sydney', count: 2, correct: false }],
      }),
      expect.objectContaining({
        question_id: q3,
        type: 'extended_response',
        submitted: 3,
        marked: 2,
        needs_marking: 1,
        facility: 0.75,
        auto_marked: false,
        common_wrong_answers: [],
      }),
    ]);
    expect(body.needs_help.map((h) => [h.student.display_name, h.reason, h.percent, h.awaiting_marking])).toEqual([
      ['Cara Young', 'below_half', 0, true],
      ['Bob Quayle', 'below_half', 20, false],
      ['Dan Xu', 'not_submitted', null, false],
      ['Eve Wong', 'not_started', null, false],
    ]);
  });

  it('shows one question across the class: marks, common answers and each student’s answer', async () => {
    const s = await setup();
    const { q1, q2, q3 } = await seedExam(s);
    const response = await s.teacher.get(`${s.base}/exams/${s.exam.exam.id}/questions/${q2}/`);
    expect(response.statusCode, response.body).toBe(200);
    const body = questionInsightsSchema.parse(response.json());
    expect(body.question).toMatchObject({
      question_id: q2,
      number: 2,
      question_count: 3,
      previous_question_id: q1,
      next_question_id: q3,
      type: 'short_text',
      prompt: '<p>Question 2</p>',
      marks: 1,
      auto_marked: true,
      options: [],
    });
    expect(body).toMatchObject({ submitted: 3, marked: 3, needs_marking: 0, facility: 0.3333 });
    expect(body.mark_distribution).toEqual([
      { marks: 0, students: 2 },
      { marks: 1, students: 1 },
    ]);
    expect(body.common_answers).toEqual([
      { label: 'Sydney', count: 2, correct: false },
      { label: 'canberra.', count: 1, correct: true },
    ]);
    expect(body.answers.map((a) => [a.student.display_name, a.answer_text, a.mark_status, a.marks_awarded])).toEqual([
      ['Bob Quayle', 'Sydney', 'incorrect', 0],
      ['Cara Young', 'sydney', 'incorrect', 0],
      ['Amy Zanetti', 'canberra.', 'correct', 1],
    ]);
    expect(body.not_submitted.map((x) => x.display_name)).toEqual(['Eve Wong', 'Dan Xu']);

    const mc = questionInsightsSchema.parse(
      (await s.teacher.get(`${s.base}/exams/${s.exam.exam.id}/questions/${q1}/`)).json(),
    );
    expect(mc.question.options).toEqual([
      { id: 'a', text: '3/4', correct: true },
      { id: 'b', text: '2/6', correct: false },
      { id: 'c', text: '1/2', correct: false },
    ]);
    expect(mc.mark_distribution).toEqual([
      { marks: 0, students: 2 },
      { marks: 1, students: 0 },
      { marks: 2, students: 1 },
    ]);

    const written = questionInsightsSchema.parse(
      (await s.teacher.get(`${s.base}/exams/${s.exam.exam.id}/questions/${q3}/`)).json(),
    );
    expect(written).toMatchObject({ marked: 2, needs_marking: 1, facility: 0.75, common_answers: [] });
    expect(written.answers.map((a) => [a.answer_html, a.answer_text, a.marks_awarded])).toEqual([
      ['<p>B</p>', null, 1],
      ['<p>C</p>', null, null],
      ['<p>A</p>', null, 2],
    ]);
  });

  it('names nobody for real when names are hidden, and orders students by pseudonym', async () => {
    const s = await setup();
    const { q2 } = await seedExam(s);
    const exam = await s.teacher.get(`${s.base}/exams/${s.exam.exam.id}/?anonymise=1`);
    expect(exam.statusCode).toBe(200);
    expect(exam.body).not.toMatch(REAL_NAMES);
    expect(examInsightsSchema.parse(exam.json()).needs_help.map((h) => h.student.profile_id)).toEqual([
      s.profiles.cara.id,
      s.profiles.bob.id,
      s.profiles.dan.id,
      s.profiles.eve.id,
    ]);
    const question = await s.teacher.get(`${s.base}/exams/${s.exam.exam.id}/questions/${q2}/?anonymise=1`);
    expect(question.body).not.toMatch(REAL_NAMES);
    const body = questionInsightsSchema.parse(question.json());
    const shown = body.answers.map((a) => `${a.student.last_name}\u0000${a.student.first_name}`.toLowerCase());
    expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b)));
  });

  it('accepts a lesson’s question set through the lesson’s topic', async () => {
    const s = await setup();
    await sit(s, s.amy, s.questionSet, { 0: { value: '12.5' } });
    const body = examInsightsSchema.parse((await s.teacher.get(`${s.base}/exams/${s.questionSet.exam.id}/`)).json());
    expect(body.results).toMatchObject({ kind: 'question_set', submitted: 1, score_bands: bands({ 90: 1 }) });
  });
});
