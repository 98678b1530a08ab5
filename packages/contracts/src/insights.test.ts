import { describe, expect, it } from 'vitest';
import { scoreBandIndex } from './insights';

describe('scoreBandIndex', () => {
  it.each([
    [0, 0],
    [9.99, 0],
    [10, 1],
    [49.9, 4],
    [50, 5],
    [89.99, 8],
    [90, 9],
    [100, 9],
    [-5, 0],
    [Number.NaN, 0],
    [130, 9],
  ])('puts %s%% in band %s', (percent, band) => {
    expect(scoreBandIndex(percent)).toBe(band);
  });
});
