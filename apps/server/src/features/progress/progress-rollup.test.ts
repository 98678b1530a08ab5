import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createClass,
  createCourse,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
  createExamWithQuestions,
} from '../../../test/factories';
import { useTestApp, type TestClient } from '../../../test/harness';
import { rebuildRollup } from './progress-rollup';

const ctx = useTestApp();

/** A small seeded generator (mulberry32), so a failing sequence of operations can be replayed from its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Two classes on one course (a topic with two lessons, an exam and a question set that may be retaken, both with an
 * auto-marked and a teacher-marked question), their teacher and students; one student is in both classes, so a fact
 * must count in its own class only.
 */
async function rollupClasses() {
  const school = await createSchool(ctx.db);
  const course = await createCourse(ctx.db);
  const topic = await createSection(ctx.db, course, { title: 'Everything' });
  const lessons = [
    await createLesson(ctx.db, course, { parent: topic, chunks: 3 }),
    await createLesson(ctx.db, course, { parent: topic, chunks: 2 }),
  ];
  const exams = [];
  for (const kind of ['exam', 'question_set'] as const) {
    const made = await createExamWithQuestions(ctx.db, course, {
      exam: { kind },
      questions: [
        { type: 'short_text', marks: 2, accepted_answers: ['Canberra'] },
        { type: 'extended_response', marks: 4 },
      ],
    });
    await ctx.db.execute(sql`update course_tree_nodes set parent_id = ${topic.node.id}
      where course_id = ${course.id} and node_type = 'exam' and value_id = ${made.exam.id}`);
    exams.push(made);
  }
  const classes = [
    await createClass(ctx.db, school, { courseId: course.id }),
    await createClass(ctx.db, school, { courseId: course.id }),
  ];
  const teacher = await createTeacher(ctx.db, school, classes);
  const [first, second] = classes as [(typeof classes)[number], (typeof classes)[number]];
  const both = await createStudent(ctx.db, school, [first, second], { lastName: 'Both' });
  const memberships = [
    { student: both, klass: first },
    { student: both, klass: second },
  ];
  for (let i = 0; i < 3; i++) memberships.push({ student: await createStudent(ctx.db, school, [first]), klass: first });
  memberships.push({ student: await createStudent(ctx.db, school, [second]), klass: second });
  return { school, topic, lessons, exams, classes, teacher, memberships };
}

type Setup = Awaited<ReturnType<typeof rollupClasses>>;

/** Wrong answers that a teacher may accept one by one, each acceptance re-marking earlier submits. */
const CITIES = ['Sydney', 'Perth', 'Hobart', 'Darwin', 'Adelaide', 'Brisbane', 'Cairns', 'Geelong'];

/** The school's rollup rows in a fixed order, as plain values (the file's tests share one database). */
async function rollupRows(schoolId: number) {
  const { rows } = await ctx.db.execute(sql`
    select school_id, class_id, profile_id, lesson_id, exam_id, chunks_visited, submitted, marks::text as marks,
      awaiting, in_progress
    from progress_rollup where school_id = ${schoolId} order by class_id, profile_id, lesson_id nulls last, exam_id nulls last`);
  return rows;
}

async function topicGrids(s: Setup, teacher: TestClient) {
  const bodies = [];
  for (const klass of s.classes) {
    const res = await teacher.get(`/api/v1/classes/${klass.id}/progress-grids/topic/${s.topic.section.id}/`);
    expect(res.statusCode).toBe(200);
    bodies.push(res.body);
  }
  return bodies;
}

/**
 * Random operations through the HTTP API: visits, starts (by students and by teachers transcribing), answers,
 * submits, teacher marks, releases and accepted alternatives, in the order the generator picks. Every answer must be
 * a success or an expected refusal (4xx), never a 5xx.
 */
