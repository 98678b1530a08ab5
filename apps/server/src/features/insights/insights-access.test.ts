import { describe, expect, it } from 'vitest';
import { createClass, createSchool, createTeacher } from '../../../test/factories';
import { ctx, setup } from './insights.test-helpers';

describe('who may see insights', () => {
  it('refuses students and teachers of another school, and answers school admins', async () => {
    const s = await setup();
    const urls = [
      `${s.base}/lessons/${s.lesson.lesson.id}/`,
      `${s.base}/exams/${s.exam.exam.id}/`,
      `${s.base}/exams/${s.exam.exam.id}/questions/${s.exam.q[0]}/`,
    ];
    const otherSchool = await createSchool(ctx.db);
    const stranger = await createTeacher(ctx.db, otherSchool, [await createClass(ctx.db, otherSchool)]);
    const strangerClient = await ctx.client(stranger.user.id);
    const admin = await createTeacher(ctx.db, s.school, [], { roles: ['teacher', 'school_admin'] });
    const adminClient = await ctx.client(admin.user.id);
    const anonymous = await ctx.client();
    for (const url of urls) {
      expect((await s.amy.get(url)).statusCode, url).toBe(403);
      expect((await strangerClient.get(url)).statusCode, url).toBe(403);
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
      expect((await adminClient.get(url)).statusCode, url).toBe(200);
    }
  });

  it('answers 404 for a lesson, exam or question not in the topic, or a topic not in the course', async () => {
    const s = await setup();
    const other = `/api/v1/classes/${s.klass.id}/insights/topics/${s.otherTopic.section.id}`;
    const cases = [
      `${s.base}/lessons/${s.otherLesson.lesson.id}/`,
      `${other}/lessons/${s.lesson.lesson.id}/`,
      `${s.base}/exams/${s.otherExam.exam.id}/`,
      `${other}/exams/${s.exam.exam.id}/`,
      `${other}/exams/${s.questionSet.exam.id}/`,
      `${s.base}/exams/${s.exam.exam.id}/questions/${s.otherExam.q[0]}/`,
      `${other}/exams/${s.exam.exam.id}/questions/${s.exam.q[0]}/`,
      `/api/v1/classes/${s.klass.id}/insights/topics/999999/exams/${s.exam.exam.id}/`,
      `/api/v1/classes/999999/insights/topics/${s.topic.section.id}/exams/${s.exam.exam.id}/`,
    ];
    for (const url of cases) expect((await s.teacher.get(url)).statusCode, url).toBe(404);
    const notInTopic = await s.teacher.get(`${s.base}/exams/${s.otherExam.exam.id}/`);
    expect(notInTopic.json()).toMatchObject({ detail: 'This exam is not in that topic.' });
  });

  it('names the field of a malformed id in a 400', async () => {
    const s = await setup();
    const response = await s.teacher.get(`${s.base}/lessons/abc/`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors as object)).toEqual(['lessonId']);
  });
});
