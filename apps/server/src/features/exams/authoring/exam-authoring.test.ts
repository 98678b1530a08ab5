import type { ExamAuthoring, SaveExamBody } from '@banksia/contracts/exam-authoring';
import { STRUCTURE_LOCKED_MESSAGE } from '@banksia/contracts/exam-authoring';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, auditLog, courseTreeNodes, examAnswers, examSittings, lessons } from '../../../db/schema/index';
import {
  createClass,
  createLesson,
  createSchool,
  createSection,
  createStudent,
  createTeacher,
  createUser,
} from '../../../../test/factories';
import { useTestApp, type TestClient } from '../../../../test/harness';

const ctx = useTestApp();
const base = '/api/v1/admin/exams';

async function setup() {
  const school = await createSchool(ctx.db);
  const klass = await createClass(ctx.db, school);
  const student = await createStudent(ctx.db, school, [klass]);
  const teacher = await createTeacher(ctx.db, school, [klass]);
  const staffUser = await createUser(ctx.db, { roles: ['content_admin'] });
  const staff = await ctx.client(staffUser.id);
  const topic = await createSection(ctx.db, { id: klass.courseId });
  return { school, klass, student, teacher, staffUser, staff, topic };
}

type Setup = Awaited<ReturnType<typeof setup>>;

function details(s: Setup) {
  return {
    title: 'Fractions check',
    kind: 'question_set' as const,
    placement: { kind: 'topic' as const, section_id: s.topic.section.id },
    is_submittable: true,
    time_limit_minutes: null,
    additional_materials: '',
    hide_solutions_until_release: false,
  };
}

/** Three questions of three types in one section, with the editor's own (new) ids. */
function threeQuestions(): SaveExamBody['sections'] {
  return [
    {
      id: 'new-s1',
      title: 'Part A',
      questions: [
        {
          id: 'new-q1',
          type: 'multiple_choice',
          marks: 1,
          prompt: '<p>Which equals 1/2?</p><script>alert(1)</script>',
          worked_solution: '<p>Multiply top and bottom by 3.</p>',
          options: [
            { id: 'a', text: '<p>3/6</p>' },
            { id: 'b', text: '<p onclick="x()">2/6</p>' },
          ],
          correct_option_ids: ['a'],
          multiple: false,
        },
        {
          id: 'new-q2',
          type: 'short_text',
          marks: 1,
          prompt: '<p>Name the top number.</p>',
          worked_solution: '',
          accepted_answers: ['numerator'],
        },
        {
          id: 'new-q3',
          type: 'numeric',
          marks: 2,
          prompt: '<p>Half of 7 cm?</p>',
          worked_solution: '',
          answer: 3.5,
          tolerance: 0,
          unit: 'cm',
        },
      ],
    },
  ];
}

