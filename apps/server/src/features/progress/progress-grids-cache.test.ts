import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCourse, createLesson } from '../../../test/factories';
import * as repo from './progress-grids.repository';
import { ctx, gridClass, getGrid, texts } from './progress-grids.test-helpers';

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
