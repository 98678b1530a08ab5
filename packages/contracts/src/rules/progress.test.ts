import { describe, expect, it } from 'vitest';
import { progressBand, progressLabel, progressPercent, triStateSegments } from './progress';

describe('progressBand', () => {
  it.each([
    [0, 'zero'],
    [0.1, 'very-low'],
    [1, 'very-low'],
    [20, 'very-low'],
    [20.1, 'low'],
    [40, 'low'],
    [40.5, 'medium'],
    [60, 'medium'],
    [61, 'high'],
    [80, 'high'],
    [80.5, 'very-high'],
    [99.9, 'very-high'],
    [100, 'complete'],
  ])('%d → %s', (percent, expected) => {
    expect(progressBand(percent)).toBe(expected);
  });

  it.each([
    ['negative', -1],
    ['tiny negative', -0.001],
    ['over 100', 100.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['null', null],
    ['undefined', undefined],
    ['numeric string', '50'],
    ['boolean', true],
  ])('%s → na', (_case, percent) => {
    expect(progressBand(percent)).toBe('na');
  });
});

describe('progressPercent', () => {
  it.each([
    [0, 10, 0],
    [1, 4, 25],
    [3, 4, 75],
    [10, 10, 100],
    [1, 3, 100 / 3],
    [0.5, 2, 25],
    // Clamped: more than the total still reads as done.
    [12, 10, 100],
  ])('%d of %d → %d', (value, total, expected) => {
    expect(progressPercent(value, total)).toBeCloseTo(expected, 10);
  });

  it.each([
    ['total is 0', 0, 0],
    ['value on a zero total', 5, 0],
    ['negative value', -1, 10],
    ['negative total', 1, -10],
    ['NaN value', Number.NaN, 10],
    ['NaN total', 1, Number.NaN],
    ['infinite value', Number.POSITIVE_INFINITY, 10],
    ['infinite total', 1, Number.POSITIVE_INFINITY],
    ['string value', '1', 10],
    ['string total', 1, '10'],
    ['null value', null, 10],
    ['undefined total', 1, undefined],
    ['object value', { value: 1 }, 10],
  ])('%s → null', (_case, value, total) => {
    expect(progressPercent(value, total)).toBeNull();
  });
});

describe('progressLabel', () => {
  it.each([
    [42, 100, '42%'],
    [0, 7, '0%'],
    [7, 7, '100%'],
    [1, 3, '33%'],
    [2, 3, '67%'],
    [1, 8, '13%'],
    // Never 0% for some progress, never 100% for unfinished work.
    [1, 1000, '1%'],
    [999, 1000, '99%'],
    [11, 10, '100%'],
    [0, 0, 'N/A'],
    [-1, 10, 'N/A'],
    [1, -10, 'N/A'],
    [Number.NaN, 10, 'N/A'],
    ['5', 10, 'N/A'],
    [null, null, 'N/A'],
  ])('%j of %j → %s', (value, total, expected) => {
    expect(progressLabel(value, total)).toBe(expected);
  });
});

describe('triStateSegments', () => {
  it.each([
    [{ complete: 2, partial: 1, none: 1 }, 4, { complete: 50, partial: 25, none: 25 }],
    [{ complete: 0, partial: 0, none: 5 }, 5, { complete: 0, partial: 0, none: 100 }],
    [{ complete: 3, partial: 0, none: 0 }, 3, { complete: 100, partial: 0, none: 0 }],
    [{ complete: 1, partial: 1, none: 2 }, 4, { complete: 25, partial: 25, none: 50 }],
    // An empty class is valid: nothing to draw, but nothing wrong either.
    [{ complete: 0, partial: 0, none: 0 }, 0, { complete: 0, partial: 0, none: 0 }],
  ])('%j → total %d, %j', (counts, total, percents) => {
    expect(triStateSegments(counts)).toEqual({ valid: true, total, ...counts, percents });
  });

  it.each([
    ['negative complete', { complete: -1, partial: 1, none: 1 }],
    ['negative partial', { complete: 1, partial: -2, none: 1 }],
    ['negative none', { complete: 1, partial: 1, none: -0.5 }],
    ['NaN', { complete: Number.NaN, partial: 1, none: 1 }],
    ['Infinity', { complete: 1, partial: Number.POSITIVE_INFINITY, none: 1 }],
    ['string', { complete: '1', partial: 1, none: 1 }],
    ['null', { complete: 1, partial: null, none: 1 }],
    ['undefined', { complete: 1, partial: 1, none: undefined }],
  ])('%s → invalid', (_case, counts) => {
    expect(triStateSegments(counts)).toEqual({ valid: false });
  });

  it('gives percents that add up to 100 for a non-empty bar', () => {
    const bar = triStateSegments({ complete: 1, partial: 1, none: 1 });
    if (!bar.valid) throw new Error('expected a valid bar');
    expect(bar.percents.complete + bar.percents.partial + bar.percents.none).toBeCloseTo(100);
  });
});
