import { AccessStatus } from '@banksia/contracts/classes';
import { progressGridSchema, type ProgressGrid } from '@banksia/contracts/progress-grids';
import { progressBand } from '@banksia/contracts/rules/progress';
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
  createUser,
  createExamWithQuestions,
} from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import type { Executor } from '../../platform/db';
import * as repo from './progress-grids.repository';
import { rebuildRollup } from './progress-rollup';

const ctx = useTestApp();

/**
 * A class of three on the roster (Bob Young, Cleo Young, Ada Zed, in that order) plus a removed student, on a course
 * with one topic holding a 4-chunk lesson, a lesson with no chunks and an exam (Q1 2 marks, Q2 3 marks), and a
 * question set and a reflective set at the course root. Bob: lesson fully visited, exam 3/5; Cleo: 1 chunk, exam
 * awaiting marking; Ada: nothing visited, exam in progress.
 */
async function gridClass() {
  const school = await createSchool(ctx.db);
  const course = await createCourse(ctx.db);
  const klass = await createClass(ctx.db, school, { courseId: course.id, title: '9MAT1' });
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const bob = await createStudent(ctx.db, school, [klass], { firstName: 'Bob', lastName: 'Young' });
  const cleo = await createStudent(ctx.db, school, [klass], { firstName: 'Cleo', lastName: 'Young' });
  const ada = await createStudent(ctx.db, school, [klass], { firstName: 'Ada', lastName: 'Zed' });
  const removed = await createStudent(ctx.db, school, [klass], {
    firstName: 'Rex',
    lastName: 'Removed',
    accessStatus: AccessStatus.REMOVED,
  });
  const topic = await createSection(ctx.db, course, { title: 'Algebra' });
  const lesson = await createLesson(ctx.db, course, { parent: topic, chunks: 4, title: 'Expressions' });
  const empty = await createLesson(ctx.db, course, { parent: topic, chunks: 0, title: 'Coming up' });
  const exam = await createExamWithQuestions(ctx.db, course, {
    exam: { title: 'Algebra test' },
    questions: [
      { type: 'numeric', marks: 2, answer: 4, tolerance: 0 },
      { type: 'extended_response', marks: 3 },
    ],
  });
  await ctx.db.execute(sql`update course_tree_nodes set parent_id = ${topic.node.id}
    where course_id = ${course.id} and node_type = 'exam' and value_id = ${exam.exam.id}`);
  const qs = await createExamWithQuestions(ctx.db, course, {
    exam: { title: 'Quick check', kind: 'question_set' },
    questions: [
      {
        type: 'multiple_choice',
        marks: 1,
        options: [
          { id: 'a', text: '<p>Four</p>' },
          { id: 'b', text: '<p>Five</p>' },
        ],
        correct_option_ids: ['a'],
        multiple: false,
      },
    ],
  });
  const reflective = await createExamWithQuestions(ctx.db, course, {
    exam: { title: 'How did it go', kind: 'reflective_question_set' },
    questions: [{ type: 'extended_response', marks: 1 }],
  });

  const now = ctx.clock.now();
  const s = { schoolId: school.id, classId: klass.id };
  const visit = async (profileId: number, chunkIds: number[]) => {
    for (const chunkId of chunkIds) {
      await ctx.db.execute(sql`insert into chunk_visits (school_id, class_id, profile_id, chunk_id, first_visited_at,
        last_visited_at) values (${s.schoolId}, ${s.classId}, ${profileId}, ${chunkId}, ${now}, ${now})`);
    }
  };
  const sitting = async (examId: number, profileId: number, status: 'open' | 'submitted') => {
    const { rows } = await ctx.db.execute<{ id: number }>(sql`insert into exam_sittings
      (school_id, class_id, profile_id, exam_id, status, started_at, submitted_at)
      values (${s.schoolId}, ${s.classId}, ${profileId}, ${examId}, ${status}, ${now},
        ${status === 'submitted' ? now : null}) returning id`);
    return rows[0]!.id;
  };
  const answer = async (
    sittingId: number,
    questionId: number,
    markStatus: string | null,
    marks: number | null,
    given: unknown = { value: '4' },
  ) => {
    await ctx.db.execute(sql`insert into exam_answers (school_id, sitting_id, question_id, answer, mark_status,
      marks_awarded, updated_at) values (${s.schoolId}, ${sittingId}, ${questionId}, ${JSON.stringify(given)}::jsonb,
      ${markStatus}, ${marks}, ${now})`);
  };

  const [q1, q2] = exam.questions.map((q) => q.id);
  await visit(
    bob.profile.id,
    lesson.chunks.map((c) => c.id),
  );
  await visit(cleo.profile.id, [lesson.chunks[0]!.id]);
  // The removed student's facts never count.
  await visit(
    removed.profile.id,
    lesson.chunks.map((c) => c.id),
  );
  const bobSitting = await sitting(exam.exam.id, bob.profile.id, 'submitted');
  await answer(bobSitting, q1!, 'correct', 2);
  await answer(bobSitting, q2!, 'partially_correct', 1, { html: '<p>Half <b>right</b></p>' });
  const cleoSitting = await sitting(exam.exam.id, cleo.profile.id, 'submitted');
  await answer(cleoSitting, q1!, 'incorrect', 0, { value: '5' });
  await answer(cleoSitting, q2!, 'needs_marking', null, { html: '<p>Pending</p>' });
  await sitting(exam.exam.id, ada.profile.id, 'open');

  const bobQs = await sitting(qs.exam.id, bob.profile.id, 'submitted');
  await answer(bobQs, qs.questions[0]!.id, 'correct', 1, { option_ids: ['a'] });
  const cleoQs = await sitting(qs.exam.id, cleo.profile.id, 'submitted');
  await answer(cleoQs, qs.questions[0]!.id, 'incorrect', 0, { option_ids: ['b'] });

  const bobReflect = await sitting(reflective.exam.id, bob.profile.id, 'submitted');
  await answer(bobReflect, reflective.questions[0]!.id, null, null, { confidence: 4, revisit: '=cmd|calc' });

  await ctx.db.execute(sql`insert into chunk_watches (school_id, class_id, profile_id, chunk_id, seconds_watched,
    watched, updated_at) values (${s.schoolId}, ${s.classId}, ${bob.profile.id}, ${lesson.chunks[0]!.id}, 30, false,
    ${now})`);
  await ctx.db.execute(sql`insert into lesson_self_ratings (school_id, profile_id, lesson_id, rating, updated_at)
    values (${s.schoolId}, ${bob.profile.id}, ${lesson.lesson.id}, 4, ${now})`);
  await ctx.db.execute(sql`insert into lesson_notes (school_id, class_id, profile_id, lesson_id, html, updated_at)
    values (${s.schoolId}, ${s.classId}, ${bob.profile.id}, ${lesson.lesson.id}, '<p>My notes</p>', ${now})`);

  // The facts went in directly, past the services that keep the grids' rollup current.
  await rebuildRollup(ctx.db);
  const base = `/api/v1/classes/${klass.id}/progress-grids`;
  return { school, course, klass, teacher, bob, cleo, ada, removed, topic, lesson, empty, exam, qs, reflective, base };
}

