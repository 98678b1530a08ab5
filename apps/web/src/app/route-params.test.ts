import { describe, expect, it } from 'vitest';
import { idParam, yearParam } from './route-params';

describe('route params', () => {
  it.each([
    ['7', 7],
    ['007', 7],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['', null],
    [undefined, null],
    ['99999999999999999999', null],
  ])('idParam(%j) is %j', (value, expected) => {
    expect(idParam(value)).toBe(expected);
  });

  it('reads years, NaN for anything else, null when absent', () => {
    expect(yearParam('2026')).toBe(2026);
    expect(yearParam(undefined)).toBeNull();
    expect(yearParam('26')).toBeNaN();
    expect(yearParam('notayear')).toBeNaN();
  });
});
