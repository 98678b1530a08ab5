import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { reviewTodaySchema } from '@banksia/contracts/review';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewCards, schools } from './db/schema/index';
import { MIGRATIONS_DIR as migrationsFolder } from './platform/paths';
import { createClass, createSchool, createStudent, createExamWithQuestions } from '../test/factories';
import { useTestApp } from '../test/harness';

// Every "day" is the school's day (ADR 048): a class expires at midnight where its school is, and a student's daily
// review is the day there. A table over a Perth (UTC+8), an Adelaide (UTC+9:30, daylight saving +10:30), a Brisbane
// (UTC+10, no daylight saving) and a Sydney (UTC+10, daylight saving +11) school, across the weekends daylight
// saving starts (Sunday 4 October 2026, 2 am) and ends (Sunday 5 April 2026, 3 am). The fake clock moves; no sleeps.

const ctx = useTestApp();

const ZONES = ['Australia/Perth', 'Australia/Adelaide', 'Australia/Brisbane', 'Australia/Sydney'] as const;
type Zone = (typeof ZONES)[number];

/** The expiration dates tried: the Saturday and the Sunday of each daylight-saving change. */
const DATES = ['2026-10-03', '2026-10-04', '2026-04-04', '2026-04-05'] as const;

/** For each school and expiration date, the instant its last day ends: local midnight, worked out by hand. */
const ENDS: Record<Zone, Record<(typeof DATES)[number], string>> = {
  'Australia/Perth': {
    '2026-10-03': '2026-10-03T16:00:00Z',
    '2026-10-04': '2026-10-04T16:00:00Z',
    '2026-04-04': '2026-04-04T16:00:00Z',
    '2026-04-05': '2026-04-05T16:00:00Z',
  },
  'Australia/Adelaide': {
    // Midnight starting 4 October is before 2 am: still +9:30. Midnight starting 5 October: +10:30.
    '2026-10-03': '2026-10-03T14:30:00Z',
    '2026-10-04': '2026-10-04T13:30:00Z',
    // Midnight starting 5 April is before 3 am: still +10:30. Midnight starting 6 April: +9:30.
    '2026-04-04': '2026-04-04T13:30:00Z',
    '2026-04-05': '2026-04-05T14:30:00Z',
  },
  'Australia/Brisbane': {
    '2026-10-03': '2026-10-03T14:00:00Z',
    '2026-10-04': '2026-10-04T14:00:00Z',
    '2026-04-04': '2026-04-04T14:00:00Z',
    '2026-04-05': '2026-04-05T14:00:00Z',
  },
  'Australia/Sydney': {
    '2026-10-03': '2026-10-03T14:00:00Z',
    '2026-10-04': '2026-10-04T13:00:00Z',
    '2026-04-04': '2026-04-04T13:00:00Z',
    '2026-04-05': '2026-04-05T14:00:00Z',
  },
};

interface SchoolSetup {
  studentUserId: number;
  profileId: number;
  classes: Record<string, number>;
  reviewClassId: number;
  reviewCourseId: number;
}

const schoolsByZone = new Map<Zone, SchoolSetup>();

beforeAll(async () => {
  ctx.clock.set('2026-03-02T09:00:00Z');
  for (const timeZone of ZONES) {
    const school = await createSchool(ctx.db, { timeZone });
    const classes: Record<string, number> = {};
    for (const date of DATES) {
      classes[date] = (await createClass(ctx.db, school, { calendarYear: 2026, expirationDate: date })).id;
    }
    const reviewClass = await createClass(ctx.db, school, { calendarYear: 2026 });
    const student = await createStudent(ctx.db, school, [...Object.values(classes).map((id) => ({ id })), reviewClass]);
    schoolsByZone.set(timeZone, {
      studentUserId: student.user.id,
      profileId: student.profile.id,
      classes,
      reviewClassId: reviewClass.id,
      reviewCourseId: reviewClass.courseId,
    });
  }
});

