import { AccessStatus } from '@banksia/contracts/classes';
import {
  examInsightsSchema,
  lessonInsightsSchema,
  questionInsightsSchema,
  type ScoreBand,
} from '@banksia/contracts/insights';
import { sittingSchema, type Sitting } from '@banksia/contracts/exam-api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chunkVisits, chunkWatches, lessonNotes, lessonSelfRatings, lessons } from '../../db/schema/index';
import {
  createClass,
  createCourse,
  createExam,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
  type QuestionInput,
} from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { addQuestion, addSection } from '../exams/index';

// Teacher insights: real numbers on a small class. Five students on the roster (Amy, Bob, Cara, Dan, Eve) and one
// removed from it (Rex), whose activity must never count.

const ctx = useTestApp();
const MINUTE = 60_000;

const put = (c: TestClient, url: string, payload: unknown) =>
  c.request({ method: 'PUT', url, payload: payload as object });

async function examIn(
  course: { id: number },
  parent: { node: { id: number } } | undefined,
  questions: QuestionInput[],
  options: { kind?: 'exam' | 'question_set'; placed?: boolean; title?: string } = {},
) {
  const { exam } = await createExam(ctx.db, course, {
    title: options.title ?? 'Exam',
    kind: options.kind ?? 'exam',
    placed: options.placed ?? true,
    ...(parent ? { parent } : {}),
  });
  const section = await addSection(ctx.db, exam.id, 'Section A');
  const rows = [];
  for (const [index, question] of questions.entries()) {
    rows.push(
      await addQuestion(ctx.db, { examId: exam.id, sectionId: section.id }, {
        id: `q${index + 1}`,
        prompt: `<p>Question ${index + 1}</p>`,
        worked_solution: '',
        ...question,
      } as never),
    );
  }
  return { exam, q: rows.map((r) => r.id) };
}

async function setup() {
  const school = await createSchool(ctx.db);
  // The class's plan includes lessons' question sets.
  const course = await createCourse(ctx.db, { featureSets: { LESSON_QUESTIONS: ['STANDARD'] } });
  const klass = await createClass(ctx.db, school, { courseId: course.id, features: 'STANDARD' });
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const names = [
    ['Amy', 'Zanetti'],
    ['Bob', 'Quayle'],
    ['Cara', 'Young'],
    ['Dan', 'Xu'],
    ['Eve', 'Wong'],
  ] as const;
  const students = [];
  for (const [firstName, lastName] of names) {
    students.push(await createStudent(ctx.db, school, [klass], { firstName, lastName }));
  }
  const rex = await createStudent(ctx.db, school, [klass], {
    firstName: 'Rex',
    lastName: 'Removed',
    accessStatus: AccessStatus.REMOVED,
  });
  type Made = (typeof students)[number];
  const [amy, bob, cara, dan, eve] = students as [Made, Made, Made, Made, Made];

  const topic = await createSection(ctx.db, course, { title: 'Fractions' });
  const otherTopic = await createSection(ctx.db, course, { title: 'Decimals' });
  const lesson = await createLesson(ctx.db, course, {
    title: 'Adding fractions',
    parent: topic,
    chunks: 2,
    chunkDuration: 100,
  });
  const otherLesson = await createLesson(ctx.db, course, { parent: otherTopic });
  const questionSet = await examIn(
    course,
    undefined,
    [{ type: 'numeric', marks: 2, answer: 12.5, tolerance: 0, unit: 'cm' }],
    { kind: 'question_set', placed: false, title: 'Check-in' },
  );
  await ctx.db.update(lessons).set({ questionSetId: questionSet.exam.id }).where(eq(lessons.id, lesson.lesson.id));
  const exam = await examIn(
    course,
    topic,
    [
      {
        type: 'multiple_choice',
        marks: 2,
        multiple: false,
        options: [
          { id: 'a', text: '<p>3/4</p>' },
          { id: 'b', text: '<p>2/6</p>' },
          { id: 'c', text: '<p>1/2</p>' },
        ],
        correct_option_ids: ['a'],
      },
      { type: 'short_text', marks: 1, accepted_answers: ['Canberra'] },
      { type: 'extended_response', marks: 2 },
    ],
    { title: 'Fractions test' },
  );
  const otherExam = await examIn(course, otherTopic, [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }]);

  const clients = {
    teacher: await ctx.client(teacher.user.id),
    amy: await ctx.client(amy.user.id),
    bob: await ctx.client(bob.user.id),
    cara: await ctx.client(cara.user.id),
    dan: await ctx.client(dan.user.id),
  };
  return {
    school,
    klass,
    course,
    topic,
    otherTopic,
    lesson,
    otherLesson,
    questionSet,
    exam,
    otherExam,
    profiles: { amy: amy.profile, bob: bob.profile, cara: cara.profile, dan: dan.profile, eve: eve.profile },
    rex: rex.profile,
    ...clients,
    base: `/api/v1/classes/${klass.id}/insights/topics/${topic.section.id}`,
  };
}
type Setup = Awaited<ReturnType<typeof setup>>;

