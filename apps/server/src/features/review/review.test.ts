import { sittingSchema } from '@banksia/contracts/exam-api';
import { anonymisedNames } from '@banksia/contracts/rules/anonymiser';
import { REVIEW_SET_SIZE } from '@banksia/contracts/rules/review';
import {
  reviewAnswerResultSchema,
  reviewTodaySchema,
  reviewTopicsSchema,
  type ReviewAnswerResult,
} from '@banksia/contracts/review';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { courseTreeNodes, lessonSelfRatings, reviewCards, reviewLogs } from '../../db/schema/index';
import {
  createClass,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
  createExamWithQuestions,
  type QuestionInput,
} from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';

// Spaced retrieval: cards from wrong answers and low-rated lessons, the daily set, FSRS scheduling on the due days
// (with the fake clock), and the class's topics to revisit.

const ctx = useTestApp();
const START = '2026-03-02T00:00:00.000Z'; // 11:00 in Sydney; the tests' school is on UTC, so "today" is UTC's.

const questions: QuestionInput[] = [
  { type: 'short_text', marks: 2, accepted_answers: ['photosynthesis'] },
  { type: 'numeric', marks: 1, answer: 12.5, tolerance: 0.05, unit: 'cm' },
  { type: 'extended_response', marks: 3 },
  {
    type: 'multiple_choice',
    marks: 2,
    options: [
      { id: 'a', text: 'A' },
      { id: 'b', text: 'B' },
      { id: 'c', text: 'C' },
    ],
    correct_option_ids: ['a', 'b'],
    multiple: true,
    partial: true,
  },
];

beforeEach(() => ctx.clock.set(START));

async function examIn(course: { id: number }, topic: { node: { id: number } } | null, qs: QuestionInput[]) {
  const made = await createExamWithQuestions(ctx.db, course, { questions: qs, exam: { kind: 'exam' } });
  if (topic) {
    await ctx.db
      .update(courseTreeNodes)
      .set({ parentId: topic.node.id })
      .where(and(eq(courseTreeNodes.nodeType, 'exam'), eq(courseTreeNodes.valueId, made.exam.id)));
  }
  return { exam: made.exam, q: made.questions.map((row) => row.id) };
}

async function setup() {
  const school = await createSchool(ctx.db, { timeZone: 'UTC' });
  const klass = await createClass(ctx.db, school);
  const course = { id: klass.courseId };
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const amy = await createStudent(ctx.db, school, [klass], { firstName: 'Amy', lastName: 'Zanetti' });
  const bob = await createStudent(ctx.db, school, [klass], { firstName: 'Bob', lastName: 'Quayle' });
  const fractions = await createSection(ctx.db, course, { title: 'Fractions' });
  const algebra = await createSection(ctx.db, course, { title: 'Algebra' });
  const exam = await examIn(course, fractions, questions);
  return {
    school,
    klass,
    course,
    fractions,
    algebra,
    exam,
    teacher: await ctx.client(teacher.user.id),
    amy: await ctx.client(amy.user.id),
    amyProfile: amy.profile,
    /** Amy signed in afresh: sessions run out while the clock moves on by days. */
    amyAgain: () => ctx.client(amy.user.id),
    bob: await ctx.client(bob.user.id),
    bobProfile: bob.profile,
    answerUrl: (questionId: number) => `/api/v1/classes/${klass.id}/review/questions/${questionId}/answer/`,
  };
}
type Setup = Awaited<ReturnType<typeof setup>>;

