import { describe, expect, it } from 'vitest';
import { isExamListed, isLessonNavigable, isListed } from './listing';

describe('isListed', () => {
  it.each([
    [true, undefined, true],
    [false, undefined, false],
    [true, false, true],
    [false, false, false],
    [true, true, true],
    [false, true, true],
  ])('published %s, includeUnpublished %s → %s', (is_published, includeUnpublished, expected) => {
    const options = includeUnpublished === undefined ? undefined : { includeUnpublished };
    expect(isListed({ is_published }, options)).toBe(expected);
  });

  it('defaults to published-only when no options are passed', () => {
    expect(isListed({ is_published: false })).toBe(false);
  });
});

describe('isExamListed', () => {
  it.each([
    [true, true, false, true],
    [true, false, false, false],
    [false, true, false, false],
    [false, false, false, false],
    [false, true, true, true],
    [false, false, true, false],
    [true, false, true, false],
  ])(
    'published %s, submittable %s, includeUnpublished %s → %s',
    (is_published, is_submittable, includeUnpublished, expected) => {
      expect(isExamListed({ is_published, is_submittable }, { includeUnpublished })).toBe(expected);
    },
  );

  it('defaults to published-only when no options are passed', () => {
    expect(isExamListed({ is_published: false, is_submittable: true })).toBe(false);
  });
});

describe('isLessonNavigable', () => {
  it.each([
    ['published, chunks, available', true, 3, false, true],
    ['published, exactly one chunk', true, 1, false, true],
    ['unpublished', false, 3, false, false],
    ['no chunks', true, 0, false, false],
    ['coming soon', true, 3, true, false],
    ['coming soon without chunks', true, 0, true, false],
    ['unpublished and coming soon', false, 2, true, false],
    ['nothing going for it', false, 0, true, false],
  ])('%s → %s', (_case, is_published, chunk_count, is_coming_soon, expected) => {
    expect(isLessonNavigable({ is_published, chunk_count, is_coming_soon })).toBe(expected);
  });
});
