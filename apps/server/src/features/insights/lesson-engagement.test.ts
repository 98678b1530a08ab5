import { lessonInsightsSchema } from '@banksia/contracts/insights';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chunkVisits, chunkWatches, lessonNotes, lessonSelfRatings, lessons } from '../../db/schema/index';
import { ctx, setup, type Setup, sit, bands, REAL_NAMES } from './insights.test-helpers';

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