async function create(s: Setup): Promise<ExamAuthoring> {
  const response = await s.staff.post(`${base}/`, { ...details(s), course_id: s.klass.courseId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function save(client: TestClient, exam: ExamAuthoring, changes: Partial<SaveExamBody>) {
  const {
    id: _i,
    course_id: _c,
    course_title: _t,
    is_published: _p,
    question_count: _q,
    marks_total: _m,
    ...rest
  } = exam;
  const { sitting_count: _s, id_map: _map, ...body } = rest;
  return client.request({ method: 'PUT', url: `${base}/${exam.id}/`, payload: { ...body, ...changes } });
}

describe('exam authoring', () => {
  it('creates a question set under a topic, saves three question types sanitised, and publishes it', async () => {
    const s = await setup();
    const created = await create(s);
    expect(created).toMatchObject({ is_published: false, placement: details(s).placement, sections: [] });
    const [node] = await ctx.db
      .select()
      .from(courseTreeNodes)
      .where(and(eq(courseTreeNodes.nodeType, 'exam'), eq(courseTreeNodes.valueId, created.id)));
    expect(node?.parentId).toBe(s.topic.node.id);

    const saved = await save(s.staff, created, { sections: threeQuestions() });
    expect(saved.statusCode, saved.body).toBe(200);
    const exam: ExamAuthoring = saved.json();
    expect(exam.question_count).toBe(3);
    expect(exam.marks_total).toBe(4);
    expect(Object.keys(exam.id_map!).sort()).toEqual(['new-q1', 'new-q2', 'new-q3', 'new-s1']);
    const mc = exam.sections[0]!.questions[0]!;
    expect(mc.id).toBe(exam.id_map!['new-q1']);
    expect(mc.prompt).not.toContain('<script');
    expect(mc.type === 'multiple_choice' && mc.options[1]!.text).not.toContain('onclick');
    expect(exam.revision).not.toBe(created.revision);

    const published = await s.staff.post(`${base}/${exam.id}/publish/`, {
      revision: exam.revision,
      is_published: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().is_published).toBe(true);

    // The class's student now reads it.
    const studentClient = await ctx.client(s.student.user.id);
    const view = await studentClient.get(`/api/v1/exams/${exam.id}/`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().sections[0].questions).toHaveLength(3);

    const actions = await ctx.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'exam'), eq(auditLog.entityId, String(exam.id))));
    expect(actions.map((a) => a.action)).toEqual(['exam.create', 'exam.update', 'exam.publish']);
    expect((actions[1]!.before as { sections: unknown[] }).sections).toEqual([]);
    expect((actions[1]!.after as { sections: unknown[] }).sections).toHaveLength(1);
    expect(actions.every((a) => a.action)).toBe(true);
  });

  it('answers 400 naming the field at fault, and writes nothing', async () => {
    const s = await setup();
    const created = await create(s);
    const sections = threeQuestions();
    const shortText = sections[0]!.questions[1]!;
    if (shortText.type === 'short_text') shortText.accepted_answers = [];
    const response = await save(s.staff, created, { sections });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain('sections.0.questions.1.accepted_answers');
    expect((await ctx.client(s.staffUser.id).then((c) => c.get(`${base}/${created.id}/`))).json().sections).toEqual([]);

    const badCreate = await s.staff.post(`${base}/`, { ...details(s), course_id: s.klass.courseId, title: ' ' });
    expect(badCreate.statusCode).toBe(400);
    expect(badCreate.json().errors).toHaveProperty('title');

    // An activity question must use an activity of the exam's course.
    const [foreign] = await ctx.db
      .insert(activities)
      .values({ title: 'Elsewhere', blocks: [], updatedAt: new Date() })
      .returning();
    const withActivity = await save(s.staff, created, {
      sections: [
        {
          id: 'new-s',
          title: 'A',
          questions: [
            { id: 'new-a', type: 'activity', marks: 1, prompt: '', worked_solution: '', activity_id: foreign!.id },
          ],
        },
      ],
    });
    expect(withActivity.statusCode).toBe(400);
    expect(withActivity.json().errors).toHaveProperty(['sections.0.questions.0.activity_id']);
  });

  it('refuses a second save made on an old revision with 409', async () => {
    const s = await setup();
    const created = await create(s);
    const first = await save(s.staff, created, { title: 'First' });
    expect(first.statusCode).toBe(200);
    const second = await save(s.staff, created, { title: 'Second' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('conflict');
    const stored = await s.staff.get(`${base}/${created.id}/`);
    expect(stored.json().title).toBe('First');
  });

  it('places a question set on a lesson, and refuses a lesson for an exam or a lesson that has one', async () => {
    const s = await setup();
    const { lesson } = await createLesson(ctx.db, { id: s.klass.courseId });
    const body = { ...details(s), course_id: s.klass.courseId, placement: { kind: 'lesson', lesson_id: lesson.id } };
    const examOnLesson = await s.staff.post(`${base}/`, { ...body, kind: 'exam' });
    expect(examOnLesson.statusCode).toBe(400);
    expect(examOnLesson.json().errors).toHaveProperty(['placement.lesson_id']);
    const created = await s.staff.post(`${base}/`, body);
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await ctx.db.select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(row!.questionSetId).toBe(created.json().id);
    const again = await s.staff.post(`${base}/`, body);
    expect(again.statusCode).toBe(400);

    // At the top level of the course, beside the topics; then moved under the topic by a save.
    const top = await s.staff.post(`${base}/`, { ...body, kind: 'exam', placement: { kind: 'course' } });
    expect(top.statusCode, top.body).toBe(201);
    expect(top.json().placement).toEqual({ kind: 'course' });
    const moved = await save(s.staff, top.json(), { placement: { kind: 'topic', section_id: s.topic.section.id } });
    expect(moved.json().placement).toEqual({ kind: 'topic', section_id: s.topic.section.id });
    const nodes = await ctx.db
      .select()
      .from(courseTreeNodes)
      .where(and(eq(courseTreeNodes.nodeType, 'exam'), eq(courseTreeNodes.valueId, top.json().id)));
    expect(nodes.map((n) => n.parentId)).toEqual([s.topic.node.id]);
  });

  it('once students have sat it, refuses structural edits and keeps their marks, but lets wording be fixed', async () => {
    const s = await setup();
    const created = await create(s);
    const exam: ExamAuthoring = (await save(s.staff, created, { sections: threeQuestions() })).json();
    const published: ExamAuthoring = (
      await s.staff.post(`${base}/${exam.id}/publish/`, { revision: exam.revision, is_published: true })
    ).json();
    // The student sits it and submits: the short text is marked right.
    const studentClient = await ctx.client(s.student.user.id);
    const start = await studentClient.post(`/api/v1/classes/${s.klass.id}/exams/${exam.id}/start/`);
    expect(start.statusCode, start.body).toBe(201);
    const sittingId = start.json().id as number;
    const shortId = published.sections[0]!.questions[1]!.id;
    const answered = await studentClient.request({
      method: 'PUT',
      url: `/api/v1/sittings/${sittingId}/questions/${shortId}/answer/`,
      payload: { answer: { text: 'numerator' }, version: 0 },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await studentClient.post(`/api/v1/sittings/${sittingId}/submit/`)).statusCode).toBe(200);
    const marksBefore = await ctx.db.select().from(examAnswers).where(eq(examAnswers.sittingId, sittingId));

    const current: ExamAuthoring = (await s.staff.get(`${base}/${exam.id}/`)).json();
    expect(current.sitting_count).toBe(1);
    const edit = (change: (sections: SaveExamBody['sections']) => void) => {
      const sections = structuredClone(current.sections);
      change(sections);
      return save(s.staff, current, { sections });
    };
    const refused = [
      [(x: SaveExamBody['sections']) => x[0]!.questions.splice(2, 1), 'sections'],
      [
        (x: SaveExamBody['sections']) =>
          x[0]!.questions.push({ ...x[0]!.questions[1]!, id: 'new-extra' } as (typeof x)[0]['questions'][0]),
        'sections.0.questions.3',
      ],
      [(x: SaveExamBody['sections']) => (x[0]!.questions[0]!.marks = 5), 'sections.0.questions.0.marks'],
      [
        (x: SaveExamBody['sections']) => {
          const q = x[0]!.questions[1]!;
          if (q.type === 'short_text') q.accepted_answers = ['denominator'];
        },
        'sections.0.questions.1.accepted_answers',
      ],
      [
        (x: SaveExamBody['sections']) => {
          const q = x[0]!.questions[0]!;
          if (q.type === 'multiple_choice') q.correct_option_ids = ['b'];
        },
        'sections.0.questions.0.correct_option_ids',
      ],
      [
        (x: SaveExamBody['sections']) => {
          x[0]!.questions[2] = { ...x[0]!.questions[2]!, type: 'extended_response' } as (typeof x)[0]['questions'][0];
        },
        'sections.0.questions.2.type',
      ],
    ] as const;
    for (const [change, field] of refused) {
      const response = await edit(change);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().errors[field]).toEqual([STRUCTURE_LOCKED_MESSAGE]);
    }
    const kindChange = await save(s.staff, current, { kind: 'exam' });
    expect(kindChange.json().errors.kind).toEqual([STRUCTURE_LOCKED_MESSAGE]);

    // A typo in the wording, an option's text and the section's title may be fixed.
    const fixed = await edit((x) => {
      x[0]!.title = 'Part A (fixed)';
      x[0]!.questions[1]!.prompt = '<p>Name the top number of a fraction.</p>';
      const mc = x[0]!.questions[0]!;
      if (mc.type === 'multiple_choice') mc.options[0]!.text = '<p>3 / 6</p>';
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().sections[0].questions[1].prompt).toBe('<p>Name the top number of a fraction.</p>');
    const marksAfter = await ctx.db.select().from(examAnswers).where(eq(examAnswers.sittingId, sittingId));
    expect(marksAfter.map((a) => [a.questionId, a.markStatus, a.marksAwarded])).toEqual(
      marksBefore.map((a) => [a.questionId, a.markStatus, a.marksAwarded]),
    );
    expect(marksAfter.find((a) => String(a.questionId) === shortId)?.markStatus).toBe('correct');
    expect(await ctx.db.select().from(examSittings).where(eq(examSittings.id, sittingId))).toHaveLength(1);
  });

  it('refuses teachers and students on every authoring route', async () => {
    const s = await setup();
    const created = await create(s);
    for (const userId of [s.teacher.user.id, s.student.user.id]) {
      const client = await ctx.client(userId);
      const responses = await Promise.all([
        client.get(`${base}/`),
        client.get(`${base}/options/`),
        client.get(`${base}/${created.id}/`),
        client.post(`${base}/`, { ...details(s), course_id: s.klass.courseId }),
        save(client, created, { title: 'Mine' }),
        client.post(`${base}/${created.id}/publish/`, { revision: created.revision, is_published: true }),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    }
  });

  it('lists exams with search and filters, and offers courses with their topics and lessons', async () => {
    const s = await setup();
    const created = await create(s);
    const found = await s.staff.get(
      `${base}/?q=${encodeURIComponent('fractions CHECK')}&course_id=${s.klass.courseId}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().results.map((r: { id: number }) => r.id)).toContain(created.id);
    expect(found.json().results[0].placement_label).toBe(`Topic: ${s.topic.section.title}`);
    const published = await s.staff.get(`${base}/?course_id=${s.klass.courseId}&published=true`);
    expect(published.json().results.map((r: { id: number }) => r.id)).not.toContain(created.id);
    const kind = await s.staff.get(`${base}/?course_id=${s.klass.courseId}&kind=exam`);
    expect(kind.json().results.map((r: { id: number }) => r.id)).not.toContain(created.id);
    const options = await s.staff.get(`${base}/options/`);
    const course = options.json().courses.find((c: { id: number }) => c.id === s.klass.courseId);
    expect(course.topics.map((t: { id: number }) => t.id)).toContain(s.topic.section.id);
  });
});
