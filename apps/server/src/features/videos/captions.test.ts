import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captionTracks, chunks } from '../../db/schema/index';
import { createLesson } from '../../../test/factories';
import { parseCaptions } from './caption-format';
import {
  ctx,
  staff,
  reviewer,
  studentClient,
  classId,
  courseId,
  webm,
  upload,
  storedFile,
} from './videos.test-helpers';

describe('caption files', () => {
  it('reads WebVTT and SRT, and names the line of each problem', () => {
    const good = parseCaptions('1\n00:00:01,000 --> 00:00:02,500\nHello\n', 'srt');
    expect(good).toMatchObject({ ok: true, value: { cues: [{ start: 1, end: 2.5, text: 'Hello' }] } });
    const badVtt = parseCaptions(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:03.00 --> 00:00:04.000\nTwo\n',
      'vtt',
    );
    expect(badVtt).toEqual({
      ok: false,
      problems: [{ line: 6, message: 'Milliseconds must be given in three digits.' }],
    });
    const badSrt = parseCaptions(
      '1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:03,000 -> 00:00:04,000\nTwo\n',
      'srt',
    );
    expect(badSrt.ok).toBe(false);
    expect(!badSrt.ok && badSrt.problems[0]!.line).toBe(6);
    expect(parseCaptions('Hello', 'vtt')).toMatchObject({ ok: false, problems: [{ line: 1 }] });
    expect(parseCaptions('WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nBackwards\n', 'vtt')).toMatchObject({
      ok: false,
      problems: [{ line: 3, message: 'End timestamp is not greater than start timestamp.' }],
    });
  });
});

describe('caption review', () => {
  const VTT = 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHalves and quarters\n';

  async function captionedLesson() {
    const video = await upload(webm(2000), { title: 'Captioned' });
    const lesson = await createLesson(ctx.db, { id: courseId }, { title: 'Captioned lesson', chunks: 1 });
    await ctx.db.update(chunks).set({ videoId: video.id }).where(eq(chunks.id, lesson.chunks[0]!.id));
    return { video, lesson };
  }

  async function studentCaptions(lessonId: number) {
    const res = await studentClient.get(`/api/v1/classes/${classId}/assemblage/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { lessons: Record<string, { chunks: { video: { captions: { url: string }[] } }[] }> };
    return body.lessons[lessonId]!.chunks[0]!.video.captions;
  }

  it('refuses an upload with problems, listing each with its line', async () => {
    const { video } = await captionedLesson();
    const res = await staff.put(`/api/v1/admin/videos/${video.id}/captions/`, {
      format: 'vtt',
      text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:03.00 --> 00:00:04.000\nTwo\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.text).toEqual(['Line 6: Milliseconds must be given in three digits.']);
    expect(await ctx.db.select().from(captionTracks).where(eq(captionTracks.videoId, video.id))).toEqual([]);
  });

  it('serves students only approved captions; the author cannot approve their own', async () => {
    const { video, lesson } = await captionedLesson();
    const saved = await staff.put(`/api/v1/admin/videos/${video.id}/captions/`, { format: 'vtt', text: VTT });
    expect(saved.statusCode, saved.body).toBe(200);
    let track = (saved.json() as { track: { id: number; version: number; status: string } }).track;
    expect(track).toMatchObject({ status: 'draft', cue_count: 1, has_published: false });
    expect(await studentCaptions(lesson.lesson.id)).toEqual([]);

    track = (await staff.post(`/api/v1/admin/caption-tracks/${track.id}/submit/`, { version: track.version })).json()
      .track;
    expect(track.status).toBe('in_review');
    expect(await studentCaptions(lesson.lesson.id)).toEqual([]);
    const vtt = await reviewer.get(`/api/v1/admin/caption-tracks/${track.id}/vtt/`);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.body).toContain('Halves and quarters');
    const review = (await reviewer.get(`/api/v1/admin/caption-review/${courseId}/`)).json() as {
      items: { track: { id: number } }[];
    };
    expect(review.items.map((i) => i.track.id)).toEqual([track.id]);

    const self = await staff.post(`/api/v1/admin/caption-tracks/${track.id}/review/`, {
      decision: 'approve',
      version: track.version,
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toBe('You wrote these captions: someone else must approve them.');

    const sentBack = await reviewer.post(`/api/v1/admin/caption-tracks/${track.id}/review/`, {
      decision: 'send_back',
      version: track.version,
      comment: 'Spell out "quarters" consistently.',
    });
    expect(sentBack.json().track).toMatchObject({ status: 'changes_requested', review_comment: expect.any(String) });
    track = sentBack.json().track;
    track = (await staff.post(`/api/v1/admin/caption-tracks/${track.id}/submit/`, { version: track.version })).json()
      .track;

    const approved = await reviewer.post(`/api/v1/admin/caption-tracks/${track.id}/review/`, {
      decision: 'approve',
      version: track.version,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().track).toMatchObject({ status: 'approved', has_published: true });
    const served = await studentCaptions(lesson.lesson.id);
    expect(served).toHaveLength(1);
    expect(readFileSync(storedFile(served[0]!.url), 'utf8')).toContain('Halves and quarters');

    // A new draft does not take the approved copy away from students until it is approved in turn.
    const edited = await staff.put(`/api/v1/admin/videos/${video.id}/captions/`, {
      format: 'srt',
      text: '1\n00:00:00,500 --> 00:00:02,000\nHalves and quarters (edited)\n',
      version: approved.json().track.version,
    });
    expect(edited.json().track).toMatchObject({ status: 'draft' });
    expect((await studentCaptions(lesson.lesson.id))[0]!.url).toBe(served[0]!.url);
    // A stale edit is a conflict.
    const stale = await staff.put(`/api/v1/admin/videos/${video.id}/captions/`, {
      format: 'vtt',
      text: VTT,
      version: approved.json().track.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('counts courses by caption state and tracks caption orders', async () => {
    const { video } = await captionedLesson();
    const ordered = await staff.post(`/api/v1/admin/captions/${courseId}/orders/`, { video_ids: [video.id] });
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect(ordered.json()).toEqual({ created: 1 });
    let page = (await staff.get(`/api/v1/admin/captions/${courseId}/`)).json() as {
      videos: { video: { id: number; caption_state: string }; order: { status: string } | null }[];
    };
    let row = page.videos.find((v) => v.video.id === video.id)!;
    expect(row.video.caption_state).toBe('requested');
    expect(row.order?.status).toBe('requested');
    await staff.put(`/api/v1/admin/videos/${video.id}/captions/`, { format: 'vtt', text: VTT });
    page = (await staff.get(`/api/v1/admin/captions/${courseId}/`)).json();
    row = page.videos.find((v) => v.video.id === video.id)!;
    expect(row.order?.status).toBe('drafted');
    const courses = (await staff.get('/api/v1/admin/captions/')).json() as {
      courses: { course_id: number; video_count: number; counts: Record<string, number> }[];
    };
    const mine = courses.courses.find((c) => c.course_id === courseId)!;
    expect(mine.counts.draft).toBeGreaterThanOrEqual(1);
    expect(Object.values(mine.counts).reduce((a, b) => a + b, 0)).toBe(mine.video_count);
  });
});
