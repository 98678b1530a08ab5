import { progressGridSchema } from '@banksia/contracts/progress-grids';
import { progressBand } from '@banksia/contracts/rules/progress';
import { describe, expect, it } from 'vitest';
import { createExamWithQuestions } from '../../../test/factories';
import {
  createClass,
  createCourse,
  createLesson,
  createSchool,
  createSection,
  createTeacher,
} from '../../../test/factories';
import { ctx, gridClass, getGrid, texts } from './progress-grids.test-helpers';

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
