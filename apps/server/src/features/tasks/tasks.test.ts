import {
  taskDetailSchema,
  taskInsightsSchema,
  taskItemDetailSchema,
  taskListSchema,
  taskOptionsSchema,
  taskQuestionInsightsSchema,
} from '@banksia/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { activities, auditLog, taskItems, tasks } from '../../db/schema/index';
import {
  createClass,
  createExam,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
  createUser,
  createExamWithQuestions,
} from '../../../test/factories';
import { countRows } from '../../../test/count-rows';
import { useTestApp, type TestClient } from '../../../test/harness';

const ctx = useTestApp();

const DAY = 86_400_000;

const put = (c: TestClient, url: string, payload: unknown) =>
  c.request({ method: 'PUT', url, payload: payload as object });

async function setup() {
  const school = await createSchool(ctx.db, { timeZone: 'Australia/Perth' });
  const klass = await createClass(ctx.db, school);
  const course = { id: klass.courseId };
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const amy = await createStudent(ctx.db, school, [klass], { firstName: 'Amy', lastName: 'Zebedee' });
  const bob = await createStudent(ctx.db, school, [klass], { firstName: 'Bob', lastName: 'Yarrow' });
  const topic = await createSection(ctx.db, course);
  const lesson = await createLesson(ctx.db, course, { parent: topic, chunks: 2, title: 'Fractions' });
  const { exam, questions } = await createExamWithQuestions(ctx.db, course, {
    exam: { title: 'Fractions test' },
    questions: [
      {
        type: 'multiple_choice',
        marks: 2,
        options: [
          { id: 'a', text: '<p>One half</p>' },
          { id: 'b', text: '<p>One third</p>' },
        ],
        correct_option_ids: ['a'],
        multiple: false,
      },
      { type: 'short_text', marks: 1, accepted_answers: ['quarter'] },
    ],
  });
  const { exam: questionSet } = await createExam(ctx.db, course, { kind: 'question_set', placed: false, title: 'QS' });
  const [activity] = await ctx.db
    .insert(activities)
    .values({
      courseId: klass.courseId,
      lessonId: lesson.lesson.id,
      title: 'Explain fractions',
      blocks: [{ id: 'rt1', type: 'rich-text', data: { text: 'Explain' } }],
      updatedAt: ctx.clock.now(),
    })
    .returning();
  return {
    school,
    klass,
    course,
    lesson,
    exam,
    questions,
    questionSet,
    activity: activity!,
    teacherUser: teacher.user,
    teacher: await ctx.client(teacher.user.id),
    amy: await ctx.client(amy.user.id),
    amyProfile: amy.profile,
    bob: await ctx.client(bob.user.id),
    bobProfile: bob.profile,
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;

function taskBody(s: Setup, overrides: Record<string, unknown> = {}) {
  return {
    class_id: s.klass.id,
    title: 'Fractions homework',
    instructions: '<p>Do <b>all</b> of it</p><script>alert(1)</script>',
    due_at: new Date(ctx.clock.now().getTime() + 7 * DAY).toISOString(),
    items: [
      { kind: 'lesson', lesson_id: s.lesson.lesson.id },
      { kind: 'exam', exam_id: s.exam.id },
      { kind: 'activity', activity_id: s.activity.id },
    ],
    ...overrides,
  };
}

async function createTask(s: Setup, overrides: Record<string, unknown> = {}) {
  const response = await s.teacher.post('/api/v1/tasks/', taskBody(s, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return taskDetailSchema.parse(response.json());
}

async function submitExam(s: Setup, c: TestClient, optionId: string) {
  const started = await c.post(`/api/v1/classes/${s.klass.id}/exams/${s.exam.id}/start/`);
  expect([200, 201], started.body).toContain(started.statusCode);
  const sittingId = started.json().id as number;
  const saved = await put(c, `/api/v1/sittings/${sittingId}/questions/${s.questions[0]!.id}/answer/`, {
    answer: { option_ids: [optionId] },
    version: 0,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await c.post(`/api/v1/sittings/${sittingId}/submit/`)).statusCode).toBe(200);
}

const itemOf = (detail: { items: { kind: string; done: boolean | null; done_count: number | null }[] }, kind: string) =>
  detail.items.find((i) => i.kind === kind)!;

describe('tasks', () => {
  it('creates a task with sanitised instructions, and lists it for the teacher and the students', async () => {
    const s = await setup();
    const task = await createTask(s);
    expect(task.instructions).toBe('<p>Do <b>all</b> of it</p>');
    expect(task.items.map((i) => [i.kind, i.title])).toEqual([
      ['lesson', 'Fractions'],
      ['exam', 'Fractions test'],
      ['activity', 'Explain fractions'],
    ]);
    expect(task).toMatchObject({
      viewer: 'teacher',
      roster: 2,
      students_done: 0,
      overdue: false,
      time_zone: 'Australia/Perth',
    });
    expect(task.students.map((st) => st.first_name).sort()).toEqual(['Amy', 'Bob']);

    const teacherList = taskListSchema.parse((await s.teacher.get('/api/v1/tasks/')).json());
    expect(teacherList.tasks.map((t) => t.id)).toEqual([task.id]);

    const amyList = taskListSchema.parse((await s.amy.get('/api/v1/tasks/')).json());
    expect(amyList.tasks).toHaveLength(1);
    expect(amyList.tasks[0]).toMatchObject({
      viewer: 'student',
      items_done: 0,
      items_left: 3,
      students_done: null,
      time_zone: 'Australia/Perth',
    });
    expect(amyList.tasks[0]!.items.every((i) => i.done === false && i.done_count === null)).toBe(true);
  });

  it('refuses bad input naming the field at fault, and writes nothing', async () => {
    const s = await setup();
    const other = await createExam(ctx.db, { id: (await createClass(ctx.db, s.school)).courseId });
    const before = [await countRows(ctx.db, tasks), await countRows(ctx.db, taskItems)];

    const blank = await s.teacher.post('/api/v1/tasks/', taskBody(s, { title: '  ', due_at: 'soon' }));
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['due_at', 'title']);

    const none = await s.teacher.post('/api/v1/tasks/', taskBody(s, { items: [] }));
    expect(none.json().errors).toHaveProperty('items');

    const missing = await s.teacher.post('/api/v1/tasks/', taskBody(s, { items: [{ kind: 'exam' }] }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty(['items.0.exam_id']);

    const foreign = await s.teacher.post(
      '/api/v1/tasks/',
      taskBody(s, {
        items: [
          { kind: 'lesson', lesson_id: s.lesson.lesson.id },
          { kind: 'question_set', exam_id: s.questionSet.id },
          { kind: 'exam', exam_id: other.exam.id },
          { kind: 'exam', exam_id: s.questionSet.id },
        ],
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().errors).sort()).toEqual(['items.2.exam_id', 'items.3.exam_id']);

    const tooLong = await s.teacher.post('/api/v1/tasks/', taskBody(s, { title: 'x'.repeat(201) }));
    expect(tooLong.json().errors).toHaveProperty('title');

    expect([await countRows(ctx.db, tasks), await countRows(ctx.db, taskItems)]).toEqual(before);
  });

  it("tracks a student's completion: all parts visited, a submitted sitting, an answered activity", async () => {
    const s = await setup();
    const task = await createTask(s);
    const url = `/api/v1/tasks/${task.id}/`;
    const amyView = async () => taskDetailSchema.parse((await s.amy.get(url)).json());

    // One part of two visited: not done yet.
    await s.amy.post(`/api/v1/classes/${s.klass.id}/chunks/${s.lesson.chunks[0]!.id}/visit/`);
    let view = await amyView();
    expect(itemOf(view, 'lesson')).toMatchObject({ done: false, chunks_visited: 1 });
    await s.amy.post(`/api/v1/classes/${s.klass.id}/chunks/${s.lesson.chunks[1]!.id}/visit/`);
    view = await amyView();
    expect(itemOf(view, 'lesson')).toMatchObject({ done: true, chunks_visited: 2 });
    expect(view).toMatchObject({ items_done: 1, items_left: 2 });

    // An opened but empty activity response is not done; one answered block is.
    const responseUrl = `/api/v1/activities/activities/${s.activity.id}/classes/${s.klass.id}/response/`;
    const opened = await s.amy.get(responseUrl);
    expect(opened.statusCode).toBe(200);
    expect(itemOf(await amyView(), 'activity').done).toBe(false);
    const saved = await put(s.amy, responseUrl, {
      block_responses: { rt1: { student_response: '<p>Halves are equal parts</p>' } },
      version: opened.json().version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(itemOf(await amyView(), 'activity').done).toBe(true);

    // A started sitting is not done; a submitted one is.
    await s.amy.post(`/api/v1/classes/${s.klass.id}/exams/${s.exam.id}/start/`);
    expect(itemOf(await amyView(), 'exam').done).toBe(false);
    await submitExam(s, s.amy, 'a');
    view = await amyView();
    expect(view).toMatchObject({ items_done: 3, items_left: 0 });
    expect(view.students).toEqual([]);

    // The teacher sees Amy done and Bob not.
    const teacherView = taskDetailSchema.parse((await s.teacher.get(url)).json());
    expect(teacherView.students_done).toBe(1);
    expect(teacherView.items.map((i) => i.done_count)).toEqual([1, 1, 1]);
    expect(teacherView.students.find((st) => st.profile_id === s.amyProfile.id)!.done_item_ids).toHaveLength(3);

    const itemView = taskItemDetailSchema.parse(
      (await s.teacher.get(`/api/v1/tasks/${task.id}/items/${teacherView.items[1]!.id}/`)).json(),
    );
    expect(itemView.students.map((st) => [st.first_name, st.done, st.status])).toEqual([
      ['Bob', false, 'Not started'],
      ['Amy', true, 'Submitted'],
    ]);
  });

  it('marks overdue tasks, lists newest due first and filters by class', async () => {
    const s = await setup();
    const later = await createTask(s, { title: 'Later' });
    const past = await createTask(s, {
      title: 'Past',
      due_at: new Date(ctx.clock.now().getTime() - DAY).toISOString(),
      items: [{ kind: 'lesson', lesson_id: s.lesson.lesson.id }],
    });
    const list = taskListSchema.parse((await s.amy.get(`/api/v1/tasks/?class_id=${s.klass.id}`)).json());
    expect(list.tasks.map((t) => [t.title, t.overdue])).toEqual([
      ['Later', false],
      ['Past', true],
    ]);
    expect(list.tasks.map((t) => t.id)).toEqual([later.id, past.id]);
    const elsewhere = await createClass(ctx.db, s.school);
    expect((await s.amy.get(`/api/v1/tasks/?class_id=${elsewhere.id}`)).statusCode).toBe(403);
  });

  it('keeps tasks to the class: other schools get 404, students cannot manage, others see nothing', async () => {
    const s = await setup();
    const task = await createTask(s);
    const otherSchool = await createSchool(ctx.db);
    const outsider = await ctx.client(
      (await createTeacher(ctx.db, otherSchool, [await createClass(ctx.db, otherSchool)])).user.id,
    );
    for (const url of [
      `/api/v1/tasks/${task.id}/`,
      `/api/v1/tasks/${task.id}/items/${task.items[0]!.id}/`,
      `/api/v1/tasks/${task.id}/insights/`,
      `/api/v1/tasks/${task.id}/insights/${s.questions[0]!.id}/`,
    ]) {
      expect((await outsider.get(url)).statusCode, url).toBe(404);
    }
    expect((await outsider.patch(`/api/v1/tasks/${task.id}/`, { title: 'Mine' })).statusCode).toBe(404);
    expect((await outsider.request({ method: 'DELETE', url: `/api/v1/tasks/${task.id}/` })).statusCode).toBe(404);
    expect(taskListSchema.parse((await outsider.get('/api/v1/tasks/')).json()).tasks).toEqual([]);
    expect((await outsider.post('/api/v1/tasks/', taskBody(s))).statusCode).toBe(403);
    expect((await outsider.get(`/api/v1/classes/${s.klass.id}/task-options/`)).statusCode).toBe(403);

    expect((await s.amy.patch(`/api/v1/tasks/${task.id}/`, { title: 'Mine' })).statusCode).toBe(403);
    expect((await s.amy.get(`/api/v1/tasks/${task.id}/insights/`)).statusCode).toBe(403);
    expect((await s.amy.post('/api/v1/tasks/', taskBody(s))).statusCode).toBe(403);

    const stranger = await ctx.client((await createStudent(ctx.db, s.school, [])).user.id);
    expect((await stranger.get(`/api/v1/tasks/${task.id}/`)).statusCode).toBe(404);
    const anonymous = await ctx.client();
    expect((await anonymous.get('/api/v1/tasks/')).statusCode).toBe(401);

    const schoolAdmin = await createTeacher(ctx.db, s.school, [], { roles: ['teacher', 'school_admin'] });
    expect((await (await ctx.client(schoolAdmin.user.id)).get(`/api/v1/tasks/${task.id}/`)).statusCode).toBe(200);
    const staff = await ctx.client((await createUser(ctx.db, { roles: ['content_admin'] })).id);
    expect(taskDetailSchema.parse((await staff.get(`/api/v1/tasks/${task.id}/`)).json()).viewer).toBe('teacher');
  });

  it('updates and deletes a task, keeping unchanged items', async () => {
    const s = await setup();
    const task = await createTask(s);
    const lessonItem = task.items[0]!;
    const patched = await s.teacher.patch(`/api/v1/tasks/${task.id}/`, {
      title: 'Renamed',
      items: [
        { kind: 'question_set', exam_id: s.questionSet.id },
        { kind: 'lesson', lesson_id: s.lesson.lesson.id },
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const updated = taskDetailSchema.parse(patched.json());
    expect(updated.title).toBe('Renamed');
    expect(updated.items.map((i) => i.kind)).toEqual(['question_set', 'lesson']);
    expect(updated.items[1]!.id).toBe(lessonItem.id);

    const bad = await s.teacher.patch(`/api/v1/tasks/${task.id}/`, { due_at: '2026-02-30T10:00:00Z' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('due_at');

    expect((await s.teacher.request({ method: 'DELETE', url: `/api/v1/tasks/${task.id}/` })).statusCode).toBe(204);
    expect((await s.teacher.get(`/api/v1/tasks/${task.id}/`)).statusCode).toBe(404);
    expect(await countRows(ctx.db, auditLog)).toBeGreaterThan(0);
  });

  it('offers the class course’s lessons, sets, exams and activities', async () => {
    const s = await setup();
    await createLesson(ctx.db, s.course, { isPublished: false, title: 'Draft lesson' });
    await createExam(ctx.db, s.course, { kind: 'reflective_question_set', title: 'Reflect' });
    await createExam(ctx.db, s.course, { isSubmittable: false, title: 'Practice paper' });
    const response = await s.teacher.get(`/api/v1/classes/${s.klass.id}/task-options/`);
    expect(response.statusCode).toBe(200);
    const options = taskOptionsSchema.parse(response.json());
    // The school's zone, in which the form's due date and time are meant (ADR 048).
    expect(options.time_zone).toBe('Australia/Perth');
    expect(options.lessons.map((l) => l.title)).toEqual(['Fractions']);
    expect(options.exams.map((e) => e.title)).toEqual(['Fractions test']);
    expect(options.question_sets.map((e) => e.title)).toEqual(['QS']);
    expect(options.reflective_sets.map((e) => e.title)).toEqual(['Reflect']);
    expect(options.activities).toEqual([
      { id: s.activity.id, title: 'Explain fractions', lesson_id: s.lesson.lesson.id },
    ]);
    expect((await s.amy.get(`/api/v1/classes/${s.klass.id}/task-options/`)).statusCode).toBe(403);
  });

  it('reports completion, results and question facility, and answers by question with names hidden', async () => {
    const s = await setup();
    const task = await createTask(s);
    await s.amy.post(`/api/v1/classes/${s.klass.id}/chunks/${s.lesson.chunks[0]!.id}/visit/`);
    await submitExam(s, s.amy, 'a'); // 2 of 3 marks (the short answer is left blank)
    await submitExam(s, s.bob, 'b'); // 0 of 3

    const insights = taskInsightsSchema.parse((await s.teacher.get(`/api/v1/tasks/${task.id}/insights/`)).json());
    const [lesson, exam, activity] = insights.items;
    expect(lesson).toMatchObject({ done_count: 0, roster: 2, result: { kind: 'visited', visited_percent: 25 } });
    expect(exam).toMatchObject({ done_count: 2, result: { kind: 'score', average_percent: 33.3, submitted: 2 } });
    expect(activity).toMatchObject({ done_count: 0, result: { kind: 'responded', responded: 0 } });
    expect(insights.questions.map((q) => [q.number, q.answered, q.facility_percent])).toEqual([
      [1, 2, 50],
      [2, 0, 0],
    ]);

    const questionUrl = `/api/v1/tasks/${task.id}/insights/${s.questions[0]!.id}/`;
    const named = taskQuestionInsightsSchema.parse((await s.teacher.get(questionUrl)).json());
    expect(named.students.map((st) => [st.first_name, st.answer_text, st.marks_awarded])).toEqual([
      ['Bob', 'One third', 0],
      ['Amy', 'One half', 2],
    ]);
    const hidden = await s.teacher.get(`${questionUrl}?anonymise=1`);
    expect(hidden.statusCode).toBe(200);
    expect(taskQuestionInsightsSchema.parse(hidden.json()).anonymised).toBe(true);
    for (const real of ['Amy', 'Bob', 'Zebedee', 'Yarrow']) expect(hidden.body).not.toContain(real);
    const hiddenTask = await s.teacher.get(`/api/v1/tasks/${task.id}/?anonymise=1`);
    for (const real of ['Amy', 'Zebedee']) expect(hiddenTask.body).not.toContain(real);

    const notInTask = await createExamWithQuestions(ctx.db, s.course, {
      questions: [{ type: 'short_text', marks: 1, accepted_answers: ['x'] }],
    });
    expect((await s.teacher.get(`/api/v1/tasks/${task.id}/insights/${notInTask.questions[0]!.id}/`)).statusCode).toBe(
      404,
    );
  });
});