type Fixture = Awaited<ReturnType<typeof gridClass>>;

async function getGrid(f: Fixture, path: string, userId = f.teacher.user.id): Promise<ProgressGrid> {
  const client = await ctx.client(userId);
  const res = await client.get(`${f.base}${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return progressGridSchema.parse(res.json());
}

const texts = (g: ProgressGrid) => g.rows.map((r) => [r.label, ...r.cells.map((c) => c.text)]);
const realNames = ['Bob', 'Cleo', 'Ada', 'Young', 'Zed', 'Removed', 'Rex'];

function gridPaths(f: Fixture) {
  return [
    `/exam/${f.exam.exam.id}/`,
    `/topic/${f.topic.section.id}/`,
    `/topic/${f.topic.section.id}/exam/${f.exam.exam.id}/`,
    `/lesson/${f.lesson.lesson.id}/`,
    `/student/${f.bob.profile.id}/`,
    `/question-set/${f.qs.exam.id}/`,
    `/reflective-question-set/${f.reflective.exam.id}/`,
    `/question-set/${f.qs.exam.id}/question/${f.qs.questions[0]!.id}/`,
  ];
}

describe('exam grid', () => {
  it('shows marks per question, totals, percent and each student’s state, in roster order', async () => {
    const f = await gridClass();
    const g = await getGrid(f, `/exam/${f.exam.exam.id}/`);
    expect(g.kind).toBe('exam');
    expect(g.columns.map((c) => c.title)).toEqual(['Q1', 'Q2', 'Total', 'Percent']);
    expect(g.columns.map((c) => c.max)).toEqual([2, 3, 5, 100]);
    expect(g.rows.map((r) => r.status)).toEqual(['submitted', 'awaiting_marking', 'in_progress']);
    expect(texts(g)).toEqual([
      ['Bob Young', '2 / 2', '1 / 3', '3 / 5', '60%'],
      ['Cleo Young', '0 / 2', 'Awaiting marking', 'Awaiting marking', 'Awaiting marking'],
      ['Ada Zed', 'In progress', 'In progress', 'In progress', 'In progress'],
    ]);
    const bob = g.rows[0]!;
    expect(bob.cells.map((c) => progressBand(c.percent))).toEqual(['complete', 'low', 'na', 'medium']);
    expect(g.rows.some((r) => r.label.includes('Removed'))).toBe(false);
  });

  it('is 404 for an exam of another course, for a question set, and from a topic it is not in', async () => {
    const f = await gridClass();
    const other = await createExamWithQuestions(ctx.db, await createCourse(ctx.db), {
      questions: [{ type: 'numeric', marks: 1, answer: 1, tolerance: 0 }],
    });
    const otherTopic = await createSection(ctx.db, f.course, { title: 'Geometry' });
    const client = await ctx.client(f.teacher.user.id);
    for (const path of [
      `/exam/${other.exam.id}/`,
      `/exam/${f.qs.exam.id}/`,
      `/exam/999999/`,
      `/topic/${otherTopic.section.id}/exam/${f.exam.exam.id}/`,
      `/topic/999999/`,
      `/lesson/999999/`,
      `/student/${f.removed.profile.id}/`,
      `/question-set/${f.qs.exam.id}/question/${f.exam.questions[0]!.id}/`,
      `/reflective-question-set/${f.qs.exam.id}/`,
    ]) {
      const res = await client.get(`${f.base}${path}`);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await client.get(`/api/v1/classes/999999/progress-grids/exam/${f.exam.exam.id}/`)).statusCode).toBe(404);
  });

  it('is reached from its topic', async () => {
    const f = await gridClass();
    const g = await getGrid(f, `/topic/${f.topic.section.id}/exam/${f.exam.exam.id}/`);
    expect(g.kind).toBe('topic_exam');
    expect(g.topic).toEqual({ id: f.topic.section.id, title: 'Algebra' });
    expect(texts(g)[0]).toEqual(['Bob Young', '2 / 2', '1 / 3', '3 / 5', '60%']);
  });
});

describe('topic grid', () => {
  it('shows lessons (chunks visited) and exams (percent of the submitted sitting) with an overall column', async () => {
    const f = await gridClass();
    const g = await getGrid(f, `/topic/${f.topic.section.id}/`);
    expect(g.columns.map((c) => [c.kind, c.title])).toEqual([
      ['lesson', 'Expressions'],
      ['lesson', 'Coming up'],
      ['exam', 'Algebra test'],
      ['overall', 'Overall'],
    ]);
    expect(texts(g)).toEqual([
      ['Bob Young', '100%', 'N/A', '60%', '80%'],
      ['Cleo Young', '25%', 'N/A', 'Awaiting marking', '25%'],
      ['Ada Zed', '0%', 'N/A', 'In progress', '0%'],
    ]);
    expect(g.rows[0]!.cells.map((c) => progressBand(c.percent))).toEqual(['complete', 'na', 'medium', 'high']);
  });

  it('lists the columns even with nobody on the roster', async () => {
    const school = await createSchool(ctx.db);
    const course = await createCourse(ctx.db);
    const klass = await createClass(ctx.db, school, { courseId: course.id });
    const teacher = await createTeacher(ctx.db, school, [klass]);
    const topic = await createSection(ctx.db, course);
    await createLesson(ctx.db, course, { parent: topic, title: 'Only lesson' });
    const client = await ctx.client(teacher.user.id);
    const res = await client.get(`/api/v1/classes/${klass.id}/progress-grids/topic/${topic.section.id}/`);
    const g = progressGridSchema.parse(res.json());
    expect(g.columns.map((c) => c.title)).toEqual(['Only lesson', 'Overall']);
    expect(g.rows).toEqual([]);
  });
});

describe('topic grid kept between requests', () => {
  it('leaves out the items and the facts whose versions the caller holds', async () => {
    const f = await gridClass();
    const q = { classId: f.klass.id, schoolId: f.school.id, courseId: f.course.id, topicId: f.topic.section.id };
    const full = await repo.itemGridData(ctx.db, q);
    expect(full.items).toHaveLength(3);
    expect(full.facts).not.toBeNull();
    const known = { knownItemsVersion: full.items_version, knownCellsVersion: full.cells_version };
    const again = await repo.itemGridData(ctx.db, { ...q, ...known });
    expect(again).toEqual({ ...full, items: null, facts: null });
    // Only what moved comes back.
    await ctx.db.execute(sql`update sections set title = 'Algebra 1' where id = ${f.topic.section.id}`);
    const renamed = await repo.itemGridData(ctx.db, { ...q, ...known });
    expect(renamed.items_version).not.toBe(full.items_version);
    expect(renamed.items?.map((i) => i[4])).toEqual(['Algebra 1', 'Algebra 1', 'Algebra 1']);
    expect(renamed.facts).toBeNull();
  });

  it('follows every change to its items, however made: titles, chunks, marks, publishing and placement', async () => {
    const f = await gridClass();
    const other = await createCourse(ctx.db);
    const otherLesson = await createLesson(ctx.db, other, { chunks: 2 });
    const versions = async () => {
      const { rows } = await ctx.db.execute<{ course_id: number; version: string }>(sql`
        select course_id, version::text as version from course_items_version
        where course_id in (${f.course.id}, ${other.id})`);
      return Object.fromEntries(rows.map((r) => [r.course_id, Number(r.version)]));
    };
    const grid = async () => {
      const g = await getGrid(f, `/topic/${f.topic.section.id}/`);
      const titles = g.columns.map((c) => c.title);
      const bob = texts(g)[0]!;
      return { titles, bob: Object.fromEntries(titles.map((t, i) => [t, bob[i + 1]])) };
    };
    const first = await grid();
    expect(first.titles).toEqual(['Expressions', 'Coming up', 'Algebra test', 'Overall']);
    expect(await grid()).toEqual(first);

    // Each change is made behind the app's back, as a repair by hand would be: the triggers see them all.
    let before = await versions();
    const moved = async () => {
      const now = await versions();
      expect(now[f.course.id]).toBeGreaterThan(before[f.course.id] ?? 0);
      expect(now[other.id]).toBe(before[other.id]);
      before = now;
      return grid();
    };
    await ctx.db.execute(sql`update lessons set title = 'Expressions again' where id = ${f.lesson.lesson.id}`);
    expect((await moved()).titles).toEqual(['Expressions again', 'Coming up', 'Algebra test', 'Overall']);

    // A fifth chunk: Bob's four visited are 80% now.
    await ctx.db.execute(sql`insert into chunks (lesson_id, index, title, video_id)
      select lesson_id, 5, 'More', video_id from chunks where lesson_id = ${f.lesson.lesson.id} limit 1`);
    expect((await moved()).bob['Expressions again']).toBe('80%');

    // Five more marks on the exam: Bob's 3 are 30% of 10.
    await ctx.db.execute(sql`update exam_questions set marks = marks + 5 where id = ${f.exam.questions[0]!.id}`);
    expect((await moved()).bob['Algebra test']).toBe('30%');

    await ctx.db.execute(sql`update lessons set is_published = false where id = ${f.empty.lesson.id}`);
    expect((await moved()).titles).toEqual(['Expressions again', 'Algebra test', 'Overall']);

    // The exam moved out of the topic, to the course's root.
    await ctx.db.execute(sql`update course_tree_nodes set parent_id = (select id from course_tree_nodes
        where course_id = ${f.course.id} and node_type = 'course')
      where course_id = ${f.course.id} and node_type = 'exam' and value_id = ${f.exam.exam.id}`);
    expect((await moved()).titles).toEqual(['Expressions again', 'Overall']);

    // A change to another course moves only its own version; a deleted course takes its counter with it.
    await ctx.db.execute(sql`update chunks set title = 'Renamed' where lesson_id = ${otherLesson.lesson.id}`);
    expect((await versions())[other.id]).toBeGreaterThan(before[other.id] ?? 0);
    expect((await versions())[f.course.id]).toBe(before[f.course.id]);
    await ctx.db.execute(sql`delete from courses where id = ${other.id}`);
    expect(await versions()).not.toHaveProperty(String(other.id));
  });
});

describe('lesson grid', () => {
  it('shows chunks visited and video watched, self-rating and notes', async () => {
    const f = await gridClass();
    const g = await getGrid(f, `/lesson/${f.lesson.lesson.id}/`);
    expect(g.columns.map((c) => c.title)).toEqual([
      '1. Part 1',
      '2. Part 2',
      '3. Part 3',
      '4. Part 4',
      'Visited',
      'Self-rating',
      'Notes',
    ]);
    expect(texts(g)[0]).toEqual([
      'Bob Young',
      'Visited, 50% watched',
      'Visited, 0% watched',
      'Visited, 0% watched',
      'Visited, 0% watched',
      '100%',
      '4 / 5',
      'Notes taken',
    ]);
    expect(texts(g)[1]).toEqual([
      'Cleo Young',
      'Visited, 0% watched',
      'Not visited',
      'Not visited',
      'Not visited',
      '25%',
      'Not rated',
      'No notes',
    ]);
  });
});

describe('student grid', () => {
  it('lists every listed topic’s lessons and exams with their percent', async () => {
    const f = await gridClass();
    const g = await getGrid(f, `/student/${f.bob.profile.id}/`);
    expect(g.student?.display_name).toBe('Bob Young');
    expect(g.rows.map((r) => [r.group, r.label, r.item_kind, r.cells[0]!.text])).toEqual([
      ['Algebra', 'Expressions', 'lesson', '100%'],
      ['Algebra', 'Coming up', 'lesson', 'N/A'],
      ['Algebra', 'Algebra test', 'exam', '60%'],
    ]);
  });
});

describe('question set grids', () => {
  it('shows correct / incorrect / unanswered per question and the score', async () => {
    const f = await gridClass();
    const g = await getGrid(f, `/question-set/${f.qs.exam.id}/`);
    expect(texts(g)).toEqual([
      ['Bob Young', 'Correct (1 / 1)', '1 / 1', '100%'],
      ['Cleo Young', 'Incorrect (0 / 1)', '0 / 1', '0%'],
      ['Ada Zed', 'Not started', 'Not started', 'Not started'],
    ]);
  });

  it('shows every answer to one question with its mark', async () => {
    const f = await gridClass();
    const g = await getGrid(f, `/question-set/${f.qs.exam.id}/question/${f.qs.questions[0]!.id}/`);
    expect(texts(g)).toEqual([
      ['Bob Young', 'Four', 'Correct (1 / 1)'],
      ['Cleo Young', 'Five', 'Incorrect (0 / 1)'],
      ['Ada Zed', 'Not started', 'Not started'],
    ]);
  });

  it('shows confidence and revisit text for a reflective set, never marks', async () => {
    const f = await gridClass();
    const g = await getGrid(f, `/reflective-question-set/${f.reflective.exam.id}/`);
    expect(g.columns.map((c) => c.title)).toEqual(['P1 confidence', 'P1 revisit', 'Average confidence']);
    expect(g.columns.every((c) => c.max === null && !c.banded)).toBe(true);
    expect(texts(g)[0]).toEqual(['Bob Young', '4 / 5', '=cmd|calc', '4 / 5']);
    expect(texts(g)[2]).toEqual(['Ada Zed', 'Not started', '', 'N/A']);
  });
});

describe('access', () => {
  it('is 403 for students of the class, a teacher of another school and a user of no class', async () => {
    const f = await gridClass();
    const otherSchool = await createSchool(ctx.db);
    const stranger = await createTeacher(ctx.db, otherSchool, [await createClass(ctx.db, otherSchool)]);
    const nobody = await createUser(ctx.db);
    for (const userId of [f.bob.user.id, stranger.user.id, nobody.id]) {
      const client = await ctx.client(userId);
      for (const path of gridPaths(f)) {
        const res = await client.get(`${f.base}${path}`);
        expect(res.statusCode, `${userId} ${path}`).toBe(403);
      }
    }
  });

  it('is 401 when signed out', async () => {
    const f = await gridClass();
    const client = await ctx.client();
    expect((await client.get(`${f.base}/exam/${f.exam.exam.id}/`)).statusCode).toBe(401);
  });

  it('lets a school admin of the class’s school and content staff in', async () => {
    const f = await gridClass();
    const admin = await createTeacher(ctx.db, f.school, [], { roles: ['teacher', 'school_admin'] });
    const staff = await createUser(ctx.db, { roles: ['content_admin'] });
    for (const userId of [admin.user.id, staff.id]) {
      const g = await getGrid(f, `/topic/${f.topic.section.id}/`, userId);
      expect(g.rows).toHaveLength(3);
    }
  });
});

describe('anonymised grids and CSV', () => {
  it('name no real student in JSON or CSV when names are hidden', async () => {
    const f = await gridClass();
    const client = await ctx.client(f.teacher.user.id);
    for (const path of gridPaths(f)) {
      for (const format of ['json', 'csv']) {
        const res = await client.get(`${f.base}${path}?anonymise=1&format=${format}`);
        expect(res.statusCode, path).toBe(200);
        for (const name of realNames) expect(res.body, `${path} ${format}`).not.toContain(name);
      }
    }
    const viaCookie = await client.request({
      method: 'GET',
      url: `${f.base}/exam/${f.exam.exam.id}/`,
      cookies: { anonymizeStudentData: 'true' },
    });
    const g = progressGridSchema.parse(viaCookie.json());
    expect(g.anonymised).toBe(true);
    for (const name of realNames) expect(viaCookie.body).not.toContain(name);
    // Rows follow the pseudonyms, not the real alphabetical order.
    const shown = g.rows.map((r) => `${r.student!.last_name}\u0000${r.student!.first_name}`.toLowerCase());
    expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b)));
  });

  it('exports names with accents and other scripts intact, as UTF-8 with a byte-order mark', async () => {
    const f = await gridClass();
    await createStudent(ctx.db, f.school, [f.klass], { firstName: 'Zoë', lastName: 'Łukasiewicz' });
    const res = await (await ctx.client(f.teacher.user.id)).get(`${f.base}/exam/${f.exam.exam.id}/?format=csv`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(new TextDecoder('utf-8').decode(res.rawPayload)).toContain('Zoë Łukasiewicz,');
  });

  it('exports the same cells as CSV with a file name, neutralising formula cells', async () => {
    const f = await gridClass();
    await createStudent(ctx.db, f.school, [f.klass], { firstName: '=HYPERLINK("http://x")', lastName: 'Aaron' });
    const client = await ctx.client(f.teacher.user.id);
    const res = await client.get(`${f.base}/exam/${f.exam.exam.id}/?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="9mat1-progress-exam-algebra-test\.csv"$/,
    );
    // A UTF-8 byte-order mark first, so Excel reads the names right.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Student,Status,Q1,Q2,Total,Percent');
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://x"") Aaron",Not started,Not started,Not started,Not started,Not started`,
    );
    expect(lines[2]).toBe('Bob Young,Submitted,2 / 2,1 / 3,3 / 5,60%');

    const reflective = await client.get(`${f.base}/reflective-question-set/${f.reflective.exam.id}/?format=csv`);
    expect(reflective.body).toContain("Bob Young,Submitted,4 / 5,'=cmd|calc,4 / 5");
  });
});