async function randomOperations(s: Setup, random: () => number, count: number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const teacher = await ctx.client(s.teacher.user.id);
  const clients = new Map<number, TestClient>();
  const clientOf = async (userId: number) => {
    let client = clients.get(userId);
    if (!client) clients.set(userId, (client = await ctx.client(userId)));
    return client;
  };
  const submitted: { sittingId: number; questionId: number }[] = [];
  const log: string[] = [];
  const expectFine = (what: string, status: number) => {
    log.push(`${what} → ${status}`);
    expect(status, log.join('\n')).toBeLessThan(500);
  };
  for (let i = 0; i < count; i++) {
    const { student, klass } = pick(s.memberships);
    const client = await clientOf(student.user.id);
    const { exam, questions } = pick(s.exams);
    const classExam = `/api/v1/classes/${klass.id}/exams/${exam.id}`;
    const op = random();
    if (op < 0.35) {
      const chunk = pick(pick(s.lessons).chunks);
      expectFine(
        `visit ${klass.id}/${student.profile.id}/chunk ${chunk.id}`,
        (await client.post(`/api/v1/classes/${klass.id}/chunks/${chunk.id}/visit/`)).statusCode,
      );
    } else if (op < 0.6) {
      // A student starts (or resumes), maybe answers, maybe submits.
      const started = await client.post(`${classExam}/start/`);
      expectFine(`start ${classExam} as ${student.profile.id}`, started.statusCode);
      if (started.statusCode >= 300) continue;
      const sitting = started.json() as { id: number; status: string };
      if (sitting.status !== 'open') continue;
      if (random() < 0.7) {
        const answer = await client.request({
          method: 'PUT',
          url: `/api/v1/sittings/${sitting.id}/questions/${questions[0]!.id}/answer/`,
          payload: { answer: { text: pick(['Canberra', ...CITIES]) }, version: 0 },
        });
        expectFine(`answer ${sitting.id}`, answer.statusCode);
      }
      if (random() < 0.6) {
        const done = await client.post(`/api/v1/sittings/${sitting.id}/submit/`);
        expectFine(`submit ${sitting.id}`, done.statusCode);
        if (done.statusCode === 200) submitted.push({ sittingId: sitting.id, questionId: questions[1]!.id });
      }
    } else if (op < 0.75 && submitted.length) {
      const { sittingId, questionId } = pick(submitted);
      const marked = await teacher.request({
        method: 'PUT',
        url: `/api/v1/sittings/${sittingId}/questions/${questionId}/mark/`,
        payload: { marks_awarded: Math.floor(random() * 5) },
      });
      expectFine(`mark ${sittingId}/${questionId}`, marked.statusCode);
    } else if (op < 0.82) {
      const released = await teacher.post(`${classExam}/release/`, { released: random() < 0.5 });
      expectFine(`release ${classExam}`, released.statusCode);
    } else if (op < 0.9) {
      const accepted = await teacher.post(`${classExam}/questions/${questions[0]!.id}/accept-alternative/`, {
        alternative: pick(CITIES),
      });
      expectFine(`accept alternative ${classExam}`, accepted.statusCode);
    } else {
      const transcribe = await teacher.post(`${classExam}/students/${student.profile.id}/transcribe/`);
      expectFine(`transcribe ${classExam}/${student.profile.id}`, transcribe.statusCode);
      const sitting = transcribe.statusCode < 300 ? (transcribe.json() as { id: number; status: string }) : null;
      if (sitting?.status === 'open' && random() < 0.5) {
        const done = await teacher.post(`/api/v1/sittings/${sitting.id}/submit/`);
        expectFine(`submit transcribed ${sitting.id}`, done.statusCode);
        if (done.statusCode === 200) submitted.push({ sittingId: sitting.id, questionId: questions[1]!.id });
      }
    }
    ctx.clock.advance(1_000 + Math.floor(random() * 60_000));
  }
  return { teacher, log };
}

