import { mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classAssemblageResponse, demoLessonResponse } from '@banksia/contracts/courses';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/count-rows';
import { useTestApp } from '../../../test/harness';
import { createLocalStorage, type LocalStorage } from '../../platform/storage';
import { activityBlockSchema, blockTypes } from '@banksia/contracts/activities';
import { type ExamAnswer, type ExamQuestion, examQuestionSchema, questionTypes } from '@banksia/contracts/exams';
import { markObjective } from '@banksia/contracts/rules/answer-marking';
import { isResponseBlock } from '@banksia/contracts/rules/activity-viewer';
import {
  activities,
  attachments,
  captionTracks,
  chunks,
  courses,
  courseTreeNodes,
  examQuestions,
  exams,
  examSections,
  lessons,
  schoolClasses,
  sections,
  users,
  videos,
} from '../schema/index';
import { FRACTION_DIAGRAM_KEY, demoActivities } from './demo-activities';
import { DEMO_VIDEO } from './demo-content';
import { seedDemoSchool } from './demo-school';

const ctx = useTestApp();
const mediaDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'media');

let storage: LocalStorage;

beforeAll(async () => {
  storage = createLocalStorage(await mkdtemp(path.join(os.tmpdir(), 'banksia-seed-content-')));
  expect((await seedDemoSchool(ctx.db, storage)).created).toBe(true);
});

/** What the seed built for one course, read straight from the tables. */
async function courseOutline(slug: string) {
  const [course] = await ctx.db.select().from(courses).where(eq(courses.slug, slug));
  const nodes = await ctx.db.select().from(courseTreeNodes).where(eq(courseTreeNodes.courseId, course!.id));
  const root = nodes.find((n) => n.nodeType === 'course' && n.parentId === null)!;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const depthOf = (nodeId: number): number => {
    let depth = 0;
    for (let n = byId.get(nodeId); n && n.id !== root.id; n = byId.get(n.parentId!)) depth++;
    return depth;
  };
  const courseLessons = await ctx.db.select().from(lessons).where(eq(lessons.courseId, course!.id));
  const lessonChunks = courseLessons.length
    ? await ctx.db
        .select()
        .from(chunks)
        .where(
          inArray(
            chunks.lessonId,
            courseLessons.map((l) => l.id),
          ),
        )
    : [];
  return {
    course: course!,
    root,
    nodes,
    depthOf,
    sections: await ctx.db.select().from(sections).where(eq(sections.courseId, course!.id)),
    lessons: courseLessons,
    chunks: lessonChunks,
    exams: await ctx.db.select().from(exams).where(eq(exams.courseId, course!.id)),
    attachments: await ctx.db.select().from(attachments).where(eq(attachments.courseId, course!.id)),
  };
}