describe('one query per grid', () => {
  /** An executor that counts the statements sent through it. */
  function counting(db: Executor) {
    let count = 0;
    const proxy = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute') {
          return (...args: unknown[]) => {
            count++;
            return (target.execute as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    return { db: proxy, count: () => count };
  }

  it('reads each grid’s data with one SQL statement', async () => {
    const f = await gridClass();
    const scope = { classId: f.klass.id, schoolId: f.school.id, courseId: f.course.id };
    const cases: [string, (db: Executor) => Promise<unknown>][] = [
      ['exam', (db) => repo.examGrid(db, { ...scope, examId: f.exam.exam.id })],
      [
        'question',
        (db) =>
          repo.examGrid(db, { ...scope, examId: f.qs.exam.id, questionId: f.qs.questions[0]!.id, withAnswers: true }),
      ],
      ['topic', (db) => repo.itemGrid(db, { ...scope, topicId: f.topic.section.id })],
      ['student', (db) => repo.itemGrid(db, { ...scope, topicId: null, profileId: f.bob.profile.id })],
      ['lesson', (db) => repo.lessonGrid(db, { ...scope, lessonId: f.lesson.lesson.id })],
    ];
    for (const [name, run] of cases) {
      const c = counting(ctx.db);
      const result = await run(c.db);
      const size = Array.isArray(result) ? result.length : (result as repo.ItemGrid).students.length;
      expect(size, name).toBeGreaterThan(0);
      expect(c.count(), name).toBe(1);
    }
  });

  it('sends one grid-data statement per request, whatever the class size', async () => {
    const f = await gridClass();
    for (let i = 0; i < 5; i++) await createStudent(ctx.db, f.school, [f.klass], { lastName: `Extra ${i}` });
    const seen: string[] = [];
    const original = ctx.db.execute.bind(ctx.db);
    const spy = (query: Parameters<typeof original>[0]) => {
      const text = JSON.stringify(query);
      if (text.includes('with recursive tree')) seen.push(text);
      return original(query);
    };
    (ctx.db as { execute: unknown }).execute = spy;
    try {
      const g = await getGrid(f, `/topic/${f.topic.section.id}/`);
      expect(g.rows).toHaveLength(8);
    } finally {
      (ctx.db as { execute: unknown }).execute = original;
    }
    expect(seen).toHaveLength(1);
  });
});