describe('progress rollup', () => {
  it('equals a from-scratch rebuild after random visits, sittings, marks, releases and re-marks', async () => {
    const seed = Number(process.env.ROLLUP_SEED ?? Date.now() % 1_000_000);
    // Printed so a failure can be replayed: ROLLUP_SEED=<seed> npx vitest run --project server <this file>.
    console.log(`progress rollup: ROLLUP_SEED=${seed}`);
    const s = await rollupClasses();
    const { teacher, log } = await randomOperations(s, generator(seed), 150);
    const kept = await rollupRows(s.school.id);
    const grids = await topicGrids(s, teacher);
    expect(kept.length, `seed ${seed}`).toBeGreaterThan(0);

    await rebuildRollup(ctx.db);
    expect(await rollupRows(s.school.id), `seed ${seed}\n${log.join('\n')}`).toEqual(kept);
    expect(await topicGrids(s, teacher), `seed ${seed}`).toEqual(grids);
  });

  it('is restored by a rebuild after its rows are deleted or corrupted', async () => {
    const s = await rollupClasses();
    await randomOperations(s, generator(42), 60);
    const kept = await rollupRows(s.school.id);
    expect(kept.length).toBeGreaterThan(2);

    await ctx.db.execute(sql`delete from progress_rollup where id in (select id from progress_rollup limit 2)`);
    await ctx.db.execute(sql`update progress_rollup set chunks_visited = chunks_visited + 7, submitted = not submitted,
      marks = 99, in_progress = not in_progress`);
    await ctx.db.execute(sql`insert into progress_rollup (school_id, class_id, profile_id, lesson_id, chunks_visited)
      values (${s.school.id}, ${s.classes[1]!.id}, ${s.memberships[0]!.student.profile.id}, ${s.lessons[0]!.lesson.id},
        99)
      on conflict do nothing`);
    expect(await rollupRows(s.school.id)).not.toEqual(kept);

    const counts = await rebuildRollup(ctx.db, { schoolId: s.school.id });
    expect(counts.inserted).toBe(kept.length);
    expect(await rollupRows(s.school.id)).toEqual(kept);
  });

  it('re-marks the totals of every class that sat a question when an alternative answer is accepted', async () => {
    const s = await rollupClasses();
    const { exam, questions } = s.exams[1]!;
    const marksOf = async () => {
      const { rows } = await ctx.db.execute<{ class_id: number; marks: string }>(sql`
        select class_id, marks::text as marks from progress_rollup where exam_id = ${exam.id} order by class_id`);
      return rows;
    };
    for (const { student, klass } of [s.memberships[0]!, s.memberships[1]!]) {
      const client = await ctx.client(student.user.id);
      const sitting = (await client.post(`/api/v1/classes/${klass.id}/exams/${exam.id}/start/`)).json() as {
        id: number;
      };
      await client.request({
        method: 'PUT',
        url: `/api/v1/sittings/${sitting.id}/questions/${questions[0]!.id}/answer/`,
        payload: { answer: { text: 'Sydney' }, version: 0 },
      });
      expect((await client.post(`/api/v1/sittings/${sitting.id}/submit/`)).statusCode).toBe(200);
    }
    expect((await marksOf()).map((r) => r.marks)).toEqual(['0.00', '0.00']);
    const teacher = await ctx.client(s.teacher.user.id);
    const accepted = await teacher.post(
      `/api/v1/classes/${s.classes[0]!.id}/exams/${exam.id}/questions/${questions[0]!.id}/accept-alternative/`,
      { alternative: 'Sydney' },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await marksOf()).map((r) => r.marks)).toEqual(['2.00', '2.00']);
  });

  it("moves a class's cells version with every change to its rows, however made, so a kept grid is never stale", async () => {
    const s = await rollupClasses();
    const [first, second] = s.classes as [Setup['classes'][number], Setup['classes'][number]];
    const versions = async () => {
      const { rows } = await ctx.db.execute<{ class_id: number; version: string }>(sql`
        select class_id, version::text as version from progress_rollup_version
        where class_id in (${first.id}, ${second.id}) order by class_id`);
      return Object.fromEntries(rows.map((r) => [r.class_id, Number(r.version)]));
    };
    const teacher = await ctx.client(s.teacher.user.id);
    const grid = async () =>
      (await teacher.get(`/api/v1/classes/${first.id}/progress-grids/topic/${s.topic.section.id}/`)).json() as {
        rows: unknown[];
      };
    const before = await versions();
    const empty = await grid();

    // A visit through the API: only its class moves, and the grid shows it.
    const { student } = s.memberships[2]!;
    const client = await ctx.client(student.user.id);
    const chunk = s.lessons[0]!.chunks[0]!;
    expect((await client.post(`/api/v1/classes/${first.id}/chunks/${chunk.id}/visit/`)).statusCode).toBe(204);
    const afterVisit = await versions();
    expect(afterVisit[first.id]).toBeGreaterThan(before[first.id] ?? 0);
    expect(afterVisit[second.id]).toBe(before[second.id]);
    const visited = await grid();
    expect(visited).not.toEqual(empty);

    // Rows changed behind the app's back (a repair by hand): the version moves and the kept grid is not served.
    await ctx.db.execute(
      sql`update progress_rollup set chunks_visited = chunks_visited + 1 where class_id = ${first.id}`,
    );
    expect((await versions())[first.id]).toBeGreaterThan(afterVisit[first.id]!);
    const repaired = await grid();
    expect(repaired).not.toEqual(visited);

    // A rebuild moves it too, and brings the true cells back.
    const beforeRebuild = (await versions())[first.id]!;
    await rebuildRollup(ctx.db, { schoolId: s.school.id });
    expect((await versions())[first.id]).toBeGreaterThan(beforeRebuild);
    expect(await grid()).toEqual(visited);

    // A deleted class takes its counter with it.
    await ctx.db.execute(sql`delete from school_classes where id = ${second.id}`);
    expect(await versions()).not.toHaveProperty(String(second.id));
  });

  it('keeps each cell right when two chunks of a lesson are visited at once', async () => {
    const s = await rollupClasses();
    const { student, klass } = s.memberships[1]!;
    const client = await ctx.client(student.user.id);
    const chunks = s.lessons[0]!.chunks;
    const answers = await Promise.all(
      chunks.map((c) => client.post(`/api/v1/classes/${klass.id}/chunks/${c.id}/visit/`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(chunks.map(() => 204));
    const { rows } = await ctx.db.execute<{ chunks_visited: number }>(sql`select chunks_visited from progress_rollup
      where class_id = ${klass.id} and profile_id = ${student.profile.id} and lesson_id = ${s.lessons[0]!.lesson.id}`);
    expect(rows).toEqual([{ chunks_visited: chunks.length }]);
  });
});
