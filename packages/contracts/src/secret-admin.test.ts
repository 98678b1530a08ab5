import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { htmlForm, secretClassForm, secretExamForm, secretLessonForm } from './secret-admin';

describe('htmlForm', () => {
  const schema = htmlForm(
    z.object({
      flag: z.boolean(),
      n: z.number().int(),
      limit: z.number().int().nullable(),
      day: z.iso.date().nullable(),
      text: z.string(),
    }),
    { flag: 'checkbox', n: 'integer', limit: 'optional-integer', day: 'optional-date', text: 'text' },
  );

  it.each([
    [
      'a ticked box, numbers, a date',
      { flag: 'on', n: '3', limit: '45', day: '2026-03-02', text: 'hi' },
      { flag: true, n: 3, limit: 45, day: '2026-03-02', text: 'hi' },
    ],
    [
      'an unticked box (absent) and empty optional fields',
      { n: ' 7 ', limit: '', day: ' ', text: '' },
      { flag: false, n: 7, limit: null, day: null, text: '' },
    ],
    ['other fields (the CSRF token) dropped', { _csrf: 't', n: '1', text: 'x' }, { flag: false, n: 1, text: 'x' }],
  ])('reads %s', (_case, form, expected) => {
    expect(schema.parse(form)).toEqual({ limit: null, day: null, ...expected });
  });

  it.each([
    ['a number that is not one', { n: 'ten', text: '' }, 'n'],
    ['a missing required number', { text: '' }, 'n'],
    ['a date in another format', { n: '1', day: '02/03/2026', text: '' }, 'day'],
    ['a fraction', { n: '1.5', text: '' }, 'n'],
  ])('names the field for %s', (_case, form, field) => {
    const result = schema.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0])).toEqual([field]);
  });
});

describe('the sections’ forms take the owning features’ rules', () => {
  it('a lesson title may not be blank and the flags are booleans', () => {
    expect(secretLessonForm.safeParse({ version: '2', title: '  ' }).error?.issues[0]?.path).toEqual(['title']);
    expect(secretLessonForm.parse({ version: '2', title: 'A', is_premium: 'on' })).toEqual({
      version: 2,
      title: 'A',
      is_published: false,
      is_coming_soon: false,
      is_premium: true,
      has_success_measure: false,
    });
  });

  it('an exam time limit is a positive whole number of at most a day, or empty', () => {
    const base = { revision: 'r', title: 'T', additional_materials: '' };
    expect(secretExamForm.parse({ ...base, time_limit_minutes: '' }).time_limit_minutes).toBeNull();
    for (const bad of ['0', '-5', '1441', 'soon']) {
      expect(secretExamForm.safeParse({ ...base, time_limit_minutes: bad }).error?.issues[0]?.path).toEqual([
        'time_limit_minutes',
      ]);
    }
  });

  it('a class expiry date is an ISO date or none', () => {
    expect(secretClassForm.parse({ title: '9A', expiration_date: '' })).toEqual({ title: '9A', expiration_date: null });
    expect(secretClassForm.safeParse({ title: '9A', expiration_date: '2026-02-30' }).success).toBe(false);
  });
});