describe('the demo content seed', () => {
  it.each([
    ['year-9-mathematics', 'Mathematics'],
    ['year-10-science', 'Science'],
  ])(
    'builds %s fully: topics, a sub-section, 12+ lessons of 1–4 chunks, exams and attachments',
    async (slug, subject) => {
      const o = await courseOutline(slug);
      expect(o.course.subject).toBe(subject);
      const sectionNodes = o.nodes.filter((n) => n.nodeType === 'section');
      expect(sectionNodes.filter((n) => n.parentId === o.root.id).length).toBeGreaterThanOrEqual(4);
      expect(sectionNodes.some((n) => o.depthOf(n.id) >= 2)).toBe(true);
      expect(o.lessons.length).toBeGreaterThanOrEqual(12);
      // Every row sits in the tree once (question sets are reached through their lessons).
      expect(sectionNodes).toHaveLength(o.sections.length);
      expect(o.nodes.filter((n) => n.nodeType === 'lesson')).toHaveLength(o.lessons.length);
      expect(o.nodes.filter((n) => n.nodeType === 'attachment')).toHaveLength(o.attachments.length);
      const placedExams = new Set(o.nodes.filter((n) => n.nodeType === 'exam').map((n) => n.valueId));
      const questionSets = new Set(o.lessons.map((l) => l.questionSetId).filter((id) => id !== null));
      expect(o.exams.every((e) => placedExams.has(e.id) !== questionSets.has(e.id))).toBe(true);

      const chunkCounts = o.lessons.map((l) => o.chunks.filter((c) => c.lessonId === l.id).length);
      expect(chunkCounts.filter((n) => n === 0)).toHaveLength(slug === 'year-9-mathematics' ? 1 : 0);
      expect(chunkCounts.every((n) => n <= 4)).toBe(true);

      // The cases the pages must handle.
      expect(o.sections.some((s) => !s.isPublished)).toBe(true);
      expect(o.lessons.some((l) => !l.isPublished)).toBe(true);
      expect(o.lessons.some((l) => l.isComingSoon)).toBe(true);
      expect(o.lessons.some((l) => l.isPremium)).toBe(true);
      expect(o.lessons.some((l) => l.isDemo && l.isPublished && !l.isComingSoon)).toBe(true);
      expect(o.lessons.some((l) => l.hasSuccessMeasure)).toBe(true);
      expect(questionSets.size).toBeGreaterThanOrEqual(1);
      expect(o.attachments.some((a) => a.isPremium)).toBe(true);
      expect(o.attachments.some((a) => !a.isPremium)).toBe(true);
      const kinds = new Set(o.exams.map((e) => e.kind));
      expect(kinds).toEqual(new Set(['exam', 'question_set', 'reflective_question_set']));
      expect(o.exams.some((e) => e.isPublished && e.isSubmittable)).toBe(true);
      expect(o.exams.some((e) => e.isPublished && !e.isSubmittable)).toBe(true);
      expect(o.exams.some((e) => e.additionalMaterials !== '')).toBe(true);
      expect(o.exams.every((e) => e.questionCount > 0 && Number(e.marksTotal) > 0)).toBe(true);
    },
  );

  it('puts an unpublished lesson, a lesson without chunks and an unpublished exam in the maths course', async () => {
    const o = await courseOutline('year-9-mathematics');
    const withChunks = new Set(o.chunks.map((c) => c.lessonId));
    expect(o.lessons.filter((l) => !withChunks.has(l.id)).map((l) => l.title)).toEqual(['Volume of cylinders']);
    expect(o.exams.some((e) => !e.isPublished)).toBe(true);
    expect(o.attachments.some((a) => a.additionalMaterials)).toBe(true);
  });

  it('stores the real video and its captions, and uses them for the first maths lesson', async () => {
    const source = await stat(path.join(mediaDir, 'equivalent-fractions.webm'));
    expect((await stat(storage.path(DEMO_VIDEO.key))).size).toBe(source.size);
    expect(await readFile(storage.path(DEMO_VIDEO.captionsKey), 'utf8')).toMatch(/^WEBVTT/);
    const [video] = await ctx.db.select().from(videos).where(eq(videos.storageKey, DEMO_VIDEO.key));
    expect(video).toMatchObject({ kind: 'file', duration: 24 });
    const [track] = await ctx.db.select().from(captionTracks).where(eq(captionTracks.videoId, video!.id));
    expect(track).toMatchObject({ srclang: 'en', storageKey: DEMO_VIDEO.captionsKey, isDefault: true });

    const o = await courseOutline('year-9-mathematics');
    const firstTopic = o.nodes
      .filter((n) => n.parentId === o.root.id && n.nodeType === 'section')
      .sort((a, b) => a.position - b.position)[0]!;
    const firstLessonNode = o.nodes
      .filter((n) => n.parentId === firstTopic.id && n.nodeType === 'lesson')
      .sort((a, b) => a.position - b.position)[0]!;
    const firstChunks = o.chunks.filter((c) => c.lessonId === firstLessonNode.valueId);
    expect(firstChunks.length).toBeGreaterThan(0);
    expect(firstChunks.every((c) => c.videoId === video!.id)).toBe(true);
    const otherVideos = await ctx.db
      .select()
      .from(videos)
      .where(
        inArray(
          videos.id,
          o.chunks.filter((c) => c.videoId !== video!.id).map((c) => c.videoId),
        ),
      );
    expect(otherVideos.every((v) => v.kind === 'hosted' && v.provider === 'youtube' && v.duration > 0)).toBe(true);
    expect(otherVideos.every((v) => /^[A-Za-z0-9_-]{11}$/.test(v.hostedId!))).toBe(true);
  });

  it('writes each attachment as a valid one-page PDF whose xref offsets point at its objects', async () => {
    const rows = await ctx.db.select().from(attachments);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const a of rows) {
      expect(a.storageKey).toMatch(/^demo\/attachments\/.+\.pdf$/);
      const pdf = await readFile(storage.path(a.storageKey));
      expect(pdf.length).toBe(a.size);
      const text = pdf.toString('latin1');
      expect(text.startsWith('%PDF-1.4')).toBe(true);
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
      expect(text).toContain('/Count 1');
      const xref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
      expect(text.slice(xref, xref + 4)).toBe('xref');
      const entries = text.slice(xref).split('\n').slice(3, 10);
      entries.forEach((entry, i) => {
        expect(entry).toMatch(/^\d{10} 00000 n $/);
        expect(text.slice(Number(entry.slice(0, 10)))).toMatch(new RegExp(`^${i + 1} 0 obj`));
      });
    }
  });

  it('serves both demo lessons publicly, the maths one with the stored video and captions', async () => {
    const demos = await ctx.db.select().from(lessons).where(eq(lessons.isDemo, true));
    expect(demos.length).toBeGreaterThanOrEqual(2);
    const anonymous = await ctx.client();
    for (const lesson of demos) {
      const response = await anonymous.get(`/api/v1/demo/lessons/${lesson.id}/`);
      expect(response.statusCode, lesson.title).toBe(200);
      demoLessonResponse.parse(response.json());
    }
    const maths = demos.find((l) => l.title === 'Equivalent fractions')!;
    const body = demoLessonResponse.parse((await anonymous.get(`/api/v1/demo/lessons/${maths.id}/`)).json());
    expect(body.lesson.chunks[0]!.video).toMatchObject({
      kind: 'file',
      url: `/media/${DEMO_VIDEO.key}`,
      captions: [expect.objectContaining({ url: `/media/${DEMO_VIDEO.captionsKey}`, srclang: 'en' })],
    });
  });

  it('answers the demo classes’ assemblages for the demo student and teacher', async () => {
    const [ava] = await ctx.db.select().from(users).where(eq(users.email, 'student@banksia.test'));
    const [priya] = await ctx.db.select().from(users).where(eq(users.email, 'teacher@banksia.test'));
    const [maths] = await ctx.db.select().from(schoolClasses).where(eq(schoolClasses.title, '9MAT1'));
    const student = classAssemblageResponse.parse(
      (await (await ctx.client(ava!.id)).get(`/api/v1/classes/${maths!.id}/assemblage/`)).json(),
    );
    const teacher = classAssemblageResponse.parse(
      (await (await ctx.client(priya!.id)).get(`/api/v1/classes/${maths!.id}/assemblage/`)).json(),
    );
    expect(Object.keys(student.lessons).length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(teacher.lessons).length).toBeGreaterThan(Object.keys(student.lessons).length);
    expect(Object.keys(teacher.sections).length).toBeGreaterThan(Object.keys(student.sections).length);
  });

  it('places activities that between them hold every block type, each answer block with an example', async () => {
    const rows = await ctx.db.select().from(activities);
    expect(rows.map((r) => r.title).sort()).toEqual(demoActivities.map((a) => a.title).sort());
    const blocks = rows.flatMap((r) => activityBlockSchema.array().parse(r.blocks));
    expect(new Set(blocks.map((b) => b.type))).toEqual(new Set(blockTypes));
    const answerBlocks = blocks.filter((b) => isResponseBlock(b.type) && b.type !== 'file-upload');
    expect(answerBlocks.every((b) => b.data.example_response !== undefined)).toBe(true);
    // Every activity sits in a lesson of its course, and the lesson lists it for the class.
    const [ava] = await ctx.db.select().from(users).where(eq(users.email, 'student@banksia.test'));
    const [maths] = await ctx.db.select().from(schoolClasses).where(eq(schoolClasses.title, '9MAT1'));
    const assemblage = classAssemblageResponse.parse(
      (await (await ctx.client(ava!.id)).get(`/api/v1/classes/${maths!.id}/assemblage/`)).json(),
    );
    const listed = Object.values(assemblage.lessons).flatMap((l) => l.activities.map((a) => a.title));
    expect(listed).toContain('Equivalent fractions: fill the gaps');
    expect((await stat(storage.path(FRACTION_DIAGRAM_KEY))).size).toBeGreaterThan(1000);
  });

  it('does not build the content twice', async () => {
    const tables = [lessons, courseTreeNodes, activities, examSections, examQuestions] as const;
    const count = () => Promise.all(tables.map((t) => countRows(ctx.db, t)));
    const before = await count();
    expect((await seedDemoSchool(ctx.db, storage)).created).toBe(false);
    expect(await count()).toEqual(before);
  });
});