/** 'open', or the error code a student gets for their class at `at` (a new session then: the clock jumps about). */
async function classAnswer(userId: number, classId: number, at: Date | string): Promise<string> {
  ctx.clock.set(at);
  const response = await (await ctx.client(userId)).get(`/api/v1/classes/${classId}/assemblage/`);
  return response.statusCode === 200 ? 'open' : `${response.statusCode} ${(response.json() as { code: string }).code}`;
}

function openClass(zone: Zone, date: string, at: Date): Promise<string> {
  const school = schoolsByZone.get(zone)!;
  return classAnswer(school.studentUserId, school.classes[date]!, at);
}

const CLOSED = '403 class_expired';

describe('class expiry is midnight at the school', () => {
  const cases = ZONES.flatMap((zone) => DATES.map((date) => [zone, date, ENDS[zone][date]] as const));

  it.each(cases)('%s: a class expiring on %s is open until %s, then closed', async (zone, date, end) => {
    const endMs = new Date(end).getTime();
    expect(await openClass(zone, date, new Date(endMs - 60_000)), 'a minute before midnight').toBe('open');
    expect(await openClass(zone, date, new Date(endMs)), 'at midnight').toBe(CLOSED);
  });

  it("keeps a Perth school's class open at 10 pm Perth time on its last day (midnight in Sydney)", async () => {
    // 30 June 2026: 14:00 UTC is midnight starting 1 July in Sydney, 10 pm on 30 June in Perth.
    const perth = await createSchool(ctx.db, { timeZone: 'Australia/Perth' });
    const klass = await createClass(ctx.db, perth, { calendarYear: 2026, expirationDate: '2026-06-30' });
    const student = await createStudent(ctx.db, perth, [klass]);
    const at = (instant: string) => classAnswer(student.user.id, klass.id, instant);
    expect(await at('2026-06-30T14:00:00Z'), '10 pm in Perth').toBe('open');
    expect(await at('2026-06-30T15:59:00Z'), '11:59 pm in Perth').toBe('open');
    expect(await at('2026-06-30T16:00:00Z'), 'midnight in Perth').toBe(CLOSED);
    // The class list of /auth/me/ agrees: it lists the class until midnight in Perth.
    ctx.clock.set('2026-06-30T15:00:00Z');
    const me = await (await ctx.client(student.user.id)).get('/api/v1/auth/me/');
    expect(me.statusCode, me.body).toBe(200);
    expect((me.json() as { classes: { id: number }[] }).classes.map((c) => c.id)).toContain(klass.id);
  });
});

