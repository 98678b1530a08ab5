import { describe, expect, it } from 'vitest';
import {
  MAX_SELF_RATING,
  MIN_SELF_RATING,
  currentRating,
  isValidRating,
  selfRatingReducer,
  type SelfRatingEvent,
  type SelfRatingState,
} from './self-rating';

describe('isValidRating', () => {
  it.each([
    [1, true],
    [2, true],
    [3, true],
    [4, true],
    [5, true],
    [0, false],
    [6, false],
    [-1, false],
    [2.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['3', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(isValidRating(value)).toBe(expected);
  });

  it('spans 1 to 5', () => {
    expect([MIN_SELF_RATING, MAX_SELF_RATING]).toEqual([1, 5]);
  });
});

describe('currentRating', () => {
  const state: SelfRatingState = { ratings: { 10: 4, 11: null } };
  it.each([
    [10, 4],
    [11, null],
    [12, null],
  ])('lesson %i → %j', (lessonId, expected) => {
    expect(currentRating(state, lessonId)).toBe(expected);
  });
});

describe('selfRatingReducer', () => {
  const before: SelfRatingState = { ratings: { 10: 2, 11: null } };

  it.each<[string, SelfRatingEvent, SelfRatingState['ratings']]>([
    ['signal changes nothing', { type: 'signal', lessonId: 10 }, { 10: 2, 11: null }],
    // Optimistic: the new rating shows before the server answers.
    ['request replaces a rating', { type: 'request', lessonId: 10, rating: 5, currentRating: 2 }, { 10: 5, 11: null }],
    [
      'request rates an unrated lesson',
      { type: 'request', lessonId: 11, rating: 1, currentRating: null },
      { 10: 2, 11: 1 },
    ],
    [
      'request rates an unseen lesson',
      { type: 'request', lessonId: 12, rating: 3, currentRating: null },
      { 10: 2, 11: null, 12: 3 },
    ],
    [
      'request with rating 0 is ignored',
      { type: 'request', lessonId: 10, rating: 0, currentRating: 2 },
      { 10: 2, 11: null },
    ],
    [
      'request with rating 6 is ignored',
      { type: 'request', lessonId: 10, rating: 6, currentRating: 2 },
      { 10: 2, 11: null },
    ],
    [
      'request with rating 3.5 is ignored',
      { type: 'request', lessonId: 10, rating: 3.5, currentRating: 2 },
      { 10: 2, 11: null },
    ],
    ['success records the rating', { type: 'success', lessonId: 10, rating: 5 }, { 10: 5, 11: null }],
    ['success with an invalid rating is ignored', { type: 'success', lessonId: 10, rating: 9 }, { 10: 2, 11: null }],
    // Failure restores the previous rating it carries.
    ['failure restores a rating', { type: 'failure', lessonId: 10, currentRating: 4 }, { 10: 4, 11: null }],
    ['failure restores "not rated"', { type: 'failure', lessonId: 10, currentRating: null }, { 10: null, 11: null }],
  ])('%s', (_case, event, expected) => {
    expect(selfRatingReducer(before, event).ratings).toEqual(expected);
  });

  it('rolls an optimistic rating back on failure', () => {
    const previous = currentRating(before, 10);
    const optimistic = selfRatingReducer(before, { type: 'request', lessonId: 10, rating: 5, currentRating: previous });
    expect(currentRating(optimistic, 10)).toBe(5);
    const rolledBack = selfRatingReducer(optimistic, { type: 'failure', lessonId: 10, currentRating: previous });
    expect(rolledBack).toEqual(before);
  });

  it('keeps an optimistic rating on success', () => {
    const optimistic = selfRatingReducer(before, { type: 'request', lessonId: 11, rating: 3, currentRating: null });
    const saved = selfRatingReducer(optimistic, { type: 'success', lessonId: 11, rating: 3 });
    expect(saved.ratings).toEqual({ 10: 2, 11: 3 });
  });

  it('does not mutate the previous state', () => {
    const copy = { ratings: { ...before.ratings } };
    selfRatingReducer(before, { type: 'request', lessonId: 10, rating: 5, currentRating: 2 });
    selfRatingReducer(before, { type: 'failure', lessonId: 11, currentRating: 1 });
    expect(before).toEqual(copy);
  });

  it('returns the same state for a signal', () => {
    expect(selfRatingReducer(before, { type: 'signal', lessonId: 10 })).toBe(before);
  });
});