/** A course's exams with their stored questions, each as contracts' ExamQuestion (columns and definition). */
async function courseExams(slug: string) {
  const o = await courseOutline(slug);
  const questionRows = await ctx.db
    .select()
    .from(examQuestions)
    .where(
      inArray(
        examQuestions.examId,
        o.exams.map((e) => e.id),
      ),
    );
  const withQuestions = o.exams.map((exam) => {
    const rows = questionRows.filter((q) => q.examId === exam.id);
    const questions = rows.map((q): ExamQuestion =>
      examQuestionSchema.parse({
        ...q.definition,
        id: String(q.id),
        marks: Number(q.marks),
        prompt: q.prompt,
        worked_solution: q.workedSolution,
      }),
    );
    return { exam, questions };
  });
  return { ...o, withQuestions };
}

/** The answer an objective question's key gives (null for the types a teacher marks). */
function keyAnswer(q: ExamQuestion): ExamAnswer | null {
  switch (q.type) {
    case 'multiple_choice':
      return { option_ids: q.correct_option_ids };
    case 'short_text':
      return { text: q.accepted_answers[0]! };
    case 'numeric':
      return { value: q.unit ? `${q.answer} ${q.unit}` : String(q.answer) };
    case 'maths_expression':
      return { latex: q.accepted_answers[0]! };
    default:
      return null;
  }
}

