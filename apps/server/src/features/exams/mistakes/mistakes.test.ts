import { describe, expect, it } from 'vitest';
import { mistakesSchema } from '@banksia/contracts/exam-api';
import { useTestApp } from '../../../../test/harness';
import { put, reviewTestSetup } from '../exam-test-setup';

// A student's review of their submitted sitting: mistakes, grok and notes.

const ctx = useTestApp();
const { setup, sit } = reviewTestSetup(ctx);

describe('mistakes, grok and notes', () => {
  it('lists what lost marks, remembers what the student now understands, and keeps notes with versions', async () => {
    const s = await setup();
    expect((await s.amy.get(`${s.base}/mistakes/`)).statusCode).toBe(404);
    await sit(s, s.amy, { 0: { text: 'respiration' }, 2: { html: '<p>Essay</p>' } });
    const url = `${s.base}/mistakes/`;
    const first = mistakesSchema.parse((await s.amy.get(url)).json());
    // The essay waits for a teacher, so it is no mistake (yet).
    expect(first.mistakes).toEqual([
      expect.objectContaining({
        question_id: s.q[0],
        mark_status: 'incorrect',
        marks_awarded: 0,
        marks: 2,
        grokked_at: null,
      }),
      expect.objectContaining({ question_id: s.q[1], mark_status: 'unanswered', grokked_at: null }),
    ]);

    const grok = await put(s.amy, `${s.base}/questions/${s.q[0]}/grok/`, { grokked: true });
    expect(grok.statusCode, grok.body).toBe(200);
    expect(grok.json().grokked_at).toBe(ctx.clock.now().toISOString());
    const note = `${s.base}/questions/${s.q[0]}/note/`;
    const saved = await put(s.amy, note, { body: '<p>Plants <img src=x onerror=alert(1)>make food</p>', version: 0 });
    expect(saved.json()).toMatchObject({ version: 1, body: expect.not.stringContaining('onerror') });
    expect((await put(s.amy, note, { body: '<p>Other tab</p>', version: 0 })).statusCode).toBe(409);
    expect((await put(s.amy, note, { body: '<p>Light to sugar</p>', version: 1 })).json().version).toBe(2);

    const after = mistakesSchema.parse((await s.amy.get(url)).json());
    expect(after.mistakes[0]!.grokked_at).not.toBeNull();
    expect(after.notes).toEqual([expect.objectContaining({ question_id: s.q[0], body: '<p>Light to sugar</p>' })]);
    expect((await put(s.amy, `${s.base}/questions/${s.q[0]}/grok/`, { grokked: false })).json().grokked_at).toBeNull();
    // Nobody else reads or writes them.
    expect((await s.bob.get(url)).statusCode).toBe(404);
    expect((await s.teacher.get(url)).statusCode).toBe(403);
    expect((await put(s.bob, note, { body: 'x', version: 0 })).statusCode).toBe(409);
  });
});