describe("the daily review is the school's day", () => {
  beforeAll(async () => {
    // One review card per student, from a wrong answer (the review page makes it); its due time is then set per case.
    for (const zone of ZONES) {
      const school = schoolsByZone.get(zone)!;
      const { exam, questions } = await createExamWithQuestions(
        ctx.db,
        { id: school.reviewCourseId },
        {
          exam: { kind: 'exam' },
          questions: [{ type: 'short_text', marks: 1, accepted_answers: ['photosynthesis'] }],
        },
      );
      ctx.clock.set('2026-03-02T09:00:00Z');
      const client = await ctx.client(school.studentUserId);
      const base = `/api/v1/classes/${school.reviewClassId}/exams/${exam.id}`;
      const started = await client.post(`${base}/start/`);
      expect([200, 201], started.body).toContain(started.statusCode);
      const sittingId = (started.json() as { id: number }).id;
      const saved = await client.request({
        method: 'PUT',
        url: `/api/v1/sittings/${sittingId}/questions/${questions[0]!.id}/answer/`,
        payload: { answer: { text: 'respiration' }, version: 0 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await client.post(`/api/v1/sittings/${sittingId}/submit/`)).statusCode).toBe(200);
      const review = await client.get('/api/v1/review/');
      expect(reviewTodaySchema.parse(review.json()).total_cards).toBe(1);
    }
  });

  // [now, the card's due time, whether it is due today at each school (Perth, Adelaide, Brisbane, Sydney)]
  const cases: [string, string, boolean[]][] = [
    // Sunday 4 October, daylight saving's first evening: 23:30 in Sydney, 23:00 Adelaide, 22:30 Brisbane, 20:30 Perth.
    // Due 45 minutes later: 00:15 Monday in Sydney, still Sunday everywhere else.
    ['2026-10-04T12:30:00Z', '2026-10-04T13:15:00Z', [true, true, true, false]],
    // Due 75 minutes later: past midnight in Adelaide too (00:15), still Sunday in Brisbane (23:45) and Perth.
    ['2026-10-04T12:30:00Z', '2026-10-04T13:45:00Z', [true, false, true, false]],
    // Sunday 5 April, the 25-hour day daylight saving ends: 23:30 in Sydney and Brisbane, 23:00 Adelaide, 21:30 Perth.
    // Due at 23:45 in Sydney (it would be 00:45 Monday at the summer offset), 23:15 Adelaide.
    ['2026-04-05T13:30:00Z', '2026-04-05T13:45:00Z', [true, true, true, true]],
    // Due at 00:15 Monday in Sydney and Brisbane; 23:45 Sunday in Adelaide, 22:15 in Perth.
    ['2026-04-05T13:30:00Z', '2026-04-05T14:15:00Z', [true, true, false, false]],
    // Saturday 3 October, 23:00 in Perth (15:00 UTC): already Sunday 01:00 in Sydney, Brisbane; 00:30 in Adelaide.
    // Due 16:30 UTC: 00:30 Sunday in Perth (tomorrow there), Sunday morning elsewhere (today there).
    ['2026-10-03T15:00:00Z', '2026-10-03T16:30:00Z', [false, true, true, true]],
  ];

  it.each(cases)('at %s a card due %s is due today: %j', async (now, due, expected) => {
    for (const [i, zone] of ZONES.entries()) {
      const school = schoolsByZone.get(zone)!;
      await ctx.db
        .update(reviewCards)
        .set({ due: new Date(due) })
        .where(eq(reviewCards.profileId, school.profileId));
      ctx.clock.set(now);
      const client = await ctx.client(school.studentUserId);
      for (const url of ['/api/v1/review/', `/api/v1/review/?class_id=${school.reviewClassId}`]) {
        const response = await client.get(url);
        expect(response.statusCode, response.body).toBe(200);
        const review = reviewTodaySchema.parse(response.json());
        expect(review.time_zone, url).toBe(zone);
        expect({ zone, url, due_today: review.due_today }).toEqual({ zone, url, due_today: expected[i] ? 1 : 0 });
      }
    }
  });
});

describe('migration 0021', () => {
  it('gives the schools that exist the configured SCHOOL_TIME_ZONE, and leaves them be without one', async () => {
    const file = await readFile(path.join(migrationsFolder, '0021_school_time_zone.sql'), 'utf8');
    const update = file.split('--> statement-breakpoint').find((statement) => /UPDATE "schools"/.test(statement))!;
    const a = await createSchool(ctx.db, { timeZone: 'Australia/Sydney' });
    const b = await createSchool(ctx.db, { timeZone: 'Australia/Sydney' });
    const zones = async () =>
      (
        await ctx.db
          .select()
          .from(schools)
          .where(inArray(schools.id, [a.id, b.id]))
      ).map((row) => row.timeZone);
    // As runMigrations runs it: the setting on the session (here local to a transaction that is rolled back).
    const seen = await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('banksia.school_time_zone', 'Australia/Perth', true)`);
        await tx.execute(sql.raw(update));
        const rows = await tx
          .select()
          .from(schools)
          .where(inArray(schools.id, [a.id, b.id]));
        throw Object.assign(new Error('rollback'), { rows: rows.map((row) => row.timeZone) });
      })
      .catch((error: { rows?: string[] }) => error.rows);
    expect(seen).toEqual(['Australia/Perth', 'Australia/Perth']);
    // Without the setting (an older runner), the column's default stays.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql.raw(update));
    });
    expect(await zones()).toEqual(['Australia/Sydney', 'Australia/Sydney']);
  });
});