describe('the demo exams', () => {
  it.each(['year-9-mathematics', 'year-10-science'])(
    '%s: a topic exam of every question type with worked solutions, a lesson question set and a reflective set',
    async (slug) => {
      const o = await courseExams(slug);
      const seeded = o.withQuestions.filter((e) => e.questions.length > 0);
      // Every stored question parses (courseExams parses them), and the totals are those of the questions.
      for (const { exam, questions } of seeded) {
        expect(exam.questionCount, exam.title).toBe(questions.length);
        expect(Number(exam.marksTotal), exam.title).toBe(questions.reduce((sum, q) => sum + q.marks, 0));
        expect(
          questions.every((q) => q.prompt !== '' && q.worked_solution !== ''),
          exam.title,
        ).toBe(true);
      }

      // The answer key of each objective question is marked right (so the key and the worked solution agree).
      for (const q of seeded.flatMap((e) => e.questions)) {
        const answer = keyAnswer(q);
        if (answer) expect(markObjective(q, answer), q.prompt).toEqual({ status: 'correct', marks_awarded: q.marks });
      }

      const topicExams = seeded.filter(({ exam }) => exam.kind === 'exam');
      expect(topicExams).toHaveLength(1);
      const { exam, questions } = topicExams[0]!;
      expect(exam.isPublished && exam.isSubmittable).toBe(true);
      expect(new Set(questions.map((q) => q.type))).toEqual(new Set(questionTypes));
      const choices = questions.filter((q) => q.type === 'multiple_choice');
      expect(new Set(choices.map((q) => q.multiple))).toEqual(new Set([false, true]));
      const numeric = questions.find((q) => q.type === 'numeric')!;
      expect(numeric.unit).toBeTruthy();
      expect(numeric.tolerance).toBeGreaterThan(0);
      // An activity question points at an activity of the same course.
      const activityIds = questions.flatMap((q) => (q.type === 'activity' ? [q.activity_id] : []));
      const courseActivities = await ctx.db.select().from(activities).where(eq(activities.courseId, o.course.id));
      expect(activityIds.every((id) => courseActivities.some((a) => a.id === id))).toBe(true);
      // Sections hold the questions, in order.
      const examSectionRows = await ctx.db.select().from(examSections).where(eq(examSections.examId, exam.id));
      expect(examSectionRows.length).toBeGreaterThanOrEqual(2);

      const questionSetIds = new Set(o.lessons.map((l) => l.questionSetId));
      const lessonSets = seeded.filter((e) => questionSetIds.has(e.exam.id));
      expect(lessonSets.some((e) => e.exam.kind === 'question_set' && e.questions.length >= 3)).toBe(true);

      const reflective = seeded.filter((e) => e.exam.kind === 'reflective_question_set');
      expect(reflective).toHaveLength(1);
      // Reflective prompts carry no answer key: the student answers each with a confidence and what to revisit.
      expect(reflective[0]!.questions.every((q) => q.type === 'extended_response')).toBe(true);
      expect(reflective[0]!.exam.isPublished && reflective[0]!.exam.isSubmittable).toBe(true);
    },
  );

  it('gives the maths lesson question set 3–5 questions and one exam a time limit', async () => {
    const o = await courseExams('year-9-mathematics');
    const lesson = o.lessons.find((l) => l.title === 'Equivalent fractions')!;
    const set = o.withQuestions.find((e) => e.exam.id === lesson.questionSetId)!;
    expect(set.questions.length).toBeGreaterThanOrEqual(3);
    expect(set.questions.length).toBeLessThanOrEqual(5);
    const test = o.exams.find((e) => e.title === 'Fractions and decimals topic test')!;
    expect(test.timeLimitMinutes).toBe(30);
    const maths = o.withQuestions.find((e) => e.exam.id === test.id)!;
    const expression = maths.questions.find((q) => q.type === 'maths_expression')!;
    expect(expression.accepted_answers).toContain('2x+6');
  });

  it('lets the demo student start the maths exam in 9MAT1 and read its questions without answers', async () => {
    const [ava] = await ctx.db.select().from(users).where(eq(users.email, 'student@banksia.test'));
    const [maths] = await ctx.db.select().from(schoolClasses).where(eq(schoolClasses.title, '9MAT1'));
    const [exam] = await ctx.db.select().from(exams).where(eq(exams.title, 'Fractions and decimals topic test'));
    const student = await ctx.client(ava!.id);

    const read = await student.get(`/api/v1/exams/${exam!.id}/`);
    expect(read.statusCode).toBe(200);
    const body = read.json<{
      time_limit_minutes: number | null;
      question_count: number;
      sections: { questions: Record<string, unknown>[] }[];
    }>();
    expect(body.time_limit_minutes).toBe(30);
    const questions = body.sections.flatMap((s) => s.questions);
    expect(questions).toHaveLength(body.question_count);
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(questionTypes));
    const secret = ['solution', 'worked_solution', 'correct_option_ids', 'accepted_answers', 'answer', 'tolerance'];
    for (const q of questions) {
      expect(q.solution ?? null).toBeNull();
      for (const key of secret.slice(1)) expect(q, key).not.toHaveProperty(key);
    }

    const started = await student.post(`/api/v1/classes/${maths!.id}/exams/${exam!.id}/start/`);
    expect(started.statusCode).toBe(201);
  });
});

