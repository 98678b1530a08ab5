import { describe, expect, it } from 'vitest';
import { createStudent } from '../../../test/factories';
import type { Executor } from '../../platform/db';
import * as repo from './progress-grids.repository';
import { ctx, gridClass, getGrid } from './progress-grids.test-helpers';

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
