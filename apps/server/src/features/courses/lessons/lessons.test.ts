import { demoLessonResponse } from '@banksia/contracts/courses';
import { describe, expect, it } from 'vitest';
import { chunkVisits, chunkWatches } from '../../../db/schema/index';
import { countRows } from '../../../../test/count-rows';
import { createAttachment, createCourse, createLesson, createSection } from '../../../../test/factories';
import { useTestApp } from '../../../../test/harness';

const ctx = useTestApp();

describe('GET /api/v1/demo/lessons/{lessonId}/', () => {
  it('opens a demo lesson to anyone, with its non-premium attachments, and records nothing', async () => {
    const course = await createCourse(ctx.db, { title: 'Demo course' });
    const topic = await createSection(ctx.db, course);
    const demo = await createLesson(ctx.db, course, { parent: topic, isDemo: true, isPremium: true, chunks: 2 });
    const { lesson } = demo;
    const { attachment: sheet } = await createAttachment(ctx.db, course, { parent: demo });
    await createAttachment(ctx.db, course, { parent: demo, isPremium: true });
    await createAttachment(ctx.db, course, { parent: topic }); // not under the lesson

    const before = { visits: await countRows(ctx.db, chunkVisits), watches: await countRows(ctx.db, chunkWatches) };
    const response = await (await ctx.client()).get(`/api/v1/demo/lessons/${lesson.id}/`);
    expect(response.statusCode).toBe(200);
    const body = demoLessonResponse.parse(response.json());
    expect(body.course).toMatchObject({ id: course.id, title: 'Demo course' });
    expect(body.lesson).toMatchObject({ id: lesson.id, is_demo: true, chunk_count: 2 });
    expect(body.lesson.chunks[0]!.video.hosted_id).toBeTruthy();
    expect(body.attachments.map((a) => a.id)).toEqual([sheet.id]);
    expect({ visits: await countRows(ctx.db, chunkVisits), watches: await countRows(ctx.db, chunkWatches) }).toEqual(
      before,
    );
  });

  it('answers 404 unless the lesson is an open demo', async () => {
    const course = await createCourse(ctx.db);
    const draftCourse = await createCourse(ctx.db, { isPublished: false });
    const cases = [
      await createLesson(ctx.db, course), // not a demo
      await createLesson(ctx.db, course, { isDemo: true, isPublished: false }),
      await createLesson(ctx.db, course, { isDemo: true, isComingSoon: true }),
      await createLesson(ctx.db, course, { isDemo: true, chunks: 0 }),
      await createLesson(ctx.db, draftCourse, { isDemo: true }),
    ];
    const anonymous = await ctx.client();
    for (const { lesson } of cases) {
      expect((await anonymous.get(`/api/v1/demo/lessons/${lesson.id}/`)).statusCode, lesson.title).toBe(404);
    }
    expect((await anonymous.get('/api/v1/demo/lessons/987654/')).statusCode).toBe(404);
  });
});