describe('the demo class activity', () => {
  it('gives 9MAT1 a term of activity to show in grids and insights, leaving the journeys’ exams unsat', async () => {
    const [maths] = await ctx.db.select().from(schoolClasses).where(eq(schoolClasses.title, '9MAT1'));
    const count = async (query: string) => Number(((await ctx.db.execute(query)).rows[0] as { n: string | number }).n);
    expect(await count(`select count(*) as n from chunk_visits where class_id = ${maths!.id}`)).toBeGreaterThan(100);
    expect(await count(`select count(distinct rating) as n from lesson_self_ratings`)).toBeGreaterThanOrEqual(3);
    expect(await count(`select count(*) as n from lesson_notes`)).toBeGreaterThan(5);
    const sat = `select count(*) as n from exam_sittings s join exams e on e.id = s.exam_id
      where s.class_id = ${maths!.id} and s.status = 'submitted' and e.title = 'Fractions and decimals topic test'`;
    expect(await count(sat)).toBeGreaterThan(5);
    // Marks vary: some answers right, some wrong, some waiting for the teacher.
    expect(
      await count(`select count(distinct mark_status) as n from exam_answers where mark_status is not null`),
    ).toBeGreaterThanOrEqual(4);
    const journeys = `${sat} and s.profile_id in (select p.id from profiles p join users u on u.id = p.user_id
      where u.email in ('student@banksia.test', 'charlotte.wilson@students.banksia.test', 'leo.clarke@students.banksia.test'))`;
    expect(await count(journeys)).toBe(0);
    expect(await count(`select count(*) as n from tasks where class_id = ${maths!.id}`)).toBe(1);
  });
});