/** Starts (or resumes) a sitting, saves the answers by question index, and submits unless told not to. */
async function sit(
  s: Setup,
  c: TestClient,
  exam: { exam: { id: number }; q: number[] },
  answers: Record<number, object>,
  submit = true,
): Promise<Sitting> {
  const started = await c.post(`/api/v1/classes/${s.klass.id}/exams/${exam.exam.id}/start/`);
  expect([200, 201], started.body).toContain(started.statusCode);
  const sitting = sittingSchema.parse(started.json());
  for (const [index, answer] of Object.entries(answers)) {
    const url = `/api/v1/sittings/${sitting.id}/questions/${exam.q[Number(index)]}/answer/`;
    const saved = await put(c, url, { answer, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  if (!submit) return sitting;
  const submitted = await c.post(`/api/v1/sittings/${sitting.id}/submit/`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  ctx.clock.advance(MINUTE);
  return sittingSchema.parse(submitted.json());
}

async function mark(s: Setup, sitting: Sitting, questionId: number, marks: number) {
  const response = await put(s.teacher, `/api/v1/sittings/${sitting.id}/questions/${questionId}/mark/`, {
    marks_awarded: marks,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const bands = (filled: Record<number, number>): ScoreBand[] =>
  Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i * 10 + 10, students: filled[i * 10] ?? 0 }));

const REAL_NAMES = /Amy|Zanetti|Bob|Quayle|Cara|Young|\bDan\b|\bXu\b|\bEve\b|Wong|Rex|Removed/;

describe('lesson engagement', () => {
  async function seedLesson(s: Setup) {
    const [c1, c2] = [s.lesson.chunks[0]!, s.lesson.chunks[1]!];
    const at = ctx.clock.now();
    const row = (profileId: number, chunkId: number) => ({
      schoolId: s.school.id,
      classId: s.klass.id,
      profileId,
      chunkId,
    });
    const { amy, bob, cara } = s.profiles;
    await ctx.db.insert(chunkVisits).values([
      { ...row(amy.id, c1.id), visitCount: 3, firstVisitedAt: at, lastVisitedAt: at },
      { ...row(amy.id, c2.id), visitCount: 1, firstVisitedAt: at, lastVisitedAt: at },
      { ...row(bob.id, c1.id), visitCount: 1, firstVisitedAt: at, lastVisitedAt: at },
      { ...row(cara.id, c1.id), visitCount: 2, firstVisitedAt: at, lastVisitedAt: at },
      { ...row(s.rex.id, c1.id), visitCount: 5, firstVisitedAt: at, lastVisitedAt: at },
    ]);
    await ctx.db.insert(chunkWatches).values([
      { ...row(amy.id, c1.id), secondsWatched: 95, maxPosition: 95, watched: true, updatedAt: at },
      { ...row(amy.id, c2.id), secondsWatched: 40, maxPosition: 40, watched: false, updatedAt: at },
      { ...row(bob.id, c1.id), secondsWatched: 50, maxPosition: 50, watched: false, updatedAt: at },
      { ...row(cara.id, c1.id), secondsWatched: 100, maxPosition: 100, watched: true, updatedAt: at },
      { ...row(s.rex.id, c1.id), secondsWatched: 100, maxPosition: 100, watched: true, updatedAt: at },
    ]);
    const rating = (profileId: number, value: number) => ({
      schoolId: s.school.id,
      profileId,
      lessonId: s.lesson.lesson.id,
      rating: value,
      updatedAt: at,
    });
    await ctx.db
      .insert(lessonSelfRatings)
      .values([rating(amy.id, 4), rating(bob.id, 2), rating(cara.id, 4), rating(s.rex.id, 1)]);
    const note = (profileId: number, html: string) => ({
      schoolId: s.school.id,
      classId: s.klass.id,
      profileId,
      lessonId: s.lesson.lesson.id,
      html,
      updatedAt: at,
    });
    await ctx.db.insert(lessonNotes).values([note(amy.id, '<p>Common denominators!</p>'), note(bob.id, '')]);
    // The question set: Amy right, Bob wrong then right on a retake (the last counts), Cara wrong.
    await sit(s, s.amy, s.questionSet, { 0: { value: '12.5 cm' } });
    await sit(s, s.bob, s.questionSet, { 0: { value: '13' } });
    await sit(s, s.bob, s.questionSet, { 0: { value: '12,5cm' } });
    await sit(s, s.cara, s.questionSet, { 0: { value: '13 cm' } });
  }

  it('counts visits, watching, ratings, notes and the question set for the roster only', async () => {
    const s = await setup();
    await seedLesson(s);
    const response = await s.teacher.get(`${s.base}/lessons/${s.lesson.lesson.id}/`);
    expect(response.statusCode, response.body).toBe(200);
    const body = lessonInsightsSchema.parse(response.json());
    const [c1, c2] = [s.lesson.chunks[0]!, s.lesson.chunks[1]!];
    expect(body).toMatchObject({
      class_id: s.klass.id,
      topic: { id: s.topic.section.id, title: 'Fractions' },
      lesson: { id: s.lesson.lesson.id, title: 'Adding fractions' },
      anonymised: false,
      student_count: 5,
      students_started: 3,
    });
    expect(body.chunks).toEqual([
      {
        chunk_id: c1.id,
        index: 1,
        title: 'Part 1',
        duration_seconds: 100,
        students_visited: 3,
        total_visits: 6,
        students_played: 3,
        average_seconds_watched: 81.7,
        students_watched: 2,
        watched_share: 0.4,
      },
      {
        chunk_id: c2.id,
        index: 2,
        title: 'Part 2',
        duration_seconds: 100,
        students_visited: 1,
        total_visits: 1,
        students_played: 1,
        average_seconds_watched: 40,
        students_watched: 0,
        watched_share: 0,
      },
    ]);
    expect(body.self_ratings).toEqual({
      counts: [
        { rating: 1, students: 0 },
        { rating: 2, students: 1 },
        { rating: 3, students: 0 },
        { rating: 4, students: 2 },
        { rating: 5, students: 0 },
      ],
      not_rated: 2,
      average: 3.33,
    });
    expect(body.students_with_notes).toEqual([
      { profile_id: s.profiles.amy.id, first_name: 'Amy', last_name: 'Zanetti', display_name: 'Amy Zanetti' },
    ]);
    expect(body.not_started.map((x) => x.display_name)).toEqual(['Eve Wong', 'Dan Xu']);
    expect(body.question_set).toMatchObject({
      exam_id: s.questionSet.exam.id,
      kind: 'question_set',
      marks_total: 2,
      submitted: 3,
      in_progress: 0,
      not_started: 2,
      average_percent: 66.7,
      score_bands: bands({ 0: 1, 90: 2 }),
    });
    expect(body.question_set!.questions).toEqual([
      expect.objectContaining({
        number: 1,
        type: 'numeric',
        submitted: 3,
        marked: 3,
        facility: 0.6667,
        common_wrong_answers: [{ label: '13 cm', count: 1, correct: false }],
      }),
    ]);
  });

  it('shows an empty lesson with everyone not started and no question set results', async () => {
    const s = await setup();
    await ctx.db.update(lessons).set({ questionSetId: null }).where(eq(lessons.id, s.lesson.lesson.id));
    const body = lessonInsightsSchema.parse((await s.teacher.get(`${s.base}/lessons/${s.lesson.lesson.id}/`)).json());
    expect(body.students_started).toBe(0);
    expect(body.not_started).toHaveLength(5);
    expect(body.chunks.map((c) => [c.students_visited, c.average_seconds_watched, c.watched_share])).toEqual([
      [0, null, 0],
      [0, null, 0],
    ]);
    expect(body.self_ratings.average).toBeNull();
    expect(body.self_ratings.not_rated).toBe(5);
    expect(body.question_set).toBeNull();
  });

  it('hides every real name behind pseudonyms on request (query or cookie)', async () => {
    const s = await setup();
    await seedLesson(s);
    const url = `${s.base}/lessons/${s.lesson.lesson.id}/`;
    const byQuery = await s.teacher.get(`${url}?anonymise=1`);
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.body).not.toMatch(REAL_NAMES);
    const body = lessonInsightsSchema.parse(byQuery.json());
    expect(body.anonymised).toBe(true);
    expect(body.students_with_notes.map((x) => x.profile_id)).toEqual([s.profiles.amy.id]);
    const byCookie = await s.teacher.request({ method: 'GET', url, cookies: { anonymizeStudentData: '1' } });
    expect(byCookie.body).not.toMatch(REAL_NAMES);
    expect(lessonInsightsSchema.parse(byCookie.json()).anonymised).toBe(true);
  });
});

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

describe('who may see insights', () => {
  it('refuses students and teachers of another school, and answers school admins', async () => {
    const s = await setup();
    const urls = [
      `${s.base}/lessons/${s.lesson.lesson.id}/`,
      `${s.base}/exams/${s.exam.exam.id}/`,
      `${s.base}/exams/${s.exam.exam.id}/questions/${s.exam.q[0]}/`,
    ];
    const otherSchool = await createSchool(ctx.db);
    const stranger = await createTeacher(ctx.db, otherSchool, [await createClass(ctx.db, otherSchool)]);
    const strangerClient = await ctx.client(stranger.user.id);
    const admin = await createTeacher(ctx.db, s.school, [], { roles: ['teacher', 'school_admin'] });
    const adminClient = await ctx.client(admin.user.id);
    const anonymous = await ctx.client();
    for (const url of urls) {
      expect((await s.amy.get(url)).statusCode, url).toBe(403);
      expect((await strangerClient.get(url)).statusCode, url).toBe(403);
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
      expect((await adminClient.get(url)).statusCode, url).toBe(200);
    }
  });

  it('answers 404 for a lesson, exam or question not in the topic, or a topic not in the course', async () => {
    const s = await setup();
    const other = `/api/v1/classes/${s.klass.id}/insights/topics/${s.otherTopic.section.id}`;
    const cases = [
      `${s.base}/lessons/${s.otherLesson.lesson.id}/`,
      `${other}/lessons/${s.lesson.lesson.id}/`,
      `${s.base}/exams/${s.otherExam.exam.id}/`,
      `${other}/exams/${s.exam.exam.id}/`,
      `${other}/exams/${s.questionSet.exam.id}/`,
      `${s.base}/exams/${s.exam.exam.id}/questions/${s.otherExam.q[0]}/`,
      `${other}/exams/${s.exam.exam.id}/questions/${s.exam.q[0]}/`,
      `/api/v1/classes/${s.klass.id}/insights/topics/999999/exams/${s.exam.exam.id}/`,
      `/api/v1/classes/999999/insights/topics/${s.topic.section.id}/exams/${s.exam.exam.id}/`,
    ];
    for (const url of cases) expect((await s.teacher.get(url)).statusCode, url).toBe(404);
    const notInTopic = await s.teacher.get(`${s.base}/exams/${s.otherExam.exam.id}/`);
    expect(notInTopic.json()).toMatchObject({ detail: 'This exam is not in that topic.' });
  });

  it('names the field of a malformed id in a 400', async () => {
    const s = await setup();
    const response = await s.teacher.get(`${s.base}/lessons/abc/`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors as object)).toEqual(['lessonId']);
  });
});