async function sit(
  s: Setup,
  c: TestClient,
  exam: { exam: { id: number }; q: number[] },
  answers: Record<number, object>,
) {
  const base = `/api/v1/classes/${s.klass.id}/exams/${exam.exam.id}`;
  const started = await c.post(`${base}/start/`);
  expect([200, 201], started.body).toContain(started.statusCode);
  const sitting = sittingSchema.parse(started.json());
  for (const [index, answer] of Object.entries(answers)) {
    const saved = await c.request({
      method: 'PUT',
      url: `/api/v1/sittings/${sitting.id}/questions/${exam.q[Number(index)]}/answer/`,
      payload: { answer, version: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const submitted = await c.post(`/api/v1/sittings/${sitting.id}/submit/`);
  expect(submitted.statusCode, submitted.body).toBe(200);
}

async function today(c: TestClient, query = '') {
  const response = await c.get(`/api/v1/review/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return reviewTodaySchema.parse(response.json());
}

async function answer(c: TestClient, url: string, body: object): Promise<ReviewAnswerResult> {
  const response = await c.post(url, body);
  expect(response.statusCode, response.body).toBe(200);
  return reviewAnswerResultSchema.parse(response.json());
}

describe('cards from wrong answers', () => {
  it('makes a card due now for each wrong or partly wrong auto-marked answer, without the answer key', async () => {
    const s = await setup();
    await sit(s, s.amy, s.exam, {
      0: { text: 'respiration' }, // wrong
      1: { value: '12.5 cm' }, // right
      2: { html: '<p>Long answer</p>' }, // marked by hand: never a card
      3: { option_ids: ['a'] }, // partly right
    });
    const review = await today(s.amy);
    expect(review.cards.map((c) => c.question_id)).toEqual([s.exam.q[0], s.exam.q[3]]);
    expect(review.cards[0]).toMatchObject({
      class_id: s.klass.id,
      exam_id: s.exam.exam.id,
      topic: 'Fractions',
      source: 'wrong',
      due: START,
      reps: 0,
      lapses: 0,
    });
    expect(review.cards[0]!.question.solution).toBeNull();
    expect(JSON.stringify(review)).not.toMatch(/photosynthesis|correct_option_ids|Because/);
    expect(review).toMatchObject({ due_today: 2, done_today: 0, total_cards: 2, next_due: null, time_zone: 'UTC' });

    // Opening again makes no second card; Bob, who sat nothing, has none.
    expect((await today(s.amy)).total_cards).toBe(2);
    expect(await today(s.bob)).toMatchObject({ cards: [], due_today: 0, total_cards: 0, next_due: null });
  });

  it('makes cards from a low-rated lesson’s question set, not from a well-rated one', async () => {
    const s = await setup();
    const low = await createExamWithQuestions(ctx.db, s.course, {
      questions: [questions[0]!, questions[2]!],
      exam: { kind: 'question_set' },
    });
    const high = await createExamWithQuestions(ctx.db, s.course, {
      questions: [questions[1]!],
      exam: { kind: 'question_set' },
    });
    const lowLesson = await createLesson(ctx.db, s.course, { questionSetId: low.exam.id, parent: s.algebra });
    const highLesson = await createLesson(ctx.db, s.course, { questionSetId: high.exam.id });
    await ctx.db.insert(lessonSelfRatings).values([
      {
        schoolId: s.school.id,
        profileId: s.amyProfile.id,
        lessonId: lowLesson.lesson.id,
        rating: 2,
        updatedAt: new Date(),
      },
      {
        schoolId: s.school.id,
        profileId: s.amyProfile.id,
        lessonId: highLesson.lesson.id,
        rating: 4,
        updatedAt: new Date(),
      },
    ]);
    const review = await today(s.amy, `?class_id=${s.klass.id}`);
    expect(review.cards).toEqual([
      expect.objectContaining({ question_id: low.questions[0]!.id, source: 'low_rating', topic: 'Algebra' }),
    ]);
  });

  it('caps the daily set at REVIEW_SET_SIZE, soonest due first, and counts every card due', async () => {
    const s = await setup();
    const many = await examIn(
      s.course,
      s.algebra,
      Array.from({ length: 12 }, () => ({ type: 'short_text', marks: 1, accepted_answers: ['yes'] }) as QuestionInput),
    );
    await sit(s, s.amy, many, Object.fromEntries(many.q.map((_, i) => [i, { text: 'no' }])));
    const review = await today(s.amy);
    expect(review.cards).toHaveLength(REVIEW_SET_SIZE);
    expect(review.due_today).toBe(12);
    expect(review.total_cards).toBe(12);
  });
});

describe('answering a card', () => {
  it('grows the interval with each right answer on its due day, and refuses a card not due yet', async () => {
    const s = await setup();
    await sit(s, s.amy, s.exam, { 0: { text: 'respiration' } });
    const url = s.answerUrl(s.exam.q[0]!);
    const intervals: number[] = [];
    let amy = s.amy;
    for (let i = 0; i < 4; i++) {
      const result = await answer(amy, url, { answer: { text: 'Photosynthesis' } });
      expect(result).toMatchObject({ correct: true, mark_status: 'correct', rating: 3, lapses: 0, reps: i + 1 });
      expect(result.solution).toMatchObject({
        worked_solution: '<p>Because.</p>',
        accepted_answers: ['photosynthesis'],
      });
      expect(result.comes_back_in_days).toBe(result.scheduled_days);
      intervals.push(result.scheduled_days);
      // Not due again until its day: the same answer now is refused, and today's set is done.
      expect((await amy.post(url, { answer: { text: 'photosynthesis' } })).statusCode).toBe(409);
      const after = await today(amy);
      expect(after).toMatchObject({ cards: [], due_today: 0, done_today: 1, next_due: result.due });
      ctx.clock.set(result.due);
      amy = await s.amyAgain();
    }
    expect(intervals[0]).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < intervals.length; i++) expect(intervals[i]).toBeGreaterThan(intervals[i - 1]!);

    const logs = await ctx.db.select().from(reviewLogs).where(eq(reviewLogs.profileId, s.amyProfile.id));
    expect(logs.map((l) => [l.rating, l.correct, l.scheduledDays])).toEqual(intervals.map((d) => [3, true, d]));
  });

  it('brings a forgotten card back sooner and counts a lapse; a partly right answer rates Hard', async () => {
    const s = await setup();
    await sit(s, s.amy, s.exam, { 0: { text: 'respiration' }, 3: { option_ids: ['a'] } });
    const url = s.answerUrl(s.exam.q[0]!);
    let last!: ReviewAnswerResult;
    let amy = s.amy;
    for (let i = 0; i < 3; i++) {
      last = await answer(amy, url, { answer: { text: 'photosynthesis' } });
      ctx.clock.set(last.due);
      amy = await s.amyAgain();
    }
    const wrong = await answer(amy, url, { answer: { text: 'respiration' } });
    expect(wrong).toMatchObject({ correct: false, mark_status: 'incorrect', rating: 1, lapses: 1 });
    expect(wrong.scheduled_days).toBeLessThan(last.scheduled_days);
    const [card] = await ctx.db
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.profileId, s.amyProfile.id), eq(reviewCards.questionId, s.exam.q[0]!)));
    expect(card).toMatchObject({ lapses: 1, reps: 4, scheduledDays: wrong.scheduled_days });
    expect(new Date(card!.due).toISOString()).toBe(wrong.due);

    const partly = await answer(amy, s.answerUrl(s.exam.q[3]!), { answer: { option_ids: ['a'] } });
    expect(partly).toMatchObject({ correct: false, mark_status: 'partially_correct', rating: 2 });
  });

  it('answers 400 naming the field for an empty or misshapen answer', async () => {
    const s = await setup();
    await sit(s, s.amy, s.exam, { 0: { text: 'respiration' } });
    const url = s.answerUrl(s.exam.q[0]!);
    const empty = await s.amy.post(url, { answer: { text: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('answer');
    const misshapen = await s.amy.post(url, { answer: { value: 3 } });
    expect(misshapen.statusCode).toBe(400);
    expect(misshapen.json().errors).toHaveProperty(['answer.text']);
    // Nothing was recorded by the refused answers.
    expect(await ctx.db.select().from(reviewLogs).where(eq(reviewLogs.profileId, s.amyProfile.id))).toEqual([]);
  });
});

describe('authorization', () => {
  it('keeps cards to their student', async () => {
    const s = await setup();
    await sit(s, s.amy, s.exam, { 0: { text: 'respiration' } });
    await today(s.amy);
    const url = s.answerUrl(s.exam.q[0]!);
    // Bob (same class, no card on the question), a teacher, and a student of another class: no such card.
    expect((await s.bob.post(url, { answer: { text: 'photosynthesis' } })).statusCode).toBe(404);
    expect((await s.teacher.post(url, { answer: { text: 'photosynthesis' } })).statusCode).toBe(404);
    const other = await setup();
    expect((await other.amy.post(url, { answer: { text: 'photosynthesis' } })).statusCode).toBe(404);
    expect((await other.amy.get(`/api/v1/review/?class_id=${s.klass.id}`)).statusCode).toBe(403);
    expect((await s.teacher.get(`/api/v1/review/?class_id=${s.klass.id}`)).statusCode).toBe(403);
    expect((await (await ctx.client()).get('/api/v1/review/')).statusCode).toBe(401);
  });

  it('shows the class’s topics to its teachers only', async () => {
    const s = await setup();
    const url = `/api/v1/classes/${s.klass.id}/review/topics/`;
    expect((await s.teacher.get(url)).statusCode).toBe(200);
    expect((await s.amy.get(url)).statusCode).toBe(403);
    const otherSchool = await setup();
    expect((await otherSchool.teacher.get(url)).statusCode).toBe(403);
    expect((await s.teacher.get('/api/v1/classes/999999/review/topics/')).statusCode).toBe(404);
  });
});

describe('topics to revisit', () => {
  it('ranks the class’s topics by miss rate with the students who struggle most, names hidden on request', async () => {
    const s = await setup();
    const algebraExam = await examIn(s.course, s.algebra, [
      { type: 'short_text', marks: 1, accepted_answers: ['x = 2'] },
    ]);
    // Fractions: both miss q0 in the exam; in review Amy misses it again, Bob gets it.
    await sit(s, s.amy, s.exam, { 0: { text: 'respiration' } });
    await sit(s, s.bob, s.exam, { 0: { text: 'osmosis' } });
    // Algebra: Amy misses it in the exam, then gets it in review.
    await sit(s, s.amy, algebraExam, { 0: { text: 'x = 3' } });
    await today(s.amy);
    await today(s.bob);
    await answer(s.amy, s.answerUrl(s.exam.q[0]!), { answer: { text: 'respiration' } });
    await answer(s.bob, s.answerUrl(s.exam.q[0]!), { answer: { text: 'photosynthesis' } });
    await answer(s.amy, s.answerUrl(algebraExam.q[0]!), { answer: { text: 'x = 2' } });

    const named = reviewTopicsSchema.parse(
      (await s.teacher.get(`/api/v1/classes/${s.klass.id}/review/topics/`)).json(),
    );
    expect(named.anonymised).toBe(false);
    expect(named.topics.map((t) => [t.title, t.cards, t.students, t.reviews, t.missed, t.miss_rate])).toEqual([
      ['Fractions', 2, 2, 2, 1, 0.5],
      ['Algebra', 1, 1, 1, 0, 0],
    ]);
    expect(named.topics[0]!.struggling).toEqual([
      expect.objectContaining({ profile_id: s.amyProfile.id, display_name: 'Amy Zanetti', missed: 1, cards: 1 }),
    ]);

    const hidden = await s.teacher.get(`/api/v1/classes/${s.klass.id}/review/topics/?anonymise=1`);
    expect(hidden.body).not.toMatch(/Amy|Zanetti|Bob|Quayle/);
    const pseudonym = anonymisedNames([s.amyProfile.id, s.bobProfile.id], ctx.clock.now()).get(s.amyProfile.id)!;
    expect(reviewTopicsSchema.parse(hidden.json())).toMatchObject({
      anonymised: true,
      topics: [{ struggling: [{ first_name: pseudonym.firstName, last_name: pseudonym.lastName }] }, {}],
    });
  });

  it('makes the class’s cards when the teacher looks, before students open their review', async () => {
    const s = await setup();
    await sit(s, s.amy, s.exam, { 0: { text: 'respiration' } });
    const topics = reviewTopicsSchema.parse(
      (await s.teacher.get(`/api/v1/classes/${s.klass.id}/review/topics/`)).json(),
    );
    expect(topics.topics).toEqual([
      expect.objectContaining({ title: 'Fractions', cards: 1, reviews: 0, miss_rate: null, struggling: [] }),
    ]);
  });
});
