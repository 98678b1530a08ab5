import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, retryAfterSeconds } from './login-throttle';

const now = new Date('2026-03-02T09:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('retryAfterSeconds', () => {
  it('uses the spec numbers: 10 failures in 15 minutes', () => {
    expect(LOGIN_MAX_FAILURES).toBe(10);
    expect(LOGIN_WINDOW_MS).toBe(15 * 60 * 1000);
  });

  it.each([
    ['no failures', [{ n: 0, oldest: null }], 0],
    ['9 failures', [{ n: 9, oldest: ago(60_000) }], 0],
    ['10 failures, oldest a minute ago', [{ n: 10, oldest: ago(60_000) }], 14 * 60],
    ['10 failures, oldest 14:59 ago', [{ n: 10, oldest: ago(LOGIN_WINDOW_MS - 1000) }], 1],
    ['10 failures, oldest exactly 15 minutes ago', [{ n: 10, oldest: ago(LOGIN_WINDOW_MS) }], 0],
    [
      'the longer of account and IP waits',
      [
        { n: 10, oldest: ago(600_000) },
        { n: 12, oldest: ago(60_000) },
      ],
      14 * 60,
    ],
    [
      'an IP block alone',
      [
        { n: 3, oldest: ago(1000) },
        { n: 10, oldest: ago(300_000) },
      ],
      10 * 60,
    ],
  ])('%s → %i s', (_case, counts, expected) => {
    expect(retryAfterSeconds(now, counts)).toBe(expected);
  });
});
